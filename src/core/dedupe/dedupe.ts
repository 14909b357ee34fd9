// Merges the hits of every query and repository into one candidate per work.
// Two records are the same work when they share an identity key (identity/work.ts: a versionless
// arXiv id, a DOI of their own or the published version's, or a first-author surname with the
// same normalised title) — or, as SciLit does, the same first and last title words with nearly
// the same title words overall (arXiv and journal titles often differ by a word or by math
// markup). Union-find makes the matches transitive: an arXiv record naming a journal DOI joins
// the DOI-only record of it.
import type { Candidate, CitationCount, PaperRecord, RecordSource, Repository } from '../types';
import { largerCount } from '../identity/citationCount';
import { familyName, titleWords } from '../identity/names';
import { identityKeys, versionlessArxivId } from '../identity/work';
import { isPreprintServer, versionOfRecordFields } from './versions';

export interface Hit {
  record: PaperRecord;
  queryIndex: number;
  /** Position in the source's answer, 0 = best. */
  rank: number;
}

/** Shared share of title words for the looser first/last-word match. */
const MIN_TITLE_OVERLAP = 0.6;
const MAX_YEAR_GAP = 2;

export function dedupeRecords(hits: Hit[]): Candidate[] {
  return dedupeGroups(hits).map((group) => group.candidate);
}

/** One candidate per work, with the ids of the records merged into it. */
export interface MergedGroup {
  candidate: Candidate;
  recordIds: string[];
}

export function dedupeGroups(hits: Hit[]): MergedGroup[] {
  const sets = new DisjointSets(hits.length);
  const firstWithKey = new Map<string, number>();
  const looseBuckets = new Map<string, number[]>();
  hits.forEach((hit, i) => {
    const { keys, loose } = keysOf(hit.record);
    for (const key of keys) {
      const j = firstWithKey.get(key);
      if (j === undefined) firstWithKey.set(key, i);
      else sets.union(i, j);
    }
    if (loose) looseBuckets.set(loose, [...(looseBuckets.get(loose) ?? []), i]);
  });
  for (const members of looseBuckets.values()) {
    for (let a = 0; a < members.length; a++) {
      for (let b = a + 1; b < members.length; b++) {
        if (similarWorks(hits[members[a]].record, hits[members[b]].record)) sets.union(members[a], members[b]);
      }
    }
  }
  const groups = new Map<number, number[]>();
  hits.forEach((_, i) => groups.set(sets.find(i), [...(groups.get(sets.find(i)) ?? []), i]));
  return [...groups.values()]
    .map((members) => ({ members, order: members.map((i) => precedence(hits, i)).sort(comparePrecedence)[0] }))
    .sort((a, b) => comparePrecedence(a.order, b.order))
    .map(({ members }) => ({
      candidate: mergeGroup(members.map((i) => hits[i]), members),
      recordIds: unique(members.map((i) => hits[i].record.id)),
    }));
}

/**
 * A record's keys, kept with it: the store merges all its hits again at every search answer, and a
 * record is never changed in place (an enriched one is a new object).
 */
const keysByRecord = new WeakMap<PaperRecord, { keys: string[]; loose?: string }>();

function keysOf(record: PaperRecord): { keys: string[]; loose?: string } {
  let known = keysByRecord.get(record);
  if (!known) keysByRecord.set(record, (known = { keys: identityKeys(record), loose: looseTitleKey(record) }));
  return known;
}

/** The looser key: first-author surname with the first and last title words. */
function looseTitleKey(record: PaperRecord): string | undefined {
  const words = titleWords(record.title);
  const surname = familyName(record.authors[0] ?? '');
  if (words.length < 3 || !surname) return undefined;
  return `${surname}|${words[0]}|${words[words.length - 1]}`;
}

function similarWorks(a: PaperRecord, b: PaperRecord): boolean {
  if (a.year !== undefined && b.year !== undefined && Math.abs(a.year - b.year) > MAX_YEAR_GAP) return false;
  const wordsA = new Set(titleWords(a.title));
  const wordsB = new Set(titleWords(b.title));
  const shared = [...wordsA].filter((w) => wordsB.has(w)).length;
  return shared / (wordsA.size + wordsB.size - shared) >= MIN_TITLE_OVERLAP;
}

type Precedence = [rank: number, queryIndex: number, index: number];

function precedence(hits: Hit[], i: number): Precedence {
  return [hits[i].rank, hits[i].queryIndex, i];
}

function comparePrecedence(a: Precedence, b: Precedence): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** One candidate from a group: the best-ranked record first, gaps filled from the others. */
function mergeGroup(groupHits: Hit[], indexes: number[]): Candidate {
  const ordered = groupHits
    .map((hit, k) => ({ hit, p: [hit.rank, hit.queryIndex, indexes[k]] as Precedence }))
    .sort((a, b) => comparePrecedence(a.p, b.p))
    .map(({ hit }) => hit.record);
  const base = ordered[0];
  const pick = <K extends keyof PaperRecord>(field: K): PaperRecord[K] | undefined =>
    ordered.map((r) => r[field]).find((v) => v !== undefined && v !== '');
  const abstracts = ordered.map((r) => r.abstract).filter((a): a is string => !!a?.trim());
  const categories = unique(ordered.flatMap((r) => r.categories ?? []));
  const candidate: Candidate = {
    ...base,
    // The earliest preprint server's record's id, else the earliest record's (members are listed in
    // arrival order): stable while hits keep arriving, so BibTeX is fetched once, and the same
    // whichever lane answered first.
    id: (groupHits.find((h) => isPreprintServer(h.record.source)) ?? groupHits[0]).record.id,
    authors: ordered.find((r) => r.authors.length > 0)?.authors ?? [],
    sources: unique(ordered.map((r) => r.source)) as Repository[],
    matchedQueries: unique(groupHits.map((h) => h.queryIndex)).sort((a, b) => a - b),
    retrievalScore: 0,
    sourceRanks: bestRanks(groupHits),
  };
  const fields = ['year', 'doi', 'version', 'url', 'pdfUrl', 'jatsUrl', 'publishedDoi', 'journal', 'dblpKey', 'pmid', 'pmcid', 'sourceTrust'] as const;
  for (const field of fields) {
    const value = pick(field);
    if (value !== undefined) Object.assign(candidate, { [field]: value });
  }
  // Open when any version's full text is (a preprint, or a record naming its arXiv version): the reader gets whichever version is open.
  const open = ordered.map((r) => (isPreprintServer(r.source) || r.arxivId ? true : r.openAccess))
    .filter((o): o is boolean => o !== undefined);
  if (open.length) candidate.openAccess = open.includes(true);
  Object.assign(candidate, versionOfRecordFields(ordered));
  const arxivId = ordered.map(versionlessArxivId).find(Boolean);
  if (arxivId) candidate.arxivId = arxivId;
  // The longest abstract says the most; ties keep the best-ranked one.
  if (abstracts.length) candidate.abstract = abstracts.reduce((a, b) => (b.length > a.length ? b : a));
  if (categories.length) candidate.categories = categories;
  // Each index counts a different literature (and a preprint and its journal version apart).
  const citedBy = ordered.reduce<CitationCount | undefined>((best, r) => largerCount(best, r.citedBy), undefined);
  if (citedBy) candidate.citedBy = citedBy;
  return candidate;
}

/** Each source's best position for the work: the services' own relevance order, for the ranking. */
function bestRanks(groupHits: Hit[]): Partial<Record<RecordSource, number>> {
  const ranks: Partial<Record<RecordSource, number>> = {};
  for (const { record, rank } of groupHits) ranks[record.source] = Math.min(ranks[record.source] ?? rank, rank);
  return ranks;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** Union-find with path halving. */
class DisjointSets {
  private readonly parent: number[];
  constructor(size: number) {
    this.parent = Array.from({ length: size }, (_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]];
      i = this.parent[i];
    }
    return i;
  }
  union(a: number, b: number): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    // The smaller index becomes the root, so results do not depend on merge order.
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}
