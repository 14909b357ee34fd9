// What the reference-list benchmarks share: HALLMARK's entries checked from their .bib fields
// (the engine) or from reference items (src/core/references), against the stand-in serving
// pool_dev.jsonl's real works, each path with a cache of its own; verdicts as HALLMARK's labels.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn } from '../../test/standin';
import { registerPoolRecords, type PoolRecord } from '../../test/standin/pool';
import { DEFAULT_SETTINGS, type Settings } from '../../src/core/settings';
import { createHttpClient } from '../../src/core/net/http';
import { networkAuthorities } from '../../src/core/bibcheck/authorities';
import { VerdictEngine } from '../../src/core/bibcheck/engine';
import { isFlagged, type Verdict } from '../../src/core/bibcheck/verdict';
import { checkReferences, type ReferenceItem } from '../../src/core/references';
import { metricsOf, type Labelled } from './hallmarkMetrics';
import { readJsonl, type DevEntry } from './hallmarkData';

/** A verdict, or no verdict because the reference's title could not be read. */
export type PathVerdict = Verdict | 'unreadable';

const CONCURRENT = 8;

/** Settings for one path: the stand-in's addresses, no pacing, a fresh cache (so no path finds another's answers waiting). */
export type SettingsMaker = () => Settings;

/** Runs `body` with the stand-in serving the pool of DATA_DIR; the caches it made are removed after. */
export async function withPool<T>(data: string, body: (settingsOf: SettingsMaker) => Promise<T>): Promise<T> {
  const standIn = await startStandIn();
  registerPoolRecords(standIn, readJsonl<PoolRecord>(data, 'pool_dev.jsonl'));
  const cacheDirs: string[] = [];
  const settingsOf = (): Settings => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'references-bench-'));
    cacheDirs.push(cacheDir);
    return { ...DEFAULT_SETTINGS, ...(standIn.settings as Partial<Settings>), 'cache.dir': cacheDir, 'sources.arxiv.intervalMs': 0, 'sources.dblp.intervalMs': 0, 'sources.semanticscholar.intervalMs': 0 };
  };
  try {
    return await body(settingsOf);
  } finally {
    await standIn.close();
    for (const dir of cacheDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** The .bib path: each entry's own fields through the verdict engine. */
export async function bibPath(entries: DevEntry[], settings: Settings): Promise<Verdict[]> {
  const engine = new VerdictEngine(networkAuthorities({ http: createHttpClient(settings, { sweepAfterMs: false }), settings }));
  const verdicts: Verdict[] = new Array(entries.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      while (next < entries.length) {
        const i = next++;
        verdicts[i] = (await engine.verdict(entries[i]!.fields)).verdict;
      }
    }),
  );
  return verdicts;
}

/** The reference-list path: items read from a .bbl or a PDF, checked as `citefinder refs check` checks them. */
export async function itemsPath(items: ReferenceItem[], settings: Settings): Promise<PathVerdict[]> {
  const check = await checkReferences(items, { http: createHttpClient(settings, { sweepAfterMs: false }), settings });
  return check.references.map((r) => r.result?.verdict.verdict ?? 'unreadable');
}

/** HALLMARK's prediction: unavailable is UNCERTAIN (counted VALID), an unreadable reference VALID. */
const predicted = (v: PathVerdict | undefined) => (v === 'unavailable' ? 'UNCERTAIN' : v && v !== 'unreadable' && isFlagged(v) ? 'HALLUCINATED' : 'VALID');

export function labelled(entries: DevEntry[], verdicts: (PathVerdict | undefined)[]): Labelled[] {
  return entries.map((e, i) => ({ key: e.bibtex_key, label: e.label, type: e.hallucination_type ?? 'valid', tier: e.difficulty_tier ?? 1, predicted: predicted(verdicts[i]) }));
}

/** One line of DR, FPR and F1 for a path's verdicts (in the entries' order); returns its F1. */
export function reportPath(name: string, entries: DevEntry[], verdicts: (PathVerdict | undefined)[], ms: number): number {
  const o = metricsOf(labelled(entries, verdicts)).overall;
  const counts = `tp ${o.tp} fp ${o.fp} tn ${o.tn} fn ${o.fn}, uncertain ${o.uncertain}`;
  console.log(`  ${name.padEnd(5)} DR ${o.dr.toFixed(3)}  FPR ${o.fpr.toFixed(3)}  F1 ${o.f1.toFixed(3)}  (${counts})  ${(ms / 1000).toFixed(1)} s`);
  return o.f1;
}

/** Runs a path and returns its result with the time it took. */
export async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}
