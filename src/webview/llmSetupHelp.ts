// What the chat page shows when no LLM is configured: shared by the extension host and the page.
/** Shown in the chat when no LLM is configured. It never offers a cloud default. */
export const LLM_SETUP_HELP = [
  'No LLM is configured, so the chat is off. citefinder only talks to a model you choose; it never falls back to a cloud model.',
  'To set one up, run a local OpenAI-compatible server and point the settings at it:',
  '• Ollama: `ollama pull llama3.1:8b`, then set citefinder.llm.baseUrl to http://localhost:11434/v1 and citefinder.llm.model to llama3.1:8b.',
  '• LM Studio: start its local server, then set citefinder.llm.baseUrl to http://localhost:1234/v1 and citefinder.llm.model to the loaded model.',
  '• Any OpenAI-compatible URL (vLLM, llama.cpp server, a hosted endpoint you trust): set citefinder.llm.baseUrl and citefinder.llm.model, and store its key with "Citefinder: Set LLM API Key".',
  'Without an LLM these commands still answer from real records: /published N (a published version of [N]), /author N [topic] (the first author\'s other works), /newest, /retracted.',
];
