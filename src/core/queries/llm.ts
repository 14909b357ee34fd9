// Queries written by the configured LLM: ONE call for all sentences, with the manuscript context
// (title, abstract, section) so the model knows what the claim is about. Only the keywords it
// returns ever reach a search host, and they are checked to be keywords, not prose.
import type { ChatMessage, LlmClient } from '../llm/types';
import type { Claim, Query } from '../types';
import { parseQuery } from './text';

export const MAX_LLM_KEYWORDS = 6;
/** A keyword longer than this is a sentence, not a keyword. */
const MAX_KEYWORD_WORDS = 4;
const MAX_KEYWORD_CHARS = 60;

export class QueryAnswerError extends Error {
  override name = 'QueryAnswerError';
}

const SYSTEM_PROMPT = `You write literature-search queries for a researcher who needs citations for a claim in their manuscript.
For each numbered claim sentence, give 3 to 6 search keywords: technical terms and short noun phrases (at most 4 words each) that a paper supporting the sentence would use in its title or abstract. Prefer specific entities, methods and phenomena; use the manuscript context only to disambiguate. No full sentences, no boolean operators, no field prefixes.
Also give one "combined" query covering the whole claim.
Answer with one JSON object and nothing else:
{"queries": [{"sentence": 1, "keywords": ["...", "..."]}, ...], "combined": ["...", "..."]}`;

export function queryMessages(claim: Claim, sentences: string[]): ChatMessage[] {
  const { title, abstract, sectionTitle, sectionText } = claim.context;
  const context = [
    title ? `Manuscript title: ${title}` : '',
    abstract ? `Manuscript abstract: ${abstract}` : '',
    sectionTitle ? `Section: ${sectionTitle}` : '',
    sectionText ? `Section text around the claim: ${sectionText}` : '',
  ].filter(Boolean);
  const numbered = sentences.map((s, i) => `${i + 1}. ${s}`).join('\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: [...context, `Claim sentences:\n${numbered}`].join('\n\n') },
  ];
}

export async function queriesWithLlm(claim: Claim, sentences: string[], llm: LlmClient, signal?: AbortSignal): Promise<Query[]> {
  const answer = await llm.completeJson(queryMessages(claim, sentences), { signal, temperature: 0, maxTokens: 800 });
  return readQueries(answer, sentences.length);
}

/**
 * Reads `{queries: [{sentence, keywords}], combined}` and the shapes models drift into: a bare
 * array of entries, `keywords` as one string, entries as plain keyword arrays in sentence order.
 * Throws QueryAnswerError when no usable query is left.
 */
export function readQueries(answer: unknown, sentenceCount: number): Query[] {
  const fields = answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {};
  const entries = Array.isArray(answer) ? answer : Array.isArray(fields.queries) ? fields.queries : undefined;
  if (!entries) throw new QueryAnswerError('the answer has no "queries" list');
  const queries: Query[] = [];
  entries.forEach((entry, order) => {
    const query = readEntry(entry, order, sentenceCount);
    if (query && !queries.some((q) => q.sentence === query.sentence && query.sentence !== undefined)) queries.push(query);
  });
  const combined = cleanKeywords(fields.combined);
  if (combined.length > 0) queries.push({ keywords: combined });
  if (queries.length === 0) throw new QueryAnswerError('no usable keywords in the answer');
  return queries;
}

function readEntry(entry: unknown, order: number, sentenceCount: number): Query | undefined {
  if (Array.isArray(entry) || typeof entry === 'string') {
    const keywords = cleanKeywords(entry);
    return keywords.length && order < sentenceCount ? { keywords, sentence: order } : undefined;
  }
  if (!entry || typeof entry !== 'object') return undefined;
  const fields = entry as Record<string, unknown>;
  const keywords = cleanKeywords(fields.keywords ?? fields.query ?? fields.terms);
  if (keywords.length === 0) return undefined;
  const number = typeof fields.sentence === 'string' ? Number(fields.sentence) : fields.sentence;
  if (typeof number !== 'number' || !Number.isInteger(number)) return { keywords };
  // The prompt numbers sentences from 1; an index outside the claim is a hallucination.
  return number >= 1 && number <= sentenceCount ? { keywords, sentence: number - 1 } : undefined;
}

/** Keywords only: strings, trimmed of quotes and operators, short, deduplicated, at most six. */
export function cleanKeywords(value: unknown): string[] {
  const raw: unknown[] = typeof value === 'string' ? parseQuery(value).keywords : Array.isArray(value) ? value : [];
  const keywords: string[] = [];
  for (const item of raw) {
    if (typeof item !== 'string') continue;
    const keyword = item
      .replace(/\b(?:ti|abs|all|au|cat|TITLE|ABSTRACT):/g, ' ')
      .replace(/\b(?:AND|OR|NOT|ANDNOT)\b/g, ' ')
      .replace(/[^\p{L}\p{N}\s'’.+\-/]/gu, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.'’\-/]+|[\s.'’\-/]+$/g, '');
    if (!keyword || keyword.length > MAX_KEYWORD_CHARS || keyword.split(' ').length > MAX_KEYWORD_WORDS) continue;
    if (keywords.some((k) => k.toLowerCase() === keyword.toLowerCase())) continue;
    keywords.push(keyword);
    if (keywords.length === MAX_LLM_KEYWORDS) break;
  }
  return keywords;
}
