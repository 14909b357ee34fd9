// The scripted model the pipeline suites talk to: it answers each of the pipeline's prompts
// (routing, query writing, paragraph judging) in the shape the product expects, the queries
// wrapped in a Markdown fence as real models often do.
import type { ChatRequestBody } from '../standin/openai';

export function modelReply(body: ChatRequestBody): string {
  const system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
  if (system.includes('You route a scientific claim')) {
    return JSON.stringify({ discipline: 'physics', primary: 'arxiv', secondary: 'biorxiv', reason: 'Cosmology: supernova distances.', confidence: 0.9 });
  }
  if (system.includes('literature-search queries')) {
    return '```json\n' + JSON.stringify({ queries: [{ sentence: 1, keywords: ['Type Ia supernovae', 'cosmological constant', 'universe'] }] }) + '\n```';
  }
  return JSON.stringify({ paragraphs: [{ index: 1, score: '8/10', label: 'supports', reason: 'Reports supernova evidence for a positive cosmological constant.' }] });
}
