// DBLP by topic: the proceedings paper a computer-science claim should cite, including the CHI,
// SIGIR or ACL paper that was never posted to arXiv. DBLP requires every query word in a record
// (title, authors, venue) and has no abstracts, so the query is the few words that narrow most;
// when they find nothing, fewer. Its BibTeX is DBLP's own record (bibtex/fetch.ts, by `dblpKey`)
// when the work has no DOI. Paced one request a second across processes (net/pacing.ts).
import type { CoreDeps } from '../../deps';
import type { HttpClient } from '../../net/types';
import type { Settings } from '../../settings/index';
import type { PaperRecord, PublishedSource, SearchRequest } from '../../types';
import { searchDblp } from '../dblp';
import { dblpPaperRecord } from '../dblpPaper';
import { narrowestWords } from './queryWords';

/** Words of the first request; the second, sent only when the first found nothing, has fewer. */
const WORDS_FIRST = 3;
const WORDS_SECOND = 2;

export class DblpTopicSource implements PublishedSource {
  readonly lane = 'dblp' as const;
  readonly paced = true;

  constructor(
    private readonly settings: Settings,
    private readonly http: HttpClient,
  ) {}

  async search(request: SearchRequest): Promise<PaperRecord[]> {
    const deps: CoreDeps = { http: this.http, settings: this.settings, signal: request.signal };
    const hits = Math.min(100, Math.max(1, request.maxResults));
    for (const count of [WORDS_FIRST, WORDS_SECOND]) {
      const words = narrowestWords(request.query, count);
      if (words.length === 0) return [];
      const records = (await searchDblp(words.join(' '), deps, { hits }))
        // An editorship (a proceedings volume) or a thesis is not a paper to cite for a claim.
        .filter((r) => r.kind !== 'editorship' && r.authors.length > 0)
        .map(dblpPaperRecord);
      if (records.length > 0 || words.length <= WORDS_SECOND) return records;
    }
    return [];
  }
}
