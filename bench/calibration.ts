// The calibrated support scale on real data (dev splits and CL-SciSumm Training-Set-2018):
//
//   node dist/bench/calibration.js DATA        (DATA = the datasets folder)
//
// 1. Precision of "supports" on each set: a claim against the papers it cites (positive when the
//    paper holds its evidence) and against others (bench/lib/support-pairs.ts); recall beside it,
//    the best precision any threshold reaches with at least 10 "supports", and, where negatives
//    repeat a positive's very claim and text (Check-COVID's NOTENOUGHINFO against the abstract),
//    the ceiling a reader right about every text would reach. Check-COVID is also read at the
//    level its labels are given: the claim against the sentences the annotators pointed at.
// 2. Citation-Integrity dev, accurate citations against inaccurate ones (same cited sentences):
//    AUC of the support score, and the precision of "supports".
// 3. The audit on real citing sentences, abstracts only (as for most journal papers), on the
//    audit's own scale (audit/calibration.ts): right citations flagged `unsupported`, and swapped
//    citations caught (`unsupported`): swapped within
//    the citing paper's reference list (Citation-Integrity), with another reference paper of the
//    same field (CL-SciSumm), with a paper of another field (an arXiv abstract for biomedical
//    citations, a SciFact biomedical abstract for NLP citances).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FulltextDocument } from '../src/core/fulltext/model';
import { SUPPORT_THRESHOLDS } from '../src/core/scoring/calibration';
import { paperSupport } from '../src/core/scoring/paperSupport';
import { auditReading } from '../src/core/audit/score';
import { betterFitAmong } from '../src/core/audit/betterFit';
import { auc } from './lib/auc';
import { checkCovidPairs, checkCovidSentencePairs, clSciSummPairs, identicalInputCeiling, integrityCitations, integrityPairs, mulberry32, scifactPairs, type IntegrityCitation, type SupportPair } from './lib/support-pairs';

const f = (n: number) => n.toFixed(3);
const pct = (n: number) => `${(100 * n).toFixed(1)}%`;

function support(claim: string, document: FulltextDocument): number {
  return paperSupport({ text: claim, sentences: [claim] }, [], document, 3).score;
}

interface OperatingPoint {
  threshold: number;
  precision: number;
  recall: number;
}

/** The threshold with the best precision among those saying "supports" at least `minSaid` times (on a tie, the lower one). */
function bestPrecision(scored: { s: number; positive: boolean }[], minSaid = 10): OperatingPoint | undefined {
  const positives = scored.filter((x) => x.positive).length || 1;
  const sorted = [...scored].sort((a, b) => b.s - a.s);
  let best: OperatingPoint | undefined;
  let right = 0;
  sorted.forEach((x, i) => {
    right += x.positive ? 1 : 0;
    // A threshold sits at a distinct score: every pair scoring at least as much is said.
    if (i + 1 < minSaid || sorted[i + 1]?.s === x.s) return;
    const precision = right / (i + 1);
    if (!best || precision >= best.precision) best = { threshold: x.s, precision, recall: right / positives };
  });
  return best;
}

/**
 * The lowest threshold at which "supports" is right at least 9 times in 10 over the dev sets
 * pooled, read where their labels apply (SciFact dev, Citation-Integrity dev, Check-COVID dev
 * against its annotated sentences): how calibration.ts sets `supports`.
 */
function pooledLine(sets: SupportPair[][]): string {
  const scored = sets.flat().map((p) => ({ s: support(p.claim, p.document), positive: p.positive }));
  const said = (t: number) => scored.filter((x) => x.s >= t);
  const precision = (t: number) => said(t).filter((x) => x.positive).length / (said(t).length || 1);
  const lowest = [...new Set(scored.map((x) => x.s))].sort((a, b) => a - b).find((t) => precision(t) >= 0.9);
  const at = SUPPORT_THRESHOLDS.supports;
  return (
    `pooled dev (SciFact, Citation-Integrity, Check-COVID vs annotated sentences): "supports" said ${said(at).length} times, right ${f(precision(at))}` +
    (lowest === undefined ? '; no threshold reaches 0.9' : `; lowest threshold right ≥ 0.9: ${lowest} (${f(precision(lowest))}, said ${said(lowest).length})`)
  );
}

function precisionLine(name: string, pairs: SupportPair[]): string {
  const scored = pairs.map((p) => ({ s: support(p.claim, p.document), positive: p.positive }));
  const said = scored.filter((x) => x.s >= SUPPORT_THRESHOLDS.supports);
  const right = said.filter((x) => x.positive).length;
  const positives = scored.filter((x) => x.positive).length;
  const best = bestPrecision(scored);
  const { ceiling, twins } = identicalInputCeiling(pairs);
  return (
    `${name}: ${pairs.length} pairs (${positives} holding evidence); "supports" said ${said.length} times, right ${said.length ? f(right / said.length) : '—'}, recall ${f(right / (positives || 1))}` +
    (best ? `; best with ≥ 10 said: ${f(best.precision)} at ≥ ${best.threshold} (recall ${f(best.recall)})` : '') +
    (twins ? `; ${twins} negatives repeat a positive's claim and text: a reader right about every text reaches ${f(ceiling)}` : '')
  );
}

interface AuditCase {
  claim: string;
  document: FulltextDocument;
}

/** The audit's status of a citation read on the work's abstract. */
function auditStatusOf(claim: string, document: FulltextDocument): string {
  return auditReading([claim], document, { title: document.title, abstract: document.abstract }).status;
}

function flagged(cases: AuditCase[]): { unsupported: number; counts: Record<string, number> } {
  const counts: Record<string, number> = { supported: 0, weak: 0, unsupported: 0 };
  for (const c of cases) counts[auditStatusOf(c.claim, c.document)]!++;
  return { unsupported: counts.unsupported! / (cases.length || 1), counts };
}

function auditLine(name: string, cases: AuditCase[], goal: string): string {
  const { unsupported, counts } = flagged(cases);
  return `  ${name} (${cases.length}): unsupported ${pct(unsupported)} [${goal}] (supported ${counts.supported}, weak ${counts.weak}, unsupported ${counts.unsupported})`;
}

/**
 * The audit with the bibliography's other works (audit/betterFit.ts): a right citation or one
 * swapped for another work its citing paper cites counts as flagged when it is `unsupported`, or
 * `weak` and another work of the list fits the sentence clearly better. The margin was chosen on
 * the train line.
 */
function betterFitLines(integrity: IntegrityCitation[], split: string): string {
  const random = mulberry32(2026);
  const flaggedWith = (claim: string, cited: FulltextDocument, list: FulltextDocument[]) => {
    const label = auditStatusOf(claim, cited);
    return label === 'unsupported' || (label === 'weak' && betterFitAmong([claim], cited, list) !== undefined);
  };
  let right = 0;
  let caught = 0;
  let cases = 0;
  for (const c of integrity.filter((x) => x.accurate)) {
    const others = integrity.filter((o) => o.citingPaper === c.citingPaper && !o.citedWorks.some((w) => c.citedWorks.includes(w)));
    if (!others.length) continue;
    const list = [...new Map(others.map((o) => [o.document.abstract, o.document])).values()];
    const swapped = others[Math.floor(random() * others.length)]!.document;
    cases++;
    if (flaggedWith(c.claim, c.document, list)) right++;
    if (flaggedWith(c.claim, swapped, [c.document, ...list.filter((d) => d !== swapped)])) caught++;
  }
  return (
    `  Citation-Integrity ${split}, with the citing paper's other works (${cases}): right citations flagged ${pct(right / (cases || 1))} [goal ≤ 10%], ` +
    `same-reference-list swaps caught ${pct(caught / (cases || 1))} [goal ≥ 60%] (unsupported, or weak and another work fits better)`
  );
}

function arxivAbstracts(data: string): FulltextDocument[] {
  const records = JSON.parse(readFileSync(join(data, 'rxiv-metadata', 'arxiv-cscl-2026-03_lthei', 'arxiv_papers.json'), 'utf8')) as { title: string; abstract: string }[];
  return records.map((r) => ({ title: r.title, abstract: r.abstract, sections: [], captions: [], references: [] }));
}

function main(): void {
  const data = process.argv[2];
  if (!data) {
    console.error('usage: node dist/bench/calibration.js DATA');
    process.exit(2);
  }
  const started = performance.now();
  console.log(`thresholds: supports ≥ ${SUPPORT_THRESHOLDS.supports}, related ≥ ${SUPPORT_THRESHOLDS.related} (src/core/scoring/calibration.ts)`);
  console.log('precision of "supports" (abstracts only):');
  const cl = clSciSummPairs(data);
  const dev = { scifact: scifactPairs(data, 'dev'), sentences: checkCovidSentencePairs(data, 'dev'), integrity: integrityPairs(data, 'dev') };
  console.log('  ' + precisionLine('SciFact dev', dev.scifact));
  console.log('  ' + precisionLine('Check-COVID dev', checkCovidPairs(data, 'dev')));
  console.log('  ' + precisionLine('Check-COVID dev, claim vs the annotated sentences', dev.sentences));
  console.log('  ' + precisionLine('Citation-Integrity dev', dev.integrity));
  console.log('  ' + precisionLine('CL-SciSumm Training-Set-2018', cl));
  console.log('  ' + pooledLine(Object.values(dev)));

  const integrity = integrityCitations(data, 'dev');
  const scored = integrity.map((c) => ({ s: support(c.claim, c.document), positive: c.accurate }));
  const said = scored.filter((x) => x.s >= SUPPORT_THRESHOLDS.supports);
  console.log(
    `Citation-Integrity dev, accurate vs not (${scored.filter((x) => x.positive).length} / ${scored.filter((x) => !x.positive).length}): ` +
      `AUC ${f(auc(scored))}; "supports" ${said.length} times, right ${said.length ? f(said.filter((x) => x.positive).length / said.length) : '—'}`,
  );

  console.log('audit on real citing sentences, abstracts only:');
  const random = mulberry32(2026);
  const accurate = integrity.filter((c) => c.accurate);
  const sameList = accurate.flatMap((c) => {
    const others = integrity.filter((o) => o.citingPaper === c.citingPaper && !o.citedWorks.some((w) => c.citedWorks.includes(w)));
    return others.length ? [{ claim: c.claim, document: others[Math.floor(random() * others.length)]!.document }] : [];
  });
  const arxiv = arxivAbstracts(data);
  console.log('  Citation-Integrity dev (accurate citations):');
  console.log(auditLine('  right citations flagged', accurate, 'goal ≤ 10%'));
  console.log(auditLine('  same-reference-list swaps caught', sameList, 'goal ≥ 60%'));
  console.log(auditLine('  other-field swaps caught', accurate.map((c) => ({ claim: c.claim, document: arxiv[Math.floor(random() * arxiv.length)]! })), 'goal ≥ 90%'));
  for (const split of ['train', 'dev'] as const) console.log(betterFitLines(split === 'dev' ? integrity : integrityCitations(data, split), split));
  console.log('  CL-SciSumm Training-Set-2018 (citances against reference-paper abstracts):');
  console.log(auditLine('  right citations flagged', cl.filter((p) => p.kind === 'cited'), 'goal ≤ 10%'));
  console.log(auditLine('  same-field swaps caught (another reference paper)', cl.filter((p) => p.kind === 'same-field'), 'goal ≥ 60%'));
  console.log(auditLine('  other-field swaps caught (a SciFact abstract)', cl.filter((p) => p.kind === 'other-field'), 'goal ≥ 90%'));
  console.log(`(${Math.round(performance.now() - started)} ms)`);
}

if (require.main === module) main();
