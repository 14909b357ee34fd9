// How well the audit's score tells right citations from wrong ones, threshold-free (AUC), beside a
// plain baseline (TF-IDF cosine of the sentence and the abstract with the shipped document
// frequencies, bench/lib/tfidf.ts), and the labels right citations get:
//
//   node dist/bench/separation.js DATA        (DATA = the datasets folder)
//
// - CL-SciSumm Training-Set-2018: each citance against its reference paper's abstract (right),
//   another reference paper's (wrong, same field) and a SciFact abstract (wrong, other field),
//   the pairs bench/calibration.ts reads (bench/lib/support-pairs.ts).
// - Citation-Integrity train and dev: accurate citations against the sentences the annotators
//   pointed at (right); inaccurate ones against theirs (wrong); each accurate citing sentence
//   against another work its citing paper cites (wrong, swapped in the reference list, drawn as
//   bench/calibration.ts draws them).
// Every case is read on its abstract only, as the audit reads most journal papers.
import type { FulltextDocument } from '../src/core/fulltext/model';
import { supportFor } from '../src/core/audit/check';
import { auditLabel, type AuditLabel } from '../src/core/scoring/overall';
import { auc, type Scored } from './lib/auc';
import { clSciSummPairs, integrityCitations, mulberry32 } from './lib/support-pairs';
import { tfidfCosine } from './lib/tfidf';

export interface Case {
  claim: string;
  document: FulltextDocument;
  right: boolean;
  /** 'right', or what makes it wrong. */
  kind: string;
}

export interface ScoredCase extends Case {
  audit: number;
  tfidf: number;
}

const pct = (n: number, of: number) => `${((100 * n) / (of || 1)).toFixed(1)}%`;

export function auditScore(claim: string, document: FulltextDocument): number {
  return supportFor([claim], document, { title: document.title, abstract: document.abstract }).score;
}

export function scored(cases: Case[]): ScoredCase[] {
  return cases.map((c) => ({ ...c, audit: auditScore(c.claim, c.document), tfidf: tfidfCosine(c.claim, c.document.abstract ?? '') }));
}

export function clSciSummCases(data: string): Case[] {
  const kinds = { cited: 'right', 'same-field': 'another reference paper', 'other-field': 'a SciFact abstract' } as const;
  return clSciSummPairs(data).map((p) => ({ claim: p.claim, document: p.document, right: p.positive, kind: kinds[p.kind] }));
}

export function integrityCases(data: string, split: 'train' | 'dev'): Case[] {
  const citations = integrityCitations(data, split);
  const random = mulberry32(2026);
  return citations.flatMap((c): Case[] => {
    if (!c.accurate) return [{ claim: c.claim, document: c.document, right: false, kind: 'inaccurate' }];
    const others = citations.filter((o) => o.citingPaper === c.citingPaper && !o.citedWorks.some((w) => c.citedWorks.includes(w)));
    const right: Case = { claim: c.claim, document: c.document, right: true, kind: 'right' };
    if (!others.length) return [right];
    return [right, { claim: c.claim, document: others[Math.floor(random() * others.length)]!.document, right: false, kind: 'same-list swap' }];
  });
}

function aucLine(name: string, cases: ScoredCase[]): string {
  const of = (key: 'audit' | 'tfidf'): Scored[] => cases.map((c) => ({ s: c[key], positive: c.right }));
  const right = cases.filter((c) => c.right).length;
  return `    ${name} (${right} / ${cases.length - right}): AUC audit ${auc(of('audit')).toFixed(3)}, TF-IDF ${auc(of('tfidf')).toFixed(3)}`;
}

export function labelCounts(scores: number[], label: (score: number) => AuditLabel = auditLabel): Record<AuditLabel, number> {
  const counts: Record<AuditLabel, number> = { supported: 0, weak: 0, unsupported: 0 };
  for (const s of scores) counts[label(s)]++;
  return counts;
}

function labelLine(name: string, cases: ScoredCase[]): string {
  const n = labelCounts(cases.map((c) => c.audit));
  const total = cases.length;
  return `    ${name} (${total}): supported ${n.supported} (${pct(n.supported, total)}), weak ${n.weak} (${pct(n.weak, total)}), unsupported ${n.unsupported} (${pct(n.unsupported, total)})`;
}

export function report(name: string, cases: ScoredCase[]): void {
  console.log(`${name}:`);
  const wrongKinds = [...new Set(cases.filter((c) => !c.right).map((c) => c.kind))];
  console.log(aucLine('right vs every wrong one', cases));
  for (const kind of wrongKinds) console.log(aucLine(`right vs ${kind}`, cases.filter((c) => c.right || c.kind === kind)));
  console.log('  labels (goal: right ones supported more often than weak, unsupported ≤ 5%):');
  console.log(labelLine('right', cases.filter((c) => c.right)));
  for (const kind of wrongKinds) console.log(labelLine(kind, cases.filter((c) => c.kind === kind)));
}

function main(): void {
  const data = process.argv[2];
  if (!data) {
    console.error('usage: node dist/bench/separation.js DATA');
    process.exit(2);
  }
  const started = performance.now();
  report('CL-SciSumm Training-Set-2018, citances against abstracts', scored(clSciSummCases(data)));
  report('Citation-Integrity train', scored(integrityCases(data, 'train')));
  report('Citation-Integrity dev', scored(integrityCases(data, 'dev')));
  console.log(`(${Math.round(performance.now() - started)} ms)`);
}

if (require.main === module) main();
