// CL-SciSumm Task 1a as a support benchmark: each reference paper becomes the document model
// (its sections kept, one paragraph per sentence), each citance is the claim, and we check where
// the sentences the annotators tied it to land in the lexical scorer's ranking, beside a naive
// ranker (distinct words in common) on the same units.
import type { FulltextDocument } from '../../src/core/fulltext/model';
import {
  DEFAULT_LEXICAL_PARAMS,
  documentUnits,
  rankUnits,
  scoreParagraphsLexically,
  type LexicalParams,
  type PaperContext,
} from '../../src/core/scoring/lexical';
import type { Scored } from './support-threshold';
import { SCORING_TOKENS, stems } from '../../src/core/text/tokens';
import { citanceAsClaim, type Citance, type ClSciSummData, type ReferencePaper } from './clscisumm-data';

export interface PaperModel {
  document: FulltextDocument;
  context: PaperContext;
  /** sid of each unit of documentUnits(document), in order. */
  sids: number[];
}

/** The paper as the scorer sees it; the abstract is a section of one-sentence paragraphs. */
export function paperModel(paper: ReferencePaper): PaperModel {
  const document: FulltextDocument = { title: paper.title, sections: [], captions: [], references: [] };
  for (const s of paper.sentences) {
    const last = document.sections.at(-1);
    const section = last?.head === s.section ? last : { head: s.section, paragraphs: [] };
    if (section !== last) document.sections.push(section);
    section.paragraphs.push({ text: s.text, sentences: [s.text] });
  }
  const abstract = paper.sentences.filter((s) => s.section === 'Abstract').map((s) => s.text).join(' ');
  return { document, context: { title: paper.title, abstract }, sids: paper.sentences.map((s) => s.sid) };
}

export interface RankMetrics {
  citances: number;
  at1: number;
  at3: number;
  mrr: number;
}

type Ranker = (claim: string, model: PaperModel) => number[];

export const lexicalRanker =
  (params: LexicalParams = DEFAULT_LEXICAL_PARAMS): Ranker =>
  (claim, model) =>
    rankUnits({ text: claim, sentences: [claim] }, [], documentUnits(model.document), { params, reasons: 0, paper: model.context }).map(
      (r) => r.index,
    );

/** Naive baseline: distinct content stems in common with the citance; ties keep reading order. */
export const overlapRanker: Ranker = (claim, model) => {
  const claimStems = new Set(stems(claim, SCORING_TOKENS));
  const units = documentUnits(model.document);
  const overlap = units.map((u) => new Set(stems(u.text, SCORING_TOKENS).filter((s) => claimStems.has(s))).size);
  return units.map((_, i) => i).sort((a, b) => overlap[b]! - overlap[a]! || a - b);
};

export function evaluateCitances(data: ClSciSummData, rank: Ranker): RankMetrics {
  const models = new Map([...data.papers].map(([id, paper]) => [id, paperModel(paper)]));
  let at1 = 0, at3 = 0, reciprocal = 0;
  for (const citance of data.citances) {
    const model = models.get(citance.paper)!;
    const gold = new Set(citance.gold);
    const first = rank(citanceAsClaim(citance.text), model).findIndex((i) => gold.has(model.sids[i]!)) + 1;
    if (first === 1) at1++;
    if (first >= 1 && first <= 3) at3++;
    if (first >= 1) reciprocal += 1 / first;
  }
  const n = data.citances.length || 1;
  return { citances: data.citances.length, at1: at1 / n, at3: at3 / n, mrr: reciprocal / n };
}

export type { Citance };

/**
 * Best-paragraph scores for the audit thresholds: each citance against its own reference paper
 * (positive) and against another reference paper drawn with a fixed seed (negative).
 */
export function citanceSupportScores(data: ClSciSummData, seed = 2018): Scored[] {
  const models = new Map([...data.papers].map(([id, paper]) => [id, paperModel(paper)]));
  const ids = [...models.keys()];
  const random = mulberry32(seed);
  const best = (claim: string, model: PaperModel) =>
    scoreParagraphsLexically({ text: claim, sentences: [claim] }, [], model.document, 1, model.context)[0]?.score ?? 0;
  return data.citances.flatMap((citance) => {
    const claim = citanceAsClaim(citance.text);
    const others = ids.filter((id) => id !== citance.paper);
    const other = others[Math.floor(random() * others.length)]!;
    return [
      { score: best(claim, models.get(citance.paper)!), positive: true },
      { score: best(claim, models.get(other)!), positive: false },
    ];
  });
}

/** A small seeded PRNG, so the negative pairs are the same on every run. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
