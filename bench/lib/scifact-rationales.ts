// Rationale retrieval on SciFact: each cited abstract's sentences are the paragraphs; we rank
// them for the claim and check where the annotated rationale sentences land.
import { DEFAULT_LEXICAL_PARAMS, rankUnits, type LexicalParams } from '../../src/core/scoring/lexical';
import type { SciFactClaim, SciFactDoc } from './scifact-data';

export interface RationaleMetrics {
  pairs: number;
  recallAt1: number;
  recallAt3: number;
  mrr: number;
  sentenceRecallAt3: number;
}

export function evaluateRationales(
  claims: SciFactClaim[],
  corpus: Map<number, SciFactDoc>,
  params: LexicalParams = DEFAULT_LEXICAL_PARAMS,
): RationaleMetrics {
  let pairs = 0, hit1 = 0, hit3 = 0, reciprocal = 0, rationales = 0, rationalesIn3 = 0;
  for (const claim of claims) {
    for (const [docId, sets] of Object.entries(claim.evidence)) {
      const doc = corpus.get(Number(docId));
      if (!doc) throw new Error(`doc ${docId} of claim ${claim.id} is not in the corpus`);
      const gold = new Set(sets.flatMap((s) => s.sentences));
      const units = doc.abstract.map((text) => ({ section: 'Abstract', text, sentences: [text] }));
      const paper = { title: doc.title, abstract: doc.abstract.join(' ') };
      const order = rankUnits({ text: claim.claim, sentences: [claim.claim] }, [], units, { params, reasons: 0, paper }).map(
        (r) => r.index,
      );
      const firstRank = order.findIndex((i) => gold.has(i)) + 1;
      pairs++;
      if (firstRank === 1) hit1++;
      if (firstRank >= 1 && firstRank <= 3) hit3++;
      if (firstRank >= 1) reciprocal += 1 / firstRank;
      rationales += gold.size;
      rationalesIn3 += order.slice(0, 3).filter((i) => gold.has(i)).length;
    }
  }
  return {
    pairs,
    recallAt1: hit1 / pairs,
    recallAt3: hit3 / pairs,
    mrr: reciprocal / pairs,
    sentenceRecallAt3: rationalesIn3 / rationales,
  };
}
