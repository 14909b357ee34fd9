// The arXiv versions of many DOI-only works, in one request. Each work is one `ti:… AND au:…`
// search (arxivVersion.ts), and arXiv takes one request every 3 s: an audit with three such works
// waited for three slots one after another. Searches
// asked while the audit still holds the batch open (it is resolving entries and trying PDFs that
// may leave works without text), or within the same tick, go out as one search_query, each
// search in parentheses and joined by OR; each work takes only the entry that names its DOI.
import type { CoreDeps } from '../deps';
import { normalizeDoi } from '../identity/work';
import { searchArxivQuery } from '../sources/arxiv';
import type { PaperRecord } from '../types';
import { arxivVersionQuery } from './arxivVersion';

/** Searches OR'd into one request: short enough a URL (about 2 KB) for any proxy to pass. */
const MAX_SEARCHES_PER_REQUEST = 10;
/** Entries asked for per search, as a single search asks (arxivVersion.ts). */
const RESULTS_PER_SEARCH = 5;

interface Waiting {
  doi: string;
  query: string;
  resolve: (record: PaperRecord | undefined) => void;
  reject: (error: unknown) => void;
}

export class ArxivVersionBatch {
  private readonly waiting: Waiting[] = [];
  private holds = 0;
  private running = false;

  constructor(private readonly deps: CoreDeps) {}

  /**
   * Keeps searches waiting until the returned function is called (once per hold; later calls do
   * nothing): the audit holds the batch while it may still add works to it.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      this.schedule();
    };
  }

  /** The arXiv record that names `record`'s DOI as its published version, if arXiv has one. */
  find(record: PaperRecord): Promise<PaperRecord | undefined> {
    const search = versionSearchOf(record);
    if (!search) return Promise.resolve(undefined);
    const { doi, query } = search;
    return new Promise((resolve, reject) => {
      this.waiting.push({ doi, query, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.holds > 0 || this.waiting.length === 0) return;
    this.running = true;
    // Let the rest of this tick's searches join the request.
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0 && this.holds === 0) {
        const batch = this.waiting.splice(0, MAX_SEARCHES_PER_REQUEST);
        const queries = [...new Set(batch.map((w) => w.query))];
        const query = queries.length === 1 ? queries[0]! : queries.map((q) => `(${q})`).join(' OR ');
        try {
          const { settings, http, signal } = this.deps;
          const found = await searchArxivQuery(query, RESULTS_PER_SEARCH * queries.length, settings, http, signal);
          for (const w of batch) w.resolve(found.find((r) => normalizeDoi(r.publishedDoi) === w.doi || normalizeDoi(r.doi) === w.doi));
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.running = false;
      this.schedule();
    }
  }
}

/** Whether `record` may be read through its arXiv version: a DOI'd work arXiv could hold, with no abstract of its own. */
export function mayNeedArxivVersion(record: PaperRecord): boolean {
  return !record.abstract && versionSearchOf(record) !== undefined;
}

/** The DOI a work's arXiv version names and the search that finds it; undefined for an arXiv record or one without a DOI. */
function versionSearchOf(record: PaperRecord): { doi: string; query: string } | undefined {
  const doi = record.source === 'arxiv' ? undefined : normalizeDoi(record.doi);
  const query = doi ? arxivVersionQuery(record) : undefined;
  return doi && query ? { doi, query } : undefined;
}
