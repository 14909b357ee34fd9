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
import { RequestBatcher } from '../net/requestBatcher';

/** Searches OR'd into one request: short enough a URL (about 2 KB) for any proxy to pass. */
const MAX_SEARCHES_PER_REQUEST = 10;
/** Entries asked for per search, as a single search asks (arxivVersion.ts). */
const RESULTS_PER_SEARCH = 5;

interface VersionSearch {
  doi: string;
  query: string;
}

export class ArxivVersionBatch {
  private readonly batcher: RequestBatcher<VersionSearch, PaperRecord | undefined>;

  constructor(deps: CoreDeps) {
    this.batcher = new RequestBatcher(MAX_SEARCHES_PER_REQUEST, async (searches) => {
      const queries = [...new Set(searches.map((s) => s.query))];
      const query = queries.length === 1 ? queries[0]! : queries.map((q) => `(${q})`).join(' OR ');
      const found = await searchArxivQuery(query, RESULTS_PER_SEARCH * queries.length, deps.settings, deps.http, deps.signal);
      return searches.map(({ doi }) => found.find((r) => normalizeDoi(r.publishedDoi) === doi || normalizeDoi(r.doi) === doi));
    });
  }

  /**
   * Keeps searches waiting until the returned function is called (once per hold; later calls do
   * nothing): the audit holds the batch while it may still add works to it.
   */
  hold(): () => void {
    return this.batcher.hold();
  }

  /** The arXiv record that names `record`'s DOI as its published version, if arXiv has one. */
  find(record: PaperRecord): Promise<PaperRecord | undefined> {
    const search = versionSearchOf(record);
    return search ? this.batcher.ask(search) : Promise.resolve(undefined);
  }
}

/** Whether `record` may be read through its arXiv version: a DOI'd work arXiv could hold, with no abstract of its own. */
export function mayNeedArxivVersion(record: PaperRecord): boolean {
  return !record.abstract && versionSearchOf(record) !== undefined;
}

/** The DOI a work's arXiv version names and the search that finds it; undefined for an arXiv record or one without a DOI. */
function versionSearchOf(record: PaperRecord): VersionSearch | undefined {
  const doi = record.source === 'arxiv' ? undefined : normalizeDoi(record.doi);
  const query = doi ? arxivVersionQuery(record) : undefined;
  return doi && query ? { doi, query } : undefined;
}
