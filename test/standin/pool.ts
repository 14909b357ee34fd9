// One call that serves a benchmark's pool of real works from the stand-in's DBLP, Crossref and
// arXiv, each in its own form (see dblp.ts, crossrefPool.ts and arxivPool.ts). The caller reads the pool (e.g.
// HALLMARK's pool_dev.jsonl, one PoolRecord per line) from the path it was given.
import { registerArxivRecords } from './arxivPool';
import { registerCrossrefWorks } from './crossrefPool';
import { registerDblpRecords, type PoolRecord } from './dblp';
import type { StandIn } from './server';

export type { PoolRecord } from './dblp';

/** Every record goes to DBLP; those with a DOI to Crossref, those with an arXiv id to arXiv. Returns the counts. */
export function registerPoolRecords(standIn: StandIn, records: readonly PoolRecord[]): { dblp: number; crossref: number; arxiv: number } {
  registerDblpRecords(standIn, records);
  return { dblp: records.length, crossref: registerCrossrefWorks(standIn, records), arxiv: registerArxivRecords(standIn, records) };
}

/** The records of a JSON-lines pool (blank lines skipped). */
export function parsePoolLines(text: string): PoolRecord[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as PoolRecord);
}
