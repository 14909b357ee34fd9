// The reading side of the kept result (resultCache.ts keeps it): the key of a claim's result, the
// alias by which the run's raw input finds it, and a kept result told again. Light on purpose: a
// CLI process answers a repeated `find` from here (src/cli/kept.ts) without loading the pipeline,
// nor even the LaTeX reader (the alias is keyed by the selection and document as given).
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import type { Claim, FindResult } from '../types';
import type { Settings } from '../settings/index';
import type { Run } from './run';
import { readStoredJson, readStoredText } from '../net/readings';
import { version } from '../../../package.json';

/** Bump whenever the pipeline's code changes what it returns for the same answers. */
export const RESULT_VERSION = 'r2';
export const RESULT_KEY_PREFIX = 'citefinder:find-result:';
export const INPUT_KEY_PREFIX = 'citefinder:find-input:';
export const NO_LLM_WARNING = 'No LLM configured (llm.model is empty): routing and queries use the built-in heuristics.';

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

const identities = new Map<string, string>();

/**
 * The build: the package version and the bundle's size and time. The models (router, query
 * writer, scorer) are inside the bundle, so a rebuilt extension or CLI, whatever changed in it,
 * is another build. `bundle` is the file that runs the pipeline: this module's own by default;
 * the CLI's light entry names the CLI's pipeline bundle, so both compute one key.
 */
export function buildIdentity(bundle = __filename): string {
  let identity = identities.get(bundle);
  if (identity === undefined) {
    identity = createHash('sha256').update(JSON.stringify([RESULT_VERSION, version, bundleStamp(bundle)])).digest('hex');
    identities.set(bundle, identity);
  }
  return identity;
}

function bundleStamp(file: string): string {
  try {
    const stat = statSync(file);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return '';
  }
}

/** The key of a claim's result: every input the pipeline reads, and the build that reads them. */
export function resultKey({ claim, queries, settings }: ResultKeyInput, build = buildIdentity()): string {
  return keyOf(RESULT_KEY_PREFIX, build, [claim, queries ?? null, settings]);
}

/** `prefix` and the digest of the build and the parts, settings as resolved (another order of keys only misses). */
function keyOf(prefix: string, build: string, parts: unknown[]): string {
  return prefix + createHash('sha256').update(build).update(JSON.stringify(parts, withoutSecrets)).digest('hex');
}

/** An API key counts by whether it is set (it opens lanes), never by its value: no key reaches the cache, even hashed. */
function withoutSecrets(name: string, value: unknown): unknown {
  return /apiKey$/i.test(name) ? Boolean(value) : value;
}

/** A run's input as given: the selection and its document before they are read as a claim. */
export interface RunInput {
  selection: string;
  document?: string;
  selectionOffset?: number;
  /** The project's root file, when `document` is another file of it (a chapter). */
  root?: string;
  /** User-edited queries, when given. */
  queries?: string[];
}

/**
 * The key of a run's raw input, under which a kept result's key is stored beside it: the claim is
 * read from exactly these (deterministically, by this build), so the same input finds the same
 * result without the LaTeX reader.
 */
export function inputKey(input: RunInput, settings: Settings, build = buildIdentity()): string {
  const { selection, document, selectionOffset, root, queries } = input;
  // The root only when given: the CLI's light entry, which never gives one, keeps its keys.
  const parts = [selection, document ?? null, selectionOffset ?? null, queries ?? null, settings, ...(root === undefined ? [] : [root])];
  return keyOf(INPUT_KEY_PREFIX, build, parts);
}

/** The result kept for this raw input (through its alias), or undefined as readResult says. */
export async function readResultByInput(
  dir: string,
  input: RunInput,
  settings: Settings,
  now: number,
  build = buildIdentity(),
): Promise<FindResult | undefined> {
  const key = await readStoredText(dir, inputKey(input, settings, build));
  return key?.startsWith(RESULT_KEY_PREFIX) ? readResult(dir, key, now) : undefined;
}

/** The kept result, or undefined on a miss, another shape, or once the first answer under it has expired. */
export async function readResult(dir: string, key: string, now: number): Promise<FindResult | undefined> {
  const stored = await readStoredJson(dir, key, isStoredResult);
  return stored && now <= stored.expiresAt ? stored.result : undefined;
}

function isStoredResult(value: unknown): value is StoredResult {
  const stored = value as StoredResult | null;
  return typeof stored?.expiresAt === 'number' && Array.isArray(stored.result?.candidates) && typeof stored.result.claim === 'string';
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
