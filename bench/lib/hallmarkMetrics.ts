// HALLMARK's metrics (hallmark/evaluation/metrics.py): DR = recall on HALLUCINATED entries,
// FPR = share of VALID entries flagged, F1 of the HALLUCINATED class, tier-weighted F1 (recall
// weighted 1/2/3 by tier, false positives weight 1), MCC. UNCERTAIN counts as VALID, as the code
// does; how many there were is printed beside.

export interface Labelled {
  key: string;
  label: 'VALID' | 'HALLUCINATED';
  type: string;
  tier: number;
  predicted: 'VALID' | 'HALLUCINATED' | 'UNCERTAIN';
}

export interface Confusion {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export interface Metrics {
  overall: Confusion & { dr: number; fpr: number; f1: number; twf1: number; mcc: number; uncertain: number; n: number };
  tiers: Record<number, { dr: number; n: number }>;
  types: Record<string, { dr: number; fpr: number; n: number }>;
}

function confusion(rows: Labelled[]): Confusion {
  const c = { tp: 0, fp: 0, tn: 0, fn: 0 };
  for (const r of rows) {
    const flagged = r.predicted === 'HALLUCINATED';
    if (r.label === 'HALLUCINATED') c[flagged ? 'tp' : 'fn']++;
    else c[flagged ? 'fp' : 'tn']++;
  }
  return c;
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
const f1Of = (p: number, r: number) => (p + r > 0 ? (2 * p * r) / (p + r) : 0);

export function metricsOf(rows: Labelled[]): Metrics {
  const c = confusion(rows);
  const dr = ratio(c.tp, c.tp + c.fn);
  const fpr = ratio(c.fp, c.fp + c.tn);
  const f1 = f1Of(ratio(c.tp, c.tp + c.fp), dr);
  let wtp = 0;
  let wfn = 0;
  for (const r of rows.filter((x) => x.label === 'HALLUCINATED')) {
    if (r.predicted === 'HALLUCINATED') wtp += r.tier;
    else wfn += r.tier;
  }
  const twf1 = f1Of(ratio(wtp, wtp + c.fp), ratio(wtp, wtp + wfn));
  const denominator = Math.sqrt((c.tp + c.fp) * (c.tp + c.fn) * (c.tn + c.fp) * (c.tn + c.fn));
  const mcc = denominator > 0 ? (c.tp * c.tn - c.fp * c.fn) / denominator : 0;
  const tiers: Metrics['tiers'] = {};
  for (const tier of [...new Set(rows.filter((r) => r.label === 'HALLUCINATED').map((r) => r.tier))].sort()) {
    const t = confusion(rows.filter((r) => r.label === 'HALLUCINATED' && r.tier === tier));
    tiers[tier] = { dr: ratio(t.tp, t.tp + t.fn), n: t.tp + t.fn };
  }
  const types: Metrics['types'] = {};
  for (const type of [...new Set(rows.map((r) => r.type))].sort()) {
    const t = confusion(rows.filter((r) => r.type === type));
    types[type] = { dr: ratio(t.tp, t.tp + t.fn), fpr: ratio(t.fp, t.fp + t.tn), n: t.tp + t.fn + t.fp + t.tn };
  }
  return { overall: { ...c, dr, fpr, f1, twf1, mcc, uncertain: rows.filter((r) => r.predicted === 'UNCERTAIN').length, n: rows.length }, tiers, types };
}

export interface RunFacts {
  entries: number;
  ms: number;
  requests: number;
  byService: string;
  dblpRequests: number;
  arxivRequests: number;
  s2Requests: number;
  recheckRequests: number;
  recheckMs: number;
  recheckChanged: number;
  verdicts: Record<string, number>;
  validNotFound: number;
  validNotFoundUnasked: number;
}

const f3 = (x: number | undefined) => (x === undefined || x === null ? '  —  ' : x.toFixed(3));

interface PublishedRun {
  num_entries?: number;
  detection_rate?: number;
  false_positive_rate?: number;
  f1_hallucination?: number;
  tier_weighted_f1?: number;
  mcc?: number;
  num_uncertain?: number;
  per_type?: Record<string, number>;
}

/** published_dev_public.json: run name → its figures (plus a `_source` line). */
function publishedRuns(published: unknown): [string, PublishedRun][] {
  if (!published || typeof published !== 'object') return [];
  return Object.entries(published as Record<string, unknown>).filter((e): e is [string, PublishedRun] => !e[0].startsWith('_') && typeof e[1] === 'object' && e[1] !== null);
}

export function printReport(m: Metrics, published: unknown, run: RunFacts): void {
  const o = m.overall;
  console.log(`HALLMARK dev_public: ${o.n} entries (UNCERTAIN = unavailable: ${o.uncertain}, counted VALID)`);
  console.log(`  citefinder  DR ${f3(o.dr)}  FPR ${f3(o.fpr)}  F1 ${f3(o.f1)}  TW-F1 ${f3(o.twf1)}  MCC ${f3(o.mcc)}   (tp ${o.tp} fp ${o.fp} tn ${o.tn} fn ${o.fn})`);
  console.log('  per tier:   ' + Object.entries(m.tiers).map(([t, x]) => `tier ${t} DR ${f3(x.dr)} (n ${x.n})`).join(' · '));
  const runs = publishedRuns(published);
  console.log('  per type (DR; valid: FPR)' + (runs.length ? '          published best-of: bibtexupdater / cascade_db_diagnosis' : ''));
  const pick = (name: string) => runs.find(([n]) => n === name)?.[1];
  const btu = pick('bibtexupdater');
  const cascade = pick('cascade_db_diagnosis');
  for (const [type, x] of Object.entries(m.types)) {
    const value = type === 'valid' ? `FPR ${f3(x.fpr)}` : `DR  ${f3(x.dr)}`;
    const others = type === 'valid' ? '' : `   ${f3(btu?.per_type?.[type])} / ${f3(cascade?.per_type?.[type])}`;
    console.log(`    ${type.padEnd(24)} ${value}  (n ${String(x.n).padStart(3)})${others}`);
  }
  if (runs.length) {
    console.log('  published (live APIs):');
    for (const [name, r] of runs) console.log(`    ${name.padEnd(40)} n ${String(r.num_entries ?? '?').padStart(4)}  DR ${f3(r.detection_rate)}  FPR ${f3(r.false_positive_rate)}  F1 ${f3(r.f1_hallucination)}  TW-F1 ${f3(r.tier_weighted_f1)}  MCC ${f3(r.mcc)}  uncertain ${r.num_uncertain ?? '?'}`);
  }
  console.log(`  requests: ${run.requests} (${(run.requests / run.entries).toFixed(2)} per entry: ${run.byService}); time ${(run.ms / 1000).toFixed(1)} s on loopback with no pacing`);
  console.log(`  with real etiquette the pacing alone would take ≥ ${Math.round(run.dblpRequests * 1.05)} s for DBLP (1 s + margin apart), ≥ ${Math.round(run.s2Requests * 1.05)} s for Semantic Scholar (1 s apart without a key) and ≥ ${Math.round(run.arxivRequests * 3.15)} s for arXiv (3 s apart)`);
  console.log(`  re-check of the same entries: ${run.recheckRequests} requests, ${(run.recheckMs / 1000).toFixed(1)} s, ${run.recheckChanged} verdicts changed`);
  console.log(`  valid entries called not-found: ${run.validNotFound} (of which with DBLP or Crossref not asked: ${run.validNotFoundUnasked})`);
  console.log('  verdicts: ' + Object.entries(run.verdicts).sort((a, b) => b[1] - a[1]).map(([v, n]) => `${v} ${n}`).join(', '));
}
