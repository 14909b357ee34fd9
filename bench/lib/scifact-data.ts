// Reads SciFact (claims_<split>.jsonl + corpus.jsonl, official layout) for the support benchmarks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type SciFactSplit = 'train' | 'dev' | 'test';

export interface SciFactClaim {
  id: number;
  claim: string;
  evidence: Record<string, { sentences: number[]; label: string }[]>;
  cited_doc_ids: number[];
}

export interface SciFactDoc {
  doc_id: number;
  title: string;
  abstract: string[];
  structured: boolean;
}

function readJsonl<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

export function loadClaims(dir: string, split: SciFactSplit): SciFactClaim[] {
  return readJsonl<SciFactClaim>(join(dir, `claims_${split}.jsonl`));
}

export function loadCorpus(dir: string): Map<number, SciFactDoc> {
  return new Map(readJsonl<SciFactDoc>(join(dir, 'corpus.jsonl')).map((d) => [d.doc_id, d]));
}

/** Reads `--name value` from argv. */
export function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
