// Everything the extension needs only once the user does something: the pipeline, the HTTP
// and LLM clients, the GROBID probe, the LaTeX/BibTeX parsers behind "Insert citation".
// Built as its own bundle (dist/heavy.js) and loaded on first use, so activation only pays
// for the small shell in dist/extension.js.
export { createPipeline } from '../core/pipeline';
export { createHttpClient } from '../core/net/http';
export { createLlmClient, probeLlm } from '../core/llm/openai';
export { grobidEnabled, isGrobidAlive, resetGrobidState } from '../core/fulltext/grobid';
export { insertCitation } from './insertCitation';

/** The loader: one place, so the build can keep this module out of the activation bundle. */
export type Heavy = typeof import('./heavy');
