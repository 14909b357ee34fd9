// Scoring of the published-search benchmark: where in a run's ranked candidates the cited paper
// first appears, and success@5, success@10 and MRR over a set of claims.
import { normalTitle, type CsWork } from './publishedCorpusData';

/** What the benchmark reads of a candidate (the pipeline's Candidate carries these when known). */
export interface RankedCandidate {
  id?: string;
  title?: string;
  doi?: string;
  pmid?: string;
  dblpKey?: string;
}

export type CitedTest = (candidate: RankedCandidate) => boolean;

/** 1-based rank of the first cited candidate; undefined when none is. */
export function firstCitedRank(candidates: readonly RankedCandidate[], isCited: CitedTest): number | undefined {
  const at = candidates.findIndex(isCited);
  return at >= 0 ? at + 1 : undefined;
}

export interface RetrievalFigures {
  claims: number;
  success5: number;
  success10: number;
  /** Mean reciprocal rank of the first cited candidate (0 when none is in the list). */
  mrr: number;
}

export function retrievalFigures(ranks: readonly (number | undefined)[]): RetrievalFigures {
  const n = ranks.length;
  const share = (k: number) => (n ? ranks.filter((r) => r !== undefined && r <= k).length / n : 0);
  const mrr = n ? ranks.reduce<number>((sum, r) => sum + (r ? 1 / r : 0), 0) / n : 0;
  return { claims: n, success5: share(5), success10: share(10), mrr };
}

/**
 * A SciFact claim's cited abstracts: a candidate whose PMID (`pubmed:<pmid>` for a DOI-less
 * record) is a cited doc_id, or whose title is a cited abstract's (the same work found by
 * another lane).
 */
export function citesPubmed(cited: { pmid: string; title: string }[]): CitedTest {
  const pmids = new Set(cited.map((c) => c.pmid));
  const titles = new Set(cited.map((c) => normalTitle(c.title)));
  return (c) =>
    (c.pmid !== undefined && pmids.has(c.pmid)) ||
    (c.id?.startsWith('pubmed:') === true && pmids.has(c.id.slice('pubmed:'.length))) ||
    (c.title !== undefined && titles.has(normalTitle(c.title)));
}

/** A citance's reference paper: by title (normalised), DBLP key or DOI. */
export function citesWork(work: CsWork): CitedTest {
  const title = normalTitle(work.title);
  return (c) =>
    (c.title !== undefined && normalTitle(c.title) === title) ||
    (c.dblpKey !== undefined && c.dblpKey === work.key) ||
    (work.doi !== undefined && c.doi?.toLowerCase() === work.doi.toLowerCase());
}

export function formatFigures(label: string, f: RetrievalFigures): string {
  return `${label.padEnd(34)} success@5 ${f.success5.toFixed(3)}  success@10 ${f.success10.toFixed(3)}  MRR ${f.mrr.toFixed(3)}  (${f.claims} claims)`;
}
