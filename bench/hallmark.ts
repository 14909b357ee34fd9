// HALLMARK (dev_public): the verdict engine on 1,119 labelled .bib entries, through the real
// HTTP clients against the loopback stand-in serving pool_dev.jsonl's real works in each
// authority's own form (Crossref: full venue names, given/family names, DOI works only; DBLP:
// short venues, homonym numbers, titles ending with a period; arXiv: Atom, arXiv works only).
// Reports HALLMARK's metrics (hallmark/evaluation/metrics.py: an entry is HALLUCINATED when
// flagged; "unavailable" is UNCERTAIN, counted as VALID) overall, per tier and per type, the
// requests per entry and the time, beside the published dev_public figures. Tune on dev_public
// only; the other splits are held out.
//
//   node dist/bench/hallmark.js [DATA_DIR]     (default /work/shared/datasets/hallmark)
//        [--misses] lists the entries each way wrong   [--type T] only that type (and valid)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startStandIn } from '../test/standin';
import { registerPoolRecords, type PoolRecord } from '../test/standin/pool';
import { DEFAULT_SETTINGS, type Settings } from '../src/core/settings';
import { createHttpClient } from '../src/core/net/http';
import { networkAuthorities } from '../src/core/bibcheck/authorities';
import { VerdictEngine } from '../src/core/bibcheck/engine';
import { isFlagged, type EntryVerdict } from '../src/core/bibcheck/verdict';
import { metricsOf, printReport, type Labelled } from './lib/hallmarkMetrics';
import { readJsonl, type DevEntry } from './lib/hallmarkData';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { misses: { type: 'boolean', default: false }, type: { type: 'string' } } });
const data = positionals[0] ?? '/work/shared/datasets/hallmark';

/** Entries checked at once (as Check Bibliography does). */
const CONCURRENT = 8;

async function checkAll(entries: DevEntry[], settings: Settings): Promise<{ verdicts: EntryVerdict[]; ms: number }> {
  const http = createHttpClient(settings, { sweepAfterMs: false });
  const engine = new VerdictEngine(networkAuthorities({ http, settings }));
  const verdicts: EntryVerdict[] = new Array(entries.length);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      while (next < entries.length) {
        const i = next++;
        verdicts[i] = await engine.verdict(entries[i]!.fields);
      }
    }),
  );
  return { verdicts, ms: performance.now() - started };
}

async function main(): Promise<void> {
  const pool = readJsonl<PoolRecord>(data, 'pool_dev.jsonl');
  let entries = readJsonl<DevEntry>(data, 'dev_public.jsonl');
  if (values.type) entries = entries.filter((e) => e.label === 'VALID' || e.hallucination_type === values.type);
  const published = JSON.parse(readFileSync(join(data, 'published_dev_public.json'), 'utf8')) as unknown;
  const standIn = await startStandIn();
  registerPoolRecords(standIn, pool);
  const cacheDir = mkdtempSync(join(tmpdir(), 'hallmark-cache-'));
  // Loopback needs no etiquette: the pacing a real run pays is reported apart, from the counts.
  const settings: Settings = { ...DEFAULT_SETTINGS, ...(standIn.settings as Partial<Settings>), 'cache.dir': cacheDir, 'sources.arxiv.intervalMs': 0, 'sources.dblp.intervalMs': 0, 'sources.semanticscholar.intervalMs': 0 };
  try {
    const first = await checkAll(entries, settings);
    const requests = standIn.requests.length;
    const byService = new Map<string, number>();
    for (const r of standIn.requests) byService.set(r.service, (byService.get(r.service) ?? 0) + 1);
    const again = await checkAll(entries, settings);
    const recheckRequests = standIn.requests.length - requests;
    const changed = again.verdicts.filter((v, i) => v.verdict !== first.verdicts[i]!.verdict).length;
    const labelled: Labelled[] = entries.map((e, i) => ({
      key: e.bibtex_key,
      label: e.label,
      type: e.hallucination_type ?? 'valid',
      tier: e.difficulty_tier ?? 1,
      predicted: first.verdicts[i]!.verdict === 'unavailable' ? 'UNCERTAIN' : isFlagged(first.verdicts[i]!.verdict) ? 'HALLUCINATED' : 'VALID',
    }));
    printReport(metricsOf(labelled), published, {
      entries: entries.length,
      ms: first.ms,
      requests,
      byService: [...byService].map(([s, n]) => `${s} ${n}`).join(', '),
      dblpRequests: byService.get('dblp') ?? 0,
      arxivRequests: byService.get('arxiv') ?? 0,
      s2Requests: byService.get('semanticscholar') ?? 0,
      recheckRequests,
      recheckMs: again.ms,
      recheckChanged: changed,
      verdicts: countBy(first.verdicts.map((v) => (v.kind ? `${v.verdict}:${v.kind}` : v.verdict))),
      // A valid entry called not-found although DBLP or Crossref was never asked about it.
      validNotFoundUnasked: entries.filter((e, i) => e.label === 'VALID' && first.verdicts[i]!.verdict === 'not-found' && !['dblp', 'crossref'].every((a) => first.verdicts[i]!.searched.some((s) => s.authority === a))).length,
      validNotFound: entries.filter((e, i) => e.label === 'VALID' && first.verdicts[i]!.verdict === 'not-found').length,
    });
    if (values.misses) printMisses(entries, first.verdicts, labelled);
  } finally {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

function printMisses(entries: DevEntry[], verdicts: EntryVerdict[], labelled: Labelled[]): void {
  console.log('\nWrong calls (label → verdict):');
  labelled.forEach((l, i) => {
    const wrong = (l.label === 'VALID') === (l.predicted === 'HALLUCINATED') || l.predicted === 'UNCERTAIN';
    if (!wrong) return;
    const v = verdicts[i]!;
    console.log(`- ${l.type} ${entries[i]!.bibtex_key}: ${v.verdict}${v.kind ? ':' + v.kind : ''} — ${v.message}`);
    console.log(`    ${JSON.stringify(entries[i]!.fields).slice(0, 400)}`);
    if (entries[i]!.explanation) console.log(`    (${entries[i]!.explanation!.slice(0, 200)})`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
