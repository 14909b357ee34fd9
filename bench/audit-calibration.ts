// Fits the audit's own scale (src/core/audit/calibration.ts) on train data and checks it on dev:
//
//   node dist/bench/audit-calibration.js DATA        (DATA = the datasets folder)
//
// Train: CL-SciSumm Training-Set-2018 and Citation-Integrity train, the cases of
// bench/separation.ts (right citations, and wrong ones: another reference paper, a SciFact
// abstract; citations judged inaccurate, works swapped within the citing paper's list). Each case
// is read on its abstract, as the audit reads most works.
// - weights: logistic regression of right against wrong on the support model's logit and the
//   square root of the TF-IDF cosine (title and abstract), each set weighing the same and, within
//   a set, right and wrong the same (models/support-fit.ts's Newton fit);
// - per field of the citation (calibration.ts's auditField: the cited work's by the router and its
//   words, or the life sciences' when the sentence leans clearly to them): `supported` at the
//   lowest line where at least 9 in 10 train citations at or above it are right, `weak` at the
//   highest line leaving at most 1 in 20 right train citations below it, in its field and in each
//   train set as a whole (a set's citations held to the other field's line count there).
// Printed: the constants to put in calibration.ts, then what they do on train and on
// Citation-Integrity dev (CL-SciSumm has no dev split: its two halves of reference papers are
// checked against each other instead).
import { auditProbability, type AuditField } from '../src/core/audit/calibration';
import { fit, type Example } from '../models/support-fit';
import { clSciSummCases, integrityCases, scored, type ScoredCase } from './lib/separation';

const PRECISION = 0.9;
const RIGHT_BELOW = 0.05;

type Row = ScoredCase;

function logit(p: number): number {
  const q = Math.min(1 - 1e-4, Math.max(1e-4, p));
  return Math.log(q / (1 - q));
}

function examples(sets: Row[][]): Example[] {
  return sets.flatMap((set) => {
    const right = set.filter((c) => c.right).length;
    const wrong = set.length - right;
    const weight = (c: Row) => (c.right ? 0.5 / right : 0.5 / wrong) * 1000;
    return set.map((c) => ({ x: [1, logit(c.support), Math.sqrt(c.cosine)], y: c.right ? 1 : 0, w: weight(c) }));
  });
}

/** `supported`: the lowest score with ≥ PRECISION of the cases at or above it right; `weak`: ≤ RIGHT_BELOW of the right ones below. */
function lines(cases: { score: number; right: boolean }[]): { supported: number; weak: number } {
  const scores = [...new Set(cases.map((c) => c.score))].sort((a, b) => a - b);
  const supported = scores.find((t) => {
    const above = cases.filter((c) => c.score >= t);
    return above.filter((c) => c.right).length >= PRECISION * above.length;
  }) ?? 1;
  const right = cases.filter((c) => c.right).map((c) => c.score).sort((a, b) => a - b);
  return { supported, weak: right[Math.floor(RIGHT_BELOW * right.length)] ?? 0 };
}

type Lines = Record<AuditField, { supported: number; weak: number }>;

interface Fitted { score: number; right: boolean; field: AuditField; set: string }

/**
 * Lowers each field's `weak` line (of `fields`) until no train set has more than RIGHT_BELOW of its
 * right citations below the line of their field: the goal is stated per data set, and a set's
 * citations held to the other field's line (CL-SciSumm citances leaning to the life sciences) add
 * to the share its own field leaves below.
 */
function perSetWeak(cases: Fitted[], start: Lines, fields: AuditField[] = ['computing', 'life']): Lines {
  const out: Lines = { computing: { ...start.computing }, life: { ...start.life } };
  const sets = [...new Set(cases.map((c) => c.set))];
  // A set over the share that this field's line could bring down (it holds right citations below it).
  const over = (field: AuditField) => sets.some((set) => {
    const below = cases.filter((c) => c.set === set && c.right && c.score < out[c.field].weak);
    const right = cases.filter((c) => c.set === set && c.right).length;
    return below.length > RIGHT_BELOW * right && below.some((c) => c.field === field);
  });
  for (let round = 0; round < 2; round++) {
    for (const field of fields) {
      const below = [...new Set(cases.filter((c) => c.right && c.field === field && c.score <= out[field].weak).map((c) => c.score))];
      for (const line of [...below.sort((a, b) => b - a), 0]) {
        out[field].weak = line;
        if (!over(field)) break;
      }
    }
  }
  return out;
}

function labelOf(score: number, line: { supported: number; weak: number }): string {
  return score >= line.supported ? 'supported' : score >= line.weak ? 'weak' : 'unsupported';
}

const pct = (n: number, of: number) => `${((100 * n) / (of || 1)).toFixed(1)}%`;

function check(name: string, cases: { score: number; right: boolean; kind: string; field: AuditField }[], all: Lines): void {
  console.log(`  ${name}:`);
  for (const kind of [...new Set(cases.map((c) => c.kind))]) {
    const of = cases.filter((c) => c.kind === kind);
    const n = { supported: 0, weak: 0, unsupported: 0 } as Record<string, number>;
    for (const c of of) n[labelOf(c.score, all[c.field])]!++;
    console.log(`    ${kind} (${of.length}): supported ${pct(n.supported!, of.length)}, weak ${pct(n.weak!, of.length)}, unsupported ${pct(n.unsupported!, of.length)}`);
  }
  const said = cases.filter((c) => labelOf(c.score, all[c.field]) === 'supported');
  console.log(`    "supported" said ${said.length} times, precision ${(said.filter((c) => c.right).length / (said.length || 1)).toFixed(3)}`);
}

function main(): void {
  const data = process.argv[2];
  if (!data) {
    console.error('usage: node dist/bench/audit-calibration.js DATA');
    process.exit(2);
  }
  const cl = scored(clSciSummCases(data));
  const ciTrain = scored(integrityCases(data, 'train'));
  const ciDev = scored(integrityCases(data, 'dev'));
  const [bias, supportLogit, cosineRoot] = fit(examples([cl, ciTrain]), 3).map((w) => Math.round(w * 1000) / 1000);
  console.log(`weights: { bias: ${bias}, supportLogit: ${supportLogit}, cosineRoot: ${cosineRoot} }`);
  const rescore = (set: Row[]) => set.map((c) => {
    const z = bias! + supportLogit! * logit(c.support) + cosineRoot! * Math.sqrt(c.cosine);
    return { ...c, score: Math.round(1000 / (1 + Math.exp(-z))) / 1000, shipped: auditProbability(c.support, c.cosine) };
  });
  const train = [...rescore(cl).map((c) => ({ ...c, set: 'cl' })), ...rescore(ciTrain).map((c) => ({ ...c, set: 'ci' }))];
  const perField = { computing: lines(train.filter((c) => c.field === 'computing')), life: lines(train.filter((c) => c.field === 'life')) };
  const fitted = perSetWeak(train, perField);
  console.log(`lines: ${JSON.stringify(fitted)} (in its field alone: ${JSON.stringify(perField)})`);
  const differ = train.filter((c) => c.score !== c.shipped).length;
  console.log(`(shipped weights give ${differ ? `${differ} different scores: update calibration.ts` : 'the same scores'})`);
  check('CL-SciSumm train', rescore(cl), fitted);
  check('Citation-Integrity train', rescore(ciTrain), fitted);
  check('Citation-Integrity dev (not fitted on)', rescore(ciDev), fitted);
  halves(rescore(cl), fitted);
  majority(rescore(ciTrain), rescore(ciDev), fitted.life);
}

/**
 * What a life-sciences `supported` line low enough for right citations to be `supported` more
 * often than `weak` would cost: the highest such line on Citation-Integrity train (the weak line
 * kept), with the share of each kind of citation it calls supported and its precision, on the
 * bench's mix and on right against inaccurate alone (the citing papers' own mix, no swaps).
 */
function majority(train: (Row & { score: number })[], dev: (Row & { score: number })[], life: { supported: number; weak: number }): void {
  const right = train.filter((c) => c.right && c.field === 'life').map((c) => c.score);
  const share = (line: number) => right.filter((s) => s >= line).length - right.filter((s) => s >= life.weak && s < line).length;
  const line = [...new Set(right)].sort((a, b) => b - a).find((t) => share(t) > 0) ?? life.weak;
  console.log(`life line at which right Citation-Integrity train citations are supported more often than weak: ${line} (the rule's ${life.supported})`);
  for (const [name, cases] of [['train', train], ['dev', dev]] as const) {
    const at = cases.filter((c) => c.field === 'life');
    const said = (kind: string) => at.filter((c) => c.kind === kind && c.score >= line).length;
    const of = (kind: string) => at.filter((c) => c.kind === kind).length;
    const [r, s, i] = [said('right'), said('same-list swap'), said('inaccurate')];
    console.log(
      `  ${name}: supported right ${pct(r, of('right'))}, same-list swaps ${pct(s, of('same-list swap'))}, inaccurate ${pct(i, of('inaccurate'))}; ` +
        `precision ${(r / (r + s + i || 1)).toFixed(3)}, right against inaccurate alone ${(r / (r + i || 1)).toFixed(3)}`,
    );
  }
}

/**
 * CL-SciSumm by halves of its reference papers: each half's computing lines (the same rules, the
 * life lines kept), checked on the other half, every citance of it.
 */
function halves(cases: (Row & { score: number })[], fitted: Lines): void {
  const paperOf = new Map(cases.filter((c) => c.right).map((c) => [c.claim, c.document.title ?? '']));
  const titles = [...new Set(paperOf.values())].sort();
  const first = new Set(titles.filter((_, i) => i % 2 === 0));
  for (const [name, inHalf] of [['first', true], ['second', false]] as const) {
    const own = cases.filter((c) => first.has(paperOf.get(c.claim) ?? '') === inHalf);
    const other = cases.filter((c) => first.has(paperOf.get(c.claim) ?? '') !== inHalf);
    const start = { computing: lines(own.filter((c) => c.field === 'computing')), life: fitted.life };
    const both = perSetWeak(own.map((c) => ({ ...c, set: 'cl' })), start, ['computing']);
    console.log(`CL-SciSumm, computing lines from the ${name} half of reference papers: ${JSON.stringify(both.computing)}`);
    check('that half', own, both);
    check('the other half', other, both);
  }
}

if (require.main === module) main();
