// The reference-list path on HALLMARK (dev_public only): the labelled .bib entries typeset into
// a .bbl in plainnat's form (lib/bblStyle.ts), read back as reference strings
// (src/core/references: \bibitem items, \newblock blocks, fields never guessed) and checked,
// beside the same entries checked from their .bib fields, both against the stand-in serving
// pool_dev.jsonl's real works (as bench/hallmark.ts). Reports DR, FPR and F1 of both paths, the
// entries whose verdict changed, and how many were unreadable (HALLMARK counts those as VALID).
//
//   node dist/bench/references.js [DATA_DIR]   (default /work/shared/datasets/hallmark)
//        [--misses] lists the entries the two paths call differently   [--bbl FILE] writes the .bbl
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startStandIn } from '../test/standin';
import { registerPoolRecords, type PoolRecord } from '../test/standin/pool';
import { DEFAULT_SETTINGS, type Settings } from '../src/core/settings';
import { createHttpClient } from '../src/core/net/http';
import { networkAuthorities } from '../src/core/bibcheck/authorities';
import { VerdictEngine } from '../src/core/bibcheck/engine';
import { isFlagged, type Verdict } from '../src/core/bibcheck/verdict';
import { checkReferences, textReferences } from '../src/core/references';
import { metricsOf, type Labelled } from './lib/hallmarkMetrics';
import { bblOf } from './lib/bblStyle';
import { readJsonl, type DevEntry } from './lib/hallmarkData';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { misses: { type: 'boolean', default: false }, bbl: { type: 'string' } } });
const data = positionals[0] ?? '/work/shared/datasets/hallmark';

const CONCURRENT = 8;

async function bibPath(entries: DevEntry[], settings: Settings): Promise<Verdict[]> {
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

async function bblPath(bbl: string, settings: Settings): Promise<{ verdicts: (Verdict | 'unreadable')[]; keys: string[] }> {
  const list = textReferences(bbl, '.bbl');
  const check = await checkReferences(list.items, { http: createHttpClient(settings, { sweepAfterMs: false }), settings });
  return { verdicts: check.references.map((r) => r.result?.verdict.verdict ?? 'unreadable'), keys: check.references.map((r) => r.item.key ?? '') };
}

const predicted = (v: Verdict | 'unreadable') => (v === 'unavailable' ? 'UNCERTAIN' : v !== 'unreadable' && isFlagged(v) ? 'HALLUCINATED' : 'VALID');

function labelled(entries: DevEntry[], verdicts: (Verdict | 'unreadable')[]): Labelled[] {
  return entries.map((e, i) => ({ key: e.bibtex_key, label: e.label, type: e.hallucination_type ?? 'valid', tier: e.difficulty_tier ?? 1, predicted: predicted(verdicts[i]!) }));
}

async function main(): Promise<void> {
  const entries = readJsonl<DevEntry>(data, 'dev_public.jsonl');
  const bbl = bblOf(entries.map((e) => ({ key: e.bibtex_key, type: e.bibtex_type, fields: e.fields })));
  if (values.bbl) writeFileSync(values.bbl, bbl);
  const standIn = await startStandIn();
  registerPoolRecords(standIn, readJsonl<PoolRecord>(data, 'pool_dev.jsonl'));
  // A cache each, so that neither path finds the other's answers waiting.
  const cacheDirs = [mkdtempSync(join(tmpdir(), 'references-bib-')), mkdtempSync(join(tmpdir(), 'references-bbl-'))];
  const settingsOf = (cacheDir: string): Settings => ({ ...DEFAULT_SETTINGS, ...(standIn.settings as Partial<Settings>), 'cache.dir': cacheDir, 'sources.arxiv.intervalMs': 0, 'sources.dblp.intervalMs': 0 });
  try {
    let started = performance.now();
    const fromBib = await bibPath(entries, settingsOf(cacheDirs[0]!));
    const bibMs = performance.now() - started;
    started = performance.now();
    const fromBbl = await bblPath(bbl, settingsOf(cacheDirs[1]!));
    const bblMs = performance.now() - started;
    if (fromBbl.keys.join() !== entries.map((e) => e.bibtex_key).join()) throw new Error('The .bbl was not read back item for item.');
    const report = (name: string, verdicts: (Verdict | 'unreadable')[], ms: number) => {
      const o = metricsOf(labelled(entries, verdicts)).overall;
      console.log(`  ${name.padEnd(5)} DR ${o.dr.toFixed(3)}  FPR ${o.fpr.toFixed(3)}  F1 ${o.f1.toFixed(3)}  (tp ${o.tp} fp ${o.fp} tn ${o.tn} fn ${o.fn}, uncertain ${o.uncertain})  ${(ms / 1000).toFixed(1)} s`);
      return o.f1;
    };
    console.log(`HALLMARK dev_public: ${entries.length} entries, .bib fields vs the same entries read back from a plainnat-style .bbl`);
    const bibF1 = report('.bib', fromBib, bibMs);
    const bblF1 = report('.bbl', fromBbl.verdicts, bblMs);
    const changed = entries.filter((_, i) => fromBib[i] !== fromBbl.verdicts[i]).length;
    const unreadable = fromBbl.verdicts.filter((v) => v === 'unreadable').length;
    const validUnreadable = entries.filter((e, i) => e.label === 'VALID' && fromBbl.verdicts[i] === 'unreadable').length;
    console.log(`  F1 gap ${(bibF1 - bblF1).toFixed(3)} (goal ≤ 0.02) · verdict changed on ${changed} entries · unreadable ${unreadable} (valid ${validUnreadable})`);
    if (values.misses) {
      entries.forEach((e, i) => {
        if (fromBib[i] !== fromBbl.verdicts[i]) console.log(`- ${e.label} ${e.hallucination_type ?? ''} ${e.bibtex_key}: .bib ${fromBib[i]} · .bbl ${fromBbl.verdicts[i]}`);
      });
    }
  } finally {
    await standIn.close();
    for (const dir of cacheDirs) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
