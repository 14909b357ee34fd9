// (claim, paper) pairs with a known answer, for training the support model (train splits) and
// choosing and checking its thresholds (dev splits). Each paper is read as the pipeline reads a
// candidate without full text: its title and abstract (abstractOnlyDocument).
//
// - SciFact: a claim against each abstract it cites (positive when the abstract holds a
//   rationale, SUPPORT or REFUTE) and against one other abstract of the corpus (negative).
// - Check-COVID: a news claim against the abstract it was checked on (positive with evidence,
//   SUPPORT or REFUTE; negative when NOTENOUGHINFO) and against another corpus abstract.
// - Citation-Integrity (jedick's derivation): a real citing sentence against the five sentences
//   of the cited paper the annotators pointed at (positive when the citation is ACCURATE, i.e.
//   SUPPORT; negative otherwise) and against another citation's sentences (negative).
// - CL-SciSumm: a citance against its reference paper's abstract (positive), another reference
//   paper's (negative, same field) and a SciFact abstract (negative, another field).
// Negatives "from elsewhere" are drawn with a fixed seed, so every run sees the same pairs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FulltextDocument } from '../../src/core/fulltext/model';
import { loadClaims, loadCorpus } from './scifact-data';
import { citanceAsClaim, loadClSciSumm, type ReferencePaper } from './clscisumm-data';

export interface SupportPair {
  claim: string;
  document: FulltextDocument;
  positive: boolean;
  /** Where the paper comes from: 'cited' (the claim's own), 'same-field' or 'other-field' swap. */
  kind: 'cited' | 'same-field' | 'other-field';
}

export type PairSet = 'scifact' | 'check-covid' | 'citation-integrity' | 'cl-scisumm';

const abstractDoc = (title: string, abstract: string): FulltextDocument => ({
  title,
  abstract,
  sections: [],
  captions: [],
  references: [],
});

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One JSON value per non-empty line. */
export function jsonl<T>(path: string): T[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as T);
}

/** Citation markers of Citation-Integrity ("[<|cit|>]", "<|multi_cit|>") removed, as the claim stage removes \cite. */
export function withoutMarkers(text: string): string {
  return text.replace(/\[?\s*<\|[a-z_]+\|>\s*\]?/g, ' ').replace(/\(\s*\)|\[\s*\]/g, ' ').replace(/\s+([.,;])/g, '$1').replace(/\s+/g, ' ').trim();
}

export function scifactPairs(data: string, split: 'train' | 'dev' | 'test', seed = 11): SupportPair[] {
  const corpus = loadCorpus(join(data, 'scifact'));
  const ids = [...corpus.keys()];
  const random = mulberry32(seed);
  const doc = (id: number) => abstractDoc(corpus.get(id)!.title, corpus.get(id)!.abstract.join(' '));
  return loadClaims(join(data, 'scifact'), split).flatMap((claim) => {
    const pairs: SupportPair[] = claim.cited_doc_ids
      .filter((id) => corpus.has(id))
      .map((id) => ({ claim: claim.claim, document: doc(id), positive: String(id) in claim.evidence, kind: 'cited' }));
    let other = ids[Math.floor(random() * ids.length)]!;
    while (claim.cited_doc_ids.includes(other)) other = ids[Math.floor(random() * ids.length)]!;
    pairs.push({ claim: claim.claim, document: doc(other), positive: false, kind: 'same-field' });
    return pairs;
  });
}

interface CheckCovidClaim {
  claim: string;
  cord_id: string;
  label: string;
  evidence_set: { sent_index: number }[];
}

export function checkCovidPairs(data: string, split: 'train' | 'dev', seed = 12): SupportPair[] {
  const corpus = new Map(jsonl<{ cord_id: string; title: string; abstract: string[] }>(join(data, 'check-covid', 'corpus.json')).map((d) => [d.cord_id, d]));
  const ids = [...corpus.keys()];
  const random = mulberry32(seed);
  const doc = (id: string) => abstractDoc(corpus.get(id)!.title, corpus.get(id)!.abstract.join(' '));
  return jsonl<CheckCovidClaim>(join(data, 'check-covid', split, `covidCheck_${split}_composed+extracted.json`)).flatMap((c) => {
    if (!corpus.has(c.cord_id)) return [];
    let other = ids[Math.floor(random() * ids.length)]!;
    while (other === c.cord_id) other = ids[Math.floor(random() * ids.length)]!;
    return [
      { claim: c.claim, document: doc(c.cord_id), positive: c.label !== 'NOTENOUGHINFO', kind: 'cited' as const },
      { claim: c.claim, document: doc(other), positive: false, kind: 'same-field' as const },
    ];
  });
}

/**
 * Check-COVID read at the level its labels are given: the claim against the sentences the
 * annotators pointed at. NOTENOUGHINFO labels a (claim, sentences) pair, not a (claim, abstract)
 * one: every NOTENOUGHINFO row repeats a SUPPORT or REFUTE row's claim on the same abstract (68 of
 * 68 on dev, 351 of 351 on train), so against the whole abstract it is the very input of a
 * positive pair. Here it is the claim against its related but insufficient sentence (negative);
 * SUPPORT and REFUTE rows are the claim against their evidence sentences (positive, as in
 * checkCovidPairs), and each claim also meets another abstract's annotated sentences (negative),
 * as Citation-Integrity's claims do.
 */
export function checkCovidSentencePairs(data: string, split: 'train' | 'dev', seed = 15): SupportPair[] {
  const corpus = new Map(jsonl<{ cord_id: string; abstract: string[] }>(join(data, 'check-covid', 'corpus.json')).map((d) => [d.cord_id, d]));
  const rows = jsonl<CheckCovidClaim>(join(data, 'check-covid', split, `covidCheck_${split}_composed+extracted.json`)).filter((c) => corpus.has(c.cord_id));
  const sentences = (c: CheckCovidClaim) => abstractDoc('', c.evidence_set.map((e) => corpus.get(c.cord_id)!.abstract[e.sent_index] ?? '').join(' ').trim());
  const random = mulberry32(seed);
  return rows.flatMap((c) => {
    let other = Math.floor(random() * rows.length);
    while (rows[other]!.cord_id === c.cord_id) other = Math.floor(random() * rows.length);
    return [
      { claim: c.claim, document: sentences(c), positive: c.label !== 'NOTENOUGHINFO', kind: 'cited' as const },
      { claim: c.claim, document: sentences(rows[other]!), positive: false, kind: 'same-field' as const },
    ];
  });
}

interface IntegrityClaim {
  id: number;
  claim: string;
  evidence: Record<string, { label: string }[]>;
  cited_doc_ids: number[];
}

export interface IntegrityCitation {
  claim: string;
  /** The cited paper's sentences the annotators pointed at. */
  document: FulltextDocument;
  /** The same sentences one by one (the pseudo-document: the annotated one first, then four BM25 and a reranker picked). */
  passages: string[];
  accurate: boolean;
  /** Same citing paper (the original data's reference list), for same-list swaps. */
  citingPaper: string;
  /** The cited works the annotators found the evidence in (original ids), so a swap never lands on the same work. */
  citedWorks: string[];
}

/** Citation-Integrity citations (jedick's pseudo-documents), with the citing paper from the original release. */
export function integrityCitations(data: string, split: 'train' | 'dev'): IntegrityCitation[] {
  const dir = join(data, 'citation-integrity');
  const corpus = new Map(jsonl<{ doc_id: number; abstract: string[] }>(join(dir, 'jedick-derived', 'corpus.jsonl')).map((d) => [d.doc_id, d]));
  const original = new Map(jsonl<IntegrityClaim>(join(dir, 'original', `claims-${split}.jsonl`)).map((c) => [c.id, c]));
  return jsonl<IntegrityClaim>(join(dir, 'jedick-derived', `claims_${split}.jsonl`)).flatMap((c) => {
    const id = c.cited_doc_ids[0];
    const pseudo = id === undefined ? undefined : corpus.get(id);
    if (!pseudo) return [];
    const labels = Object.values(c.evidence).flat().map((e) => e.label);
    const list = original.get(c.id)?.cited_doc_ids;
    const citedWorks = Object.keys(original.get(c.id)?.evidence ?? {});
    return [{
      claim: withoutMarkers(c.claim),
      document: abstractDoc('', pseudo.abstract.join(' ')),
      passages: pseudo.abstract,
      accurate: labels.includes('SUPPORT'),
      citingPaper: list ? `${list[0]}-${list.length}` : `claim-${c.id}`,
      citedWorks,
    }];
  });
}

export function integrityPairs(data: string, split: 'train' | 'dev', seed = 13): SupportPair[] {
  const citations = integrityCitations(data, split);
  const random = mulberry32(seed);
  return citations.flatMap((c, i) => {
    let other = Math.floor(random() * citations.length);
    while (other === i || citations[other]!.citingPaper === c.citingPaper) other = Math.floor(random() * citations.length);
    return [
      { claim: c.claim, document: c.document, positive: c.accurate, kind: 'cited' as const },
      { claim: c.claim, document: citations[other]!.document, positive: false, kind: 'same-field' as const },
    ];
  });
}

/**
 * The precision of "supports" that a reader right about every text would reach on these pairs:
 * it says "supports" on every positive, and so on every negative whose claim and text are the
 * very same as a positive's (it cannot tell them apart). Below 1 only when such twins exist.
 */
export function identicalInputCeiling(pairs: SupportPair[]): { ceiling: number; twins: number } {
  const key = (p: SupportPair) => `${p.claim.trim()}\u0000${p.document.title}\u0000${p.document.abstract}`;
  const positives = new Set(pairs.filter((p) => p.positive).map(key));
  const said = pairs.filter((p) => p.positive).length;
  const twins = pairs.filter((p) => !p.positive && positives.has(key(p))).length;
  return { ceiling: said ? said / (said + twins) : 1, twins };
}

/** A reference paper as most journal papers are read: title and abstract only. */
export function referenceAbstract(paper: ReferencePaper): FulltextDocument {
  return abstractDoc(paper.title, paper.sentences.filter((s) => s.section === 'Abstract').map((s) => s.text).join(' '));
}

export function clSciSummPairs(data: string, seed = 14): SupportPair[] {
  const { papers, citances } = loadClSciSumm(join(data, 'cl-scisumm'), 'train');
  const ids = [...papers.keys()];
  const corpus = [...loadCorpus(join(data, 'scifact')).values()];
  const random = mulberry32(seed);
  // A reference paper whose XML has no abstract cannot be checked on its abstract: left out.
  return citances.filter((c) => referenceAbstract(papers.get(c.paper)!).abstract).flatMap((c) => {
    const claim = citanceAsClaim(c.text);
    const others = ids.filter((id) => id !== c.paper && referenceAbstract(papers.get(id)!).abstract);
    const other = others[Math.floor(random() * others.length)]!;
    const far = corpus[Math.floor(random() * corpus.length)]!;
    return [
      { claim, document: referenceAbstract(papers.get(c.paper)!), positive: true, kind: 'cited' as const },
      { claim, document: referenceAbstract(papers.get(other)!), positive: false, kind: 'same-field' as const },
      { claim, document: abstractDoc(far.title, far.abstract.join(' ')), positive: false, kind: 'other-field' as const },
    ];
  });
}
