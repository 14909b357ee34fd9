// The cases and lines of bench/separation.ts: right and wrong citations scored as the audit scores
// them (src/core/audit/score.ts, calibration.ts) and by the TF-IDF baseline, AUCs and label counts.
import type { FulltextDocument } from '../../src/core/fulltext/model';
import { auditReading } from '../../src/core/audit/score';
import { auditStatus, type AuditField } from '../../src/core/audit/calibration';
import type { AuditLabel } from '../../src/core/scoring/overall';
import { auc, type Scored } from './auc';
import { join } from 'node:path';
import { citanceAsClaim, loadClSciSumm, type ReferencePaper } from './clscisumm-data';
import { clSciSummPairs, integrityCitations, mulberry32, referenceAbstract } from './support-pairs';
import { tfidfCosine } from '../../src/core/scoring/tfidf';

export interface Case {
  claim: string;
  document: FulltextDocument;
  right: boolean;
  /** 'right', or what makes it wrong. */
  kind: string;
  /** The pseudo-document's sentences one by one (Citation-Integrity). */
  passages?: string[];
}

export interface ScoredCase extends Case {
  /** The audit's score (the chance the citation is right, calibration.ts). */
  audit: number;
  /** The support model's probability alone: the audit's score before its own scale. */
  support: number;
  field: AuditField;
  /** The audit's cosine (title and abstract); `tfidf` is the baseline's (abstract). */
  cosine: number;
  tfidf: number;
}

const pct = (n: number, of: number) => `${((100 * n) / (of || 1)).toFixed(1)}%`;

export function scored(cases: Case[]): ScoredCase[] {
  return cases.map((c) => {
    const reading = auditReading([c.claim], c.document, { title: c.document.title, abstract: c.document.abstract });
    // The baseline reads the abstract, or what the document holds when it has none (passages read as a body).
    const tfidf = tfidfCosine(c.claim, c.document.abstract ?? c.document.sections.flatMap((s) => s.paragraphs.map((p) => p.text)).join(' '));
    return { ...c, audit: reading.score, support: reading.support.score, field: reading.field, cosine: reading.cosine, tfidf };
  });
}

export function clSciSummCases(data: string): Case[] {
  const kinds = { cited: 'right', 'same-field': 'another reference paper', 'other-field': 'a SciFact abstract' } as const;
  return clSciSummPairs(data).map((p) => ({ claim: p.claim, document: p.document, right: p.positive, kind: kinds[p.kind] }));
}

/** A reference paper read whole: its abstract, and its body as paragraphs of up to five sentences of one section (the XML marks none). */
export function referenceFullText(paper: ReferencePaper): FulltextDocument {
  const document = { ...referenceAbstract(paper), sections: [] as FulltextDocument['sections'] };
  for (const s of paper.sentences.filter((x) => x.section !== 'Abstract')) {
    const last = document.sections.at(-1);
    const section = last?.head === s.section ? last : { head: s.section, paragraphs: [] };
    if (section !== last) document.sections.push(section);
    const paragraph = section.paragraphs.at(-1);
    if (paragraph && paragraph.sentences.length < 5) {
      paragraph.sentences.push(s.text);
      paragraph.text += ` ${s.text}`;
    } else section.paragraphs.push({ text: s.text, sentences: [s.text] });
  }
  return document;
}

/**
 * The CL-SciSumm citances against their reference paper and against the same other reference
 * paper as clSciSummPairs draws (same seed and draws), both read whole, as the audit reads a paper
 * with open full text.
 */
export function clSciSummFullTextCases(data: string, seed = 14): Case[] {
  const { papers, citances } = loadClSciSumm(join(data, 'cl-scisumm'), 'train');
  const ids = [...papers.keys()];
  const random = mulberry32(seed);
  return citances.filter((c) => referenceAbstract(papers.get(c.paper)!).abstract).flatMap((c): Case[] => {
    const claim = citanceAsClaim(c.text);
    const others = ids.filter((id) => id !== c.paper && referenceAbstract(papers.get(id)!).abstract);
    const other = others[Math.floor(random() * others.length)]!;
    random(); // the other-field draw of clSciSummPairs
    return [
      { claim, document: referenceFullText(papers.get(c.paper)!), right: true, kind: 'right' },
      { claim, document: referenceFullText(papers.get(other)!), right: false, kind: 'another reference paper' },
    ];
  });
}

export function integrityCases(data: string, split: 'train' | 'dev'): Case[] {
  const citations = integrityCitations(data, split);
  const random = mulberry32(2026);
  return citations.flatMap((c): Case[] => {
    if (!c.accurate) return [{ claim: c.claim, document: c.document, passages: c.passages, right: false, kind: 'inaccurate' }];
    const others = citations.filter((o) => o.citingPaper === c.citingPaper && !o.citedWorks.some((w) => c.citedWorks.includes(w)));
    const right: Case = { claim: c.claim, document: c.document, passages: c.passages, right: true, kind: 'right' };
    if (!others.length) return [right];
    const other = others[Math.floor(random() * others.length)]!;
    return [right, { claim: c.claim, document: other.document, passages: other.passages, right: false, kind: 'same-list swap' }];
  });
}

/**
 * The same Citation-Integrity cases with each pseudo-document read as the cited paper's body: its
 * passages (one annotated sentence and four that BM25 and a reranker picked from the cited paper for
 * this citing sentence; jedick-derived) as paragraphs of their own, with no title and no abstract,
 * as the audit reads a paper whose full text is open and whose record has no abstract.
 */
export function integrityBodyCases(data: string, split: 'train' | 'dev'): Case[] {
  return integrityCases(data, split).map((c) => ({ ...c, document: passagesAsBody(c.passages ?? []) }));
}

function passagesAsBody(passages: string[]): FulltextDocument {
  const paragraphs = passages.map((s) => ({ text: s, sentences: [s] }));
  return { sections: [{ head: 'Body', paragraphs }], captions: [], references: [] };
}

const aucOf = (cases: ScoredCase[], key: 'audit' | 'support' | 'tfidf') => auc(cases.map((c): Scored => ({ s: c[key], positive: c.right })));

/**
 * A 95 % interval of AUC(audit) − AUC(TF-IDF): the citing sentences resampled with replacement
 * (each with all its cases, right and wrong, as they are not independent), 400 times, fixed seed.
 */
export function differenceInterval(cases: ScoredCase[], rounds = 400): [number, number] {
  const groups = new Map<string, ScoredCase[]>();
  for (const c of cases) groups.set(c.claim, [...(groups.get(c.claim) ?? []), c]);
  const bySentence = [...groups.values()];
  const random = mulberry32(7);
  const differences: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const sample = Array.from({ length: bySentence.length }, () => bySentence[Math.floor(random() * bySentence.length)]!).flat();
    differences.push(aucOf(sample, 'audit') - aucOf(sample, 'tfidf'));
  }
  differences.sort((a, b) => a - b);
  return [differences[Math.floor(0.025 * rounds)]!, differences[Math.ceil(0.975 * rounds) - 1]!];
}

function aucLine(name: string, cases: ScoredCase[]): string {
  const right = cases.filter((c) => c.right).length;
  const [low, high] = differenceInterval(cases);
  const signed = (n: number) => (n >= 0 ? '+' : '') + n.toFixed(3);
  return (
    `    ${name} (${right} / ${cases.length - right}): AUC audit ${aucOf(cases, 'audit').toFixed(3)} (support alone ${aucOf(cases, 'support').toFixed(3)}), TF-IDF ${aucOf(cases, 'tfidf').toFixed(3)}` +
    ` (difference 95% interval ${signed(low)} to ${signed(high)})`
  );
}

export function labelCounts(cases: ScoredCase[]): Record<AuditLabel, number> {
  const counts: Record<AuditLabel, number> = { supported: 0, weak: 0, unsupported: 0 };
  for (const c of cases) counts[auditStatus(c.audit, c.field)]++;
  return counts;
}

function labelLine(name: string, cases: ScoredCase[]): string {
  const n = labelCounts(cases);
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
  console.log(goalLine(cases));
}

/** What `supported` costs: how many of the citations it is said of are right (the bench's mix of right and wrong). */
function goalLine(cases: ScoredCase[]): string {
  const said = cases.filter((c) => auditStatus(c.audit, c.field) === 'supported');
  const right = said.filter((c) => c.right).length;
  return `    "supported" said ${said.length} times, right ${right} (precision ${(right / (said.length || 1)).toFixed(3)})`;
}
