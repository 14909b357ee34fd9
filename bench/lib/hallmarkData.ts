// HALLMARK's files as the benchmarks read them: JSON lines of labelled entries (dev_public.jsonl)
// and of the pool's real works (pool_dev.jsonl), from the data folder given on the command line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DevEntry {
  bibtex_key: string;
  bibtex_type: string;
  fields: Record<string, string>;
  label: 'VALID' | 'HALLUCINATED';
  hallucination_type?: string | null;
  difficulty_tier?: number | null;
  explanation?: string;
}

/** The records of one JSON-lines file of the data folder (blank lines skipped). */
export function readJsonl<T>(data: string, file: string): T[] {
  return readFileSync(join(data, file), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as T);
}
