// Relevance order for the benchmark's corpus server: BM25 (k1 1.2, b 0.75) over a record's fields,
// a field weighted by how much the real services favour it (a title hit counts double, as Lucene-
// based indexes such as Europe PMC's boost titles). A phrase term counts its stems in a row. The
// stems are test/standin/tinySearch.ts's, so the boolean filter and the ranking read words alike.
import { occurrences, type SearchTerm, type Searchable } from '../../test/standin/tinySearch';

const K1 = 1.2;
const B = 0.75;

export class Bm25Index<T> {
  private readonly lengths = new Map<Searchable<T>, number>();
  private readonly averageLength: number;
  private readonly documentFrequency = new Map<string, number>();
  /** Stem → the documents holding it in some field: a one-word term is looked up, not scanned for. */
  private readonly postings = new Map<string, Set<Searchable<T>>>();
  /** Per document and field, how often each stem occurs. */
  private readonly counts = new Map<Searchable<T>, Record<string, Map<string, number>>>();

  constructor(readonly docs: Searchable<T>[], private readonly weights: Record<string, number> = {}) {
    for (const doc of docs) {
      this.lengths.set(doc, this.weightedLength(doc));
      const perField: Record<string, Map<string, number>> = {};
      for (const [field, stems] of Object.entries(doc.fields)) {
        const counts = (perField[field] = new Map<string, number>());
        for (const stem of stems) {
          counts.set(stem, (counts.get(stem) ?? 0) + 1);
          let holders = this.postings.get(stem);
          if (!holders) this.postings.set(stem, (holders = new Set()));
          holders.add(doc);
        }
      }
      this.counts.set(doc, perField);
    }
    this.averageLength = docs.length ? [...this.lengths.values()].reduce((a, b) => a + b, 0) / docs.length : 1;
  }

  /** `docs` (a subset of the index's, e.g. the boolean matches) best first; ties keep their order. */
  rank(docs: Searchable<T>[], terms: SearchTerm[]): Searchable<T>[] {
    const usable = terms.filter((t) => t.stems.length > 0);
    return docs
      .map((doc, index) => ({ doc, index, score: this.score(doc, usable) }))
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .map((s) => s.doc);
  }

  /** Every document of the index matching at least one term, best first: a search that tolerates missing words. */
  rankAll(terms: SearchTerm[]): Searchable<T>[] {
    const usable = terms.filter((t) => t.stems.length > 0);
    return this.holding(usable)
      .map((doc, index) => ({ doc, index, score: this.score(doc, usable) }))
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .map((s) => s.doc);
  }

  /**
   * The documents (in index order) holding the first stem of some term: a superset of those a
   * boolean query of these terms can match, so a filter need only look at these.
   */
  holding(terms: SearchTerm[]): Searchable<T>[] {
    const holders = new Set(terms.filter((t) => t.stems.length > 0).flatMap((t) => [...(this.postings.get(t.stems[0]!) ?? [])]));
    return this.docs.filter((doc) => holders.has(doc));
  }

  score(doc: Searchable<T>, terms: SearchTerm[]): number {
    let score = 0;
    const norm = 1 - B + (B * (this.lengths.get(doc) ?? 0)) / this.averageLength;
    for (const term of terms) {
      const tf = this.termFrequency(doc, term);
      if (tf === 0) continue;
      score += this.idf(term) * ((tf * (K1 + 1)) / (tf + K1 * norm));
    }
    return score;
  }

  private idf(term: SearchTerm): number {
    const key = `${term.field}:${term.stems.join(' ')}`;
    let df = this.documentFrequency.get(key);
    if (df === undefined) {
      df = [...(this.postings.get(term.stems[0]!) ?? [])].filter((doc) => this.termFrequency(doc, term) > 0).length;
      this.documentFrequency.set(key, df);
    }
    return Math.log(1 + (this.docs.length - df + 0.5) / (df + 0.5));
  }

  private termFrequency(doc: Searchable<T>, term: SearchTerm): number {
    const fields = term.field === 'all' ? Object.keys(doc.fields) : [term.field];
    const inField = (field: string) =>
      term.stems.length === 1
        ? (this.counts.get(doc)?.[field]?.get(term.stems[0]!) ?? 0)
        : occurrences(doc.fields[field] ?? [], term.stems);
    return fields.reduce((sum, field) => sum + (this.weights[field] ?? 1) * inField(field), 0);
  }

  private weightedLength(doc: Searchable<T>): number {
    return Object.entries(doc.fields).reduce((sum, [field, stems]) => sum + (this.weights[field] ?? 1) * stems.length, 0);
  }
}
