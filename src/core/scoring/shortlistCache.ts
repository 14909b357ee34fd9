// A paper's lexical shortlist for a claim, kept in the cache beside its reading. A warm repeat in
// a new process would otherwise score every cached reading again on cold code (58–100 ms of a
// 110–150 ms repeat); the shortlist comes back from one small entry instead.
//
// The key is a digest of everything the shortlist depends on: the scorer (SCORER_VERSION, the
// lexical parameters, the support model and the term table), the claim's text and sentences, the
// queries, the paper's title and abstract, the number of paragraphs kept, and the reading itself.
// A changed scorer, model or reading, or another claim, is another key: nothing stale is reused.
import { createHash } from 'node:crypto';
import modelJson from './supportModel.json';
import statsJson from './termStats.json';
import type { Query } from '../types';
import type { FulltextDocument } from '../fulltext/model';
import { DEFAULT_LEXICAL_PARAMS } from './lexicalModel';
import type { LexicalClaim, PaperContext, RankedParagraph } from './lexical';
import { SUPPORT_KEY_PREFIX } from '../net/cacheSweep';
import { readStoredJson, storeText } from '../net/readings';

/** Bump whenever the lexical scorer's code changes what it ranks or scores (the models are in the key by content). */
export const SCORER_VERSION = 's3';

/** The best paragraphs, best first, and whether the paper was known by its title alone. */
export interface Shortlist {
  ranked: RankedParagraph[];
  titleOnly: boolean;
}

export interface ShortlistInput {
  claim: LexicalClaim;
  queries: Query[];
  document: FulltextDocument;
  paper: PaperContext;
  /** Paragraphs kept. */
  count: number;
}

let scorerDigest: string | undefined;

/** The scorer's identity: its version, parameters and models, hashed once per process. */
export function scorerIdentity(): string {
  scorerDigest ??= createHash('sha256')
    .update(JSON.stringify([SCORER_VERSION, DEFAULT_LEXICAL_PARAMS, modelJson]))
    .update(JSON.stringify([statsJson.docs, statsJson.minDf, statsJson.field.steps, statsJson.field.zero]))
    .update(statsJson.stems).update(statsJson.df).update(statsJson.field.lean)
    .digest('hex');
  return scorerDigest;
}

/** The cache key of this claim's shortlist of this reading, by this scorer. */
export function shortlistKey({ claim, queries, document, paper, count }: ShortlistInput, scorer = scorerIdentity()): string {
  const digest = createHash('sha256')
    .update(scorer)
    .update(JSON.stringify([claim.text, claim.sentences, queries, paper.title ?? null, paper.abstract ?? null, count]))
    .update(JSON.stringify(document))
    .digest('hex');
  return `${SUPPORT_KEY_PREFIX}${digest}`;
}

/** The stored shortlist, or undefined on a miss or an entry of another shape. */
export function readShortlist(dir: string, key: string): Promise<Shortlist | undefined> {
  return readStoredJson(dir, key, isShortlist);
}

/** Stores a shortlist behind the run (readingWritesSettled waits for it); never fails. */
export function storeShortlist(dir: string, key: string, shortlist: Shortlist): Promise<void> {
  return storeText(dir, key, JSON.stringify(shortlist));
}

function isShortlist(value: unknown): value is Shortlist {
  const shortlist = value as Shortlist | null;
  return typeof shortlist?.titleOnly === 'boolean' && Array.isArray(shortlist.ranked) && shortlist.ranked.every(isRanked);
}

function isRanked(value: unknown): value is RankedParagraph {
  const p = value as RankedParagraph | null;
  return typeof p?.text === 'string' && typeof p.section === 'string' && typeof p.score === 'number' &&
    typeof p.reason === 'string' && typeof p.index === 'number' && typeof p.strength === 'number';
}
