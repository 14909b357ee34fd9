// A whole result kept for an unchanged claim. A repeat of the same claim (same text and context,
// same edited queries, same settings, same build and models) with no LLM would redo the whole
// pipeline on cached answers only to arrive where the run before it did; in a new process that
// costs 100–200 ms of cold code. The result is served instead, but never staler than the answers
// under it: it expires with the first of them (each answer's time in the cache's index plus its
// kind's TTL), and a run that met a failure a repeat might not meet (a timeout, a crashed
// reader, a second source too slow), or its deadline, keeps nothing.
import cacache from 'cacache';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import type { Candidate, Claim, FindResult, PaperRecord } from '../types';
import type { Settings } from '../settings/index';
import type { AnswerLedger } from '../net/answerLedger';
import type { Run } from './run';
import { isStoredMetadata, kindOf, ttlForKind } from '../net/cache';
import { readStoredJson, storeText, trackWrite } from '../net/readings';
import { scorerIdentity } from '../scoring/shortlistCache';
import { ABSTRACT_DF, ROUTER_MODEL } from '../models/index';
import { version } from '../../../package.json';

/** Bump whenever the pipeline's code changes what it returns for the same answers. */
export const RESULT_VERSION = 'r1';
export const RESULT_KEY_PREFIX = 'citefinder:find-result:';

export interface ResultKeyInput {
  claim: Claim;
  /** User-edited queries, when given. */
  queries?: string[];
  settings: Settings;
}

interface StoredResult {
  /** The last moment every answer under it is still served (ResponseCache serves until storedAt + TTL). */
  expiresAt: number;
  result: FindResult;
}

let modelsDigest: string | undefined;

/**
 * The build and its models: the package version, the router's and the query writer's tables (by
 * what training wrote of them, not their 1.3 MB of terms: walking those costs a cold run's first
 * request ~10 ms), the scorer's, and the running bundle's size and time (a rebuilt extension or CLI
 * is another build, whatever its version says).
 */
export function buildIdentity(): string {
  const { version: routerVersion, bias, scale, temperature, contextWeights, meta } = ROUTER_MODEL;
  modelsDigest ??= createHash('sha256')
    .update(JSON.stringify([RESULT_VERSION, version, routerVersion, bias, scale, temperature, contextWeights, meta,
      ABSTRACT_DF.docs, scorerIdentity(), bundleStamp()]))
    .digest('hex');
  return modelsDigest;
}

function bundleStamp(): string {
  try {
    const stat = statSync(__filename);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return '';
  }
}

/** The key of a claim's result: every input the pipeline reads, and the build that reads them. */
export function resultKey({ claim, queries, settings }: ResultKeyInput, build = buildIdentity()): string {
  const digest = createHash('sha256')
    .update(build)
    // Settings as resolved (one order of keys): another order only misses, it never matches wrongly.
    .update(JSON.stringify([claim, queries ?? null, settings], withoutSecrets))
    .digest('hex');
  return `${RESULT_KEY_PREFIX}${digest}`;
}

/** An API key counts by whether it is set (it opens lanes), never by its value: no key reaches the cache, even hashed. */
function withoutSecrets(name: string, value: unknown): unknown {
  return /apiKey$/i.test(name) ? Boolean(value) : value;
}

/** The kept result, or undefined on a miss, another shape, or once the first answer under it has expired. */
export async function readResult(dir: string, key: string, now: number): Promise<FindResult | undefined> {
  const stored = await readStoredJson(dir, key, isStoredResult);
  return stored && now <= stored.expiresAt ? stored.result : undefined;
}

/**
 * Keeps `result` behind the run once its answers are on disk (`answersStored`), until the first of
 * them expires; keeps nothing when the ledger is spoiled or an answer is not in the cache (an
 * answer that was not kept is asked again by a repeat, which may hear something else).
 */
export function keepResult(kept: KeptResult, ledger: AnswerLedger, answersStored: () => Promise<void>): void {
  if (ledger.spoiled) return;
  const { dir, key, result, ttlMs, now } = kept;
  void trackWrite((async () => {
    await answersStored();
    const expiresAt = await earliestExpiry(dir, [...ledger.keys], ttlMs);
    if (expiresAt !== undefined && expiresAt >= now()) await storeText(dir, key, JSON.stringify({ expiresAt, result }));
  })());
}

export interface KeptResult {
  dir: string;
  key: string;
  result: FindResult;
  /** TTL of real answers (`cache.ttlHours`); other kinds have their own. */
  ttlMs: number;
  /** The clock the cache's `storedAt` was written with. */
  now: () => number;
}

/** When the first of these answers leaves the cache; undefined when one is not there. */
async function earliestExpiry(dir: string, keys: string[], ttlMs: number): Promise<number | undefined> {
  // The index alone (no body is read): one small file per key, read side by side.
  const ends = await Promise.all(keys.map(async (key) => {
    const meta: unknown = (await cacache.get.info(dir, key).catch(() => null))?.metadata;
    return isStoredMetadata(meta) ? meta.storedAt + ttlForKind(kindOf(meta), ttlMs) : NaN;
  }));
  const earliest = Math.min(...ends);
  return Number.isFinite(earliest) ? earliest : undefined;
}

function isStoredResult(value: unknown): value is StoredResult {
  const stored = value as StoredResult | null;
  return typeof stored?.expiresAt === 'number' && Array.isArray(stored.result?.candidates) && typeof stored.result.claim === 'string';
}

/**
 * What the support stage took from the store: the cards as they stood after the search, and the
 * record each full text was read for. A second source's answer that changed them afterwards (a
 * JATS named, two cards merged, an abstract brought) makes a repeat, which has that answer before
 * it starts, choose or read otherwise: such a run keeps no result.
 */
export class SupportChoice {
  private readonly readFor = new Map<string, PaperRecord>();

  constructor(
    private readonly chosen: Candidate[],
    private readonly settings: Settings,
  ) {}

  readonly reading = (id: string, record: PaperRecord): void => void this.readFor.set(id, record);

  /** True when, with every answer in, the same papers are read from the same records and scored on the same fields. */
  held(store: { list(): Candidate[]; record(id: string): PaperRecord | undefined }): boolean {
    const now = store.list();
    const topK = this.settings['fulltext.enabled'] ? this.settings['fulltext.topK'] : 0;
    const read = (list: Candidate[]) => list.slice(0, topK).map((c) => c.id).sort().join(' ');
    if (read(this.chosen) !== read(now)) return false;
    if ([...this.readFor].some(([id, record]) => store.record(id) !== record)) return false;
    const byId = new Map(now.map((c) => [c.id, c]));
    return this.chosen.every((c) => {
      const later = byId.get(c.id);
      return later?.title === c.title && later.abstract === c.abstract && later.retrievalScore === c.retrievalScore;
    });
  }
}

/** A kept result told as a run tells it: routing, lanes, queries, the cards, then `done`. */
export function replayResult(kept: FindResult, run: Run): FindResult {
  run.emit({ type: 'routing', routing: kept.routing });
  if (kept.lanes) run.emit({ type: 'lanes', lanes: kept.lanes });
  run.emit({ type: 'queries', queries: kept.queries });
  run.emit({ type: 'candidates', candidates: kept.candidates });
  run.markFirstCandidates();
  for (const warning of kept.warnings) run.warn(warning);
  const { warnings: _warnings, timings: _timings, ...result } = kept;
  return run.finish(result);
}
