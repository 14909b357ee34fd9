// Queries without an LLM: per sentence, the noun phrases and distinctive words that best
// identify its topic, weighted by inverse document frequency over ~4,000 real preprint abstracts
// (src/core/models/abstractDf.json, written by models/train-router.ts). Phrases stay phrases only when
// they are real collocations; otherwise their words stand alone, so a search does not demand an
// accidental word sequence.
import { ABSTRACT_DF as DF, isCollocation, ROUTER_MODEL } from '../models';
import { isStopword } from '../text/stopwords';
import { withoutNumberedReferences } from '../text/internalReferences';
import { stripCitations } from '../fulltext/lineText';
import type { Query } from '../types';
import { chunkSentence, isEmptyModifier, type Chunk, type TaggedWord } from './chunks';

/** Splits a sentence into tagged tokens and noun-phrase chunks: the tagger's (chunks.ts) or none (quickChunks.ts). */
export type Chunker = (sentence: string) => { tokens: TaggedWord[]; chunks: Chunk[] };

export const MAX_KEYWORDS = 6;
const MIN_KEYWORDS = 3;
const MAX_PHRASE_WORDS = 3;
/** Sentences beyond this share the combined query only (arXiv allows one request per 3 s). */
export const MAX_SENTENCE_QUERIES = 4;
/** A word this common (in over ~5% of abstracts) only joins a query when nothing better is left. */
const MIN_DISTINCTIVE_IDF = Math.log(20);

/** Words that say how science is done, not what it is about. */
const GENERIC = new Set(
  ('study studies result results effect effects evidence analysis analyses data method methods approach approaches ' +
    'role use uses case cases finding findings observation observations type types number numbers amount way ways ' +
    'paper papers work works model models level levels increase increases decrease decreases association associations ' +
    'show shows shown indicate indicates suggest suggests propose proposed report reports reported present presents ' +
    'demonstrate demonstrates demonstrated find found observed associated related based using used compared factor factors ' +
    'impact impacts outcome outcomes performance process processes system systems problem problems property properties ' +
    'value values rate rates change changes time times group groups part parts set sets form forms order terms term ' +
    'high low large small increased decreased reduced improved lead leads led cause causes caused due ability fact')
    .split(' '),
);

interface Keyphrase {
  keyword: string;
  stems: string[];
  score: number;
  position: number;
}

export function idf(stemmed: string): number {
  return Math.log((DF.docs + 1) / ((DF.df[stemmed] ?? 0) + 1));
}

/** Heuristic queries: one per sentence (up to MAX_SENTENCE_QUERIES) and a combined one. */
export function heuristicQueries(sentences: string[], chunker: Chunker = chunkSentence): Query[] {
  const perSentence = sentences.map((sentence) => candidatesOf(sentence, chunker));
  const queries: Query[] = [];
  perSentence.slice(0, MAX_SENTENCE_QUERIES).forEach((candidates, sentence) => {
    const keywords = select(candidates, MAX_KEYWORDS);
    if (keywords.length > 0) queries.push({ keywords, sentence });
  });
  if (sentences.length > 1) {
    const best = perSentence.flatMap((candidates) => [...candidates].sort(byScore).slice(0, 3));
    const combined = select(best, MAX_KEYWORDS - 1);
    if (combined.length >= 2 && !queries.some((q) => sameKeywords(q.keywords, combined))) queries.push({ keywords: combined });
  }
  return queries;
}

/** Keywords of one sentence, best first then back in sentence order. */
export function keyphrases(sentence: string, max = MAX_KEYWORDS, chunker: Chunker = chunkSentence): string[] {
  return select(candidatesOf(sentence, chunker), max);
}

function candidatesOf(sentence: string, chunker: Chunker): Keyphrase[] {
  // A list of works cited in the text ("(Bai 1995; Zhang et al. 1994; …)") names works, not the topic.
  const { tokens, chunks } = chunker(stripCitations(withoutNumberedReferences(sentence)));
  const candidates: Keyphrase[] = [];
  const inPhrase = new Set<number>();
  for (const chunk of chunks) {
    for (const phrase of phrasesOf(chunk)) {
      if (phrase.length > 1) phrase.forEach((t) => inPhrase.add(t.position));
      const candidate = candidateOf(phrase);
      if (candidate) candidates.push(candidate);
    }
  }
  for (const token of tokens) {
    if (inPhrase.has(token.position) || candidates.some((c) => c.position === token.position)) continue;
    const candidate = candidateOf([token]);
    if (candidate) candidates.push(candidate);
  }
  return candidates;
}

/** Splits a chunk into phrases of real collocations, at most MAX_PHRASE_WORDS long. */
function phrasesOf(chunk: Chunk): TaggedWord[][] {
  const runs: TaggedWord[][] = [];
  let current: TaggedWord[] = [];
  for (const token of chunk.tokens) {
    const previous = current.at(-1);
    if (previous && !collocated(previous, token)) {
      runs.push(current);
      current = [];
    }
    current.push(token);
  }
  if (current.length) runs.push(current);
  return runs.flatMap(headFirst);
}

/**
 * An English noun phrase ends in its head, so a run too long for one phrase keeps its last
 * words together: "transferred UCB T cells" → "transferred" + "UCB T cells", not "… T" + "cells".
 */
function headFirst(run: TaggedWord[]): TaggedWord[][] {
  const phrases: TaggedWord[][] = [];
  for (let end = run.length; end > 0; end -= MAX_PHRASE_WORDS) phrases.unshift(run.slice(Math.max(0, end - MAX_PHRASE_WORDS), end));
  return phrases;
}

/**
 * Two adjacent words form a phrase when a corpus knows the pair (the router's abstracts, or open
 * text at large: "folic acid", "bariatric surgery"), or when the first is an
 * entity-like word (acronym, gene or compound name) qualifying a noun: "ALDH1 expression", "Type Ia".
 */
function collocated(first: TaggedWord, second: TaggedWord): boolean {
  const pair = `${first.stem} ${second.stem}`;
  if (isCollocation(pair) || ROUTER_MODEL.terms.has(pair)) return true;
  if (/^\p{Lu}[\p{L}\d]{0,2}$/u.test(second.text) && !isStopword(second.text)) return true; // "Type Ia", "vitamin D"
  // A lone capital names a kind too: "T cells", "X chromosome", "G protein".
  const entityLike = /\d|^\p{Lu}$|^\p{Lu}{2,}|^\p{Lu}\p{Ll}*\p{Lu}/u.test(first.text);
  return entityLike && !isGeneric(first) && !second.adjective;
}

function candidateOf(tokens: TaggedWord[]): Keyphrase | undefined {
  const content = tokens.filter((t) => !isGeneric(t));
  if (content.length === 0) return undefined;
  if (tokens.length === 1 && (isEmptyModifier(tokens[0]!.text) || tokens[0]!.text.length < 2)) return undefined;
  const idfs = tokens.map((t) => (isGeneric(t) ? 0 : idf(t.stem))).sort((a, b) => b - a);
  const phraseBonus = tokens.length > 1 ? 0.5 : 0;
  // Verbs and adverbs ("receiving", "easily") rarely name a topic: they only fill a short query.
  const partOfSpeech = tokens.length === 1 && !tokens[0]!.nounish ? 0.6 : 1;
  const score = (idfs[0]! + 0.5 * idfs.slice(1).reduce((a, b) => a + b, 0) + phraseBonus) * partOfSpeech;
  return { keyword: tokens.map((t) => t.text).join(' '), stems: tokens.map((t) => t.stem), score, position: tokens[0]!.position };
}

/** True for words that say how science is done rather than what it is about. */
export function isGenericWord(word: string): boolean {
  return GENERIC.has(word.toLowerCase());
}

function isGeneric(token: TaggedWord): boolean {
  const word = token.text.toLowerCase();
  return GENERIC.has(word) || isStopword(word) || /^[\d.,/%–-]+$/.test(word);
}

const byScore = (a: Keyphrase, b: Keyphrase) => b.score - a.score || a.position - b.position;

/**
 * Best candidates, each adding a stem not chosen yet ("energy density" after "Dark energy"); weak
 * single words only to reach MIN_KEYWORDS.
 */
function select(candidates: Keyphrase[], max: number): string[] {
  const chosen: Keyphrase[] = [];
  const covered = new Set<string>();
  for (const candidate of [...candidates].sort(byScore)) {
    if (chosen.length >= max) break;
    if (candidate.stems.every((s) => covered.has(s))) continue;
    if (chosen.length >= MIN_KEYWORDS && candidate.score < MIN_DISTINCTIVE_IDF) break;
    chosen.push(candidate);
    candidate.stems.forEach((s) => covered.add(s));
  }
  return chosen.sort((a, b) => a.position - b.position).map((c) => c.keyword);
}

function sameKeywords(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((k) => b.includes(k));
}
