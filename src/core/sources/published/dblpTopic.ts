// DBLP by topic: the proceedings paper a computer-science claim should cite, including the CHI,
// SIGIR or ACL paper that was never posted to arXiv. DBLP requires every query term in a record
// (title, authors, venue), prefix-matched, `a|b` for either, and has no abstracts; a title holds
// few of a claim's words. So the query is two OR-groups: one of the three rarest words and one of
// the next three (a title must hold one of each), and when that finds nothing, the first group
// alone. Our own ranking then orders what comes back. Its BibTeX is DBLP's own record
// (bibtex/fetch.ts, by `dblpKey`) when the work has no DOI. Paced one request a second across
// processes (net/pacing.ts).
import type { CoreDeps } from '../../deps';
import type { HttpClient } from '../../net/types';
import type { Settings } from '../../settings/index';
import type { PaperRecord, PublishedSource, SearchRequest } from '../../types';
import { searchDblp } from '../dblp';
import { dblpPaperRecord } from '../dblpPaper';
import { narrowestWords } from './queryWords';
import { searchDblpByAuthor } from '../../search/dblpAuthorSearch';
import { hasAuthors } from '../../search/byAuthor';

/** Words in each OR-group. */
const GROUP = 3;

/** `rare1|rare2|rare3 next1|next2|next3`, then `rare1|rare2|rare3`: the requests in order, the later only if the earlier found nothing. */
export function dblpTopicQueries(words: string[]): string[] {
  const first = words.slice(0, GROUP).join('|');
  const second = words.slice(GROUP, 2 * GROUP).join('|');
  if (!first) return [];
  return second ? [`${first} ${second}`, first] : [first];
}

export class DblpTopicSource implements PublishedSource {
  readonly lane = 'dblp' as const;
  readonly paced = true;

  constructor(
    private readonly settings: Settings,
    private readonly http: HttpClient,
  ) {}

  async search(request: SearchRequest): Promise<PaperRecord[]> {
    const deps: CoreDeps = { http: this.http, settings: this.settings, signal: request.signal };
    const words = narrowestWords(request.query, 2 * GROUP);
    // A named author's works ("Van Halteren et al. …"): DBLP's search by author, as for an informal citation.
    const family = request.query.authors?.[0];
    if (family) {
      const topic = words.filter((w) => w.toLowerCase() !== family);
      return searchDblpByAuthor({ ...request.query, keywords: topic }, deps, hasAuthors);
    }
    const hits = Math.min(100, Math.max(1, request.maxResults));
    let records: PaperRecord[] = [];
    for (const q of dblpTopicQueries(words)) {
      records = (await searchDblp(q, deps, { hits }))
        // An editorship (a proceedings volume) is not a paper to cite for a claim.
        .filter((r) => r.kind !== 'editorship' && r.authors.length > 0)
        .map(dblpPaperRecord);
      if (records.length > 0) break;
    }
    return records;
  }
}
