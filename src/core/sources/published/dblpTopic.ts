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
import { namedAuthorShare } from '../../ranking/namedAuthors';

/** Words in each OR-group. */
const GROUP = 3;
/** Works of a named author asked for: a prolific author has hundreds; the caller ranks them by topic. */
const NAMED_AUTHOR_PAGE = 100;

/** `rare1|rare2|rare3 next1|next2|next3`, then `rare1|rare2|rare3`: the requests in order, the later only if the earlier found nothing. */
export function dblpTopicQueries(words: string[]): string[] {
  const first = words.slice(0, GROUP).join('|');
  const second = words.slice(GROUP, 2 * GROUP).join('|');
  if (!first) return [];
  return second ? [`${first} ${second}`, first] : [first];
}

/**
 * The works of an author a claim names ("Van Halteren et al. evaluated …"): the name with any of
 * the rarest words, then the name alone (a title may share none of them; the caller ranks the
 * author's works by the claim's words and keeps only theirs).
 */
export function dblpNamedAuthorQueries(family: string, words: string[]): string[] {
  const name = family.replace(/[|"]+/g, ' ').trim();
  if (!name) return [];
  const names = new Set(name.toLowerCase().split(/\s+/));
  const topic = words.filter((w) => !names.has(w.toLowerCase())).slice(0, 2 * GROUP).join('|');
  return topic ? [`${name} ${topic}`, name] : [name];
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
    const family = request.query.authors?.[0];
    // An author's works come back in DBLP's order, not by topic: ask for enough to rank here.
    const hits = family ? NAMED_AUTHOR_PAGE : Math.min(100, Math.max(1, request.maxResults));
    const words = narrowestWords(request.query, 2 * GROUP);
    const queries = family ? dblpNamedAuthorQueries(family, words) : dblpTopicQueries(words);
    let records: PaperRecord[] = [];
    for (const q of queries) {
      records = (await searchDblp(q, deps, { hits }))
        // An editorship (a proceedings volume) is not a paper to cite for a claim.
        .filter((r) => r.kind !== 'editorship' && r.authors.length > 0)
        .map(dblpPaperRecord)
        .filter((r) => !family || namedAuthorShare([family], r.authors) > 0);
      if (records.length > 0) break;
    }
    return records;
  }
}

