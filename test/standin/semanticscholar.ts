// Stand-in for Semantic Scholar's Graph API, mounted at `${standIn.url}/semanticscholar`
// (`sources.semanticscholar.url` points at its `/graph/v1`). Serves recorded payloads
// (test/fixtures/semanticscholar, see PROVENANCE.md):
//
//   GET /graph/v1/paper/search?query=…&fields=…&limit=N[&year=Y1-Y2]
//       the recorded papers whose title or abstract holds at least half of the query's words,
//       best first (S2 ranks by relevance and tolerates missing words; tinySearch.ts relevanceSearch), in the recorded envelope
//       `{total, offset, data}`; no match: the recorded `{"total": 0, "offset": 0}`.
//   GET /graph/v1/paper/search/match?query=TITLE&fields=…
//       the recorded paper whose title has the same words as TITLE (stems, any order; at most one
//       word of either missing), as `{data: [paper + matchScore]}`; none: the recorded 404
//       `{"error":"Title match not found"}`.
//   The magic query word `standin429` (or forceSemanticScholar429) answers the recorded 429 body,
//   with `Retry-After` when a test asks for one.
import { readFileSync } from 'node:fs';
import { fixturePath, send, type StandIn } from './server';
import { relevanceSearch, stems, type Searchable } from './tinySearch';

type Paper = Record<string, unknown> & { title?: string; abstract?: string | null; year?: number | null };

const JSON_TYPE = 'application/json';
const rateLimited = new WeakMap<StandIn, { count: number; retryAfter?: string }>();

/** The next `count` searches and title matches answer 429 (with `retryAfter` seconds when given). */
export function forceSemanticScholar429(standIn: StandIn, count = 1, retryAfter?: number): void {
  rateLimited.set(standIn, { count, retryAfter: retryAfter === undefined ? undefined : String(retryAfter) });
}

function read(name: string): string {
  return readFileSync(fixturePath('semanticscholar', name), 'utf8');
}

export function installSemanticScholar(standIn: StandIn): void {
  const turing = JSON.parse(read('paper-search_query-turing_year-1936_all-fields.json')) as { data: Paper[] };
  const match = JSON.parse(read('paper-search-match_mining-association-rules-between_all-fields.json')) as { data: Paper[] };
  // Open PDFs on other hosts are pointed at the stand-in's files (a 404 there): no test resolves a real host.
  const papers = [...turing.data, ...match.data.map(({ matchScore: _score, ...paper }) => paper)]
    .map((paper) => localPdf(paper, standIn.url));
  const corpus: Searchable<Paper>[] = papers.map((item) => ({ item, fields: { all: stems(`${item.title ?? ''} ${item.abstract ?? ''}`) } }));
  const empty = read('paper-search_nonsense-query_zero-results.json');
  const tooMany = read('paper-search_http429_too-many-requests.json');
  // The recorded answer's score, on every match (the client does not read it).
  const matchScore = match.data[0]?.matchScore;
  const noMatch = read('paper-search-match_nonsense-title_http404_title-match-not-found.json');

  standIn.handle('semanticscholar', (req, res) => {
    const matching = req.path === '/graph/v1/paper/search/match';
    if (!matching && req.path !== '/graph/v1/paper/search') return send(res, 404, JSON.stringify({ error: 'Not found' }), JSON_TYPE);
    const params = req.url.searchParams;
    const query = params.get('query') ?? '';
    const forced = rateLimited.get(standIn);
    if (/\bstandin429\b/i.test(query) || (forced && forced.count > 0)) {
      if (forced) forced.count--;
      return send(res, 429, tooMany, JSON_TYPE, forced?.retryAfter ? { 'retry-after': forced.retryAfter } : {});
    }
    if (matching) {
      const paper = titleMatch(papers, query);
      return paper ? send(res, 200, JSON.stringify({ data: [{ ...paper, matchScore }] }), JSON_TYPE) : send(res, 404, noMatch, JSON_TYPE);
    }
    const [from, until] = (params.get('year') ?? '').split('-').map((y) => (y ? Number(y) : undefined));
    const found = relevanceSearch(corpus, query).filter((p) => {
      const year = typeof p.year === 'number' ? p.year : undefined;
      return year === undefined || ((from === undefined || year >= from) && (until === undefined || year <= until));
    });
    if (found.length === 0) return send(res, 200, empty, JSON_TYPE);
    const limit = Math.min(100, Number(params.get('limit') ?? 10) || 10);
    send(res, 200, JSON.stringify({ total: found.length, offset: 0, data: found.slice(0, limit) }), JSON_TYPE);
  });
}

/** The paper whose title holds the query's words and little else (at most one word either way). */
function titleMatch(papers: Paper[], query: string): Paper | undefined {
  const wanted = new Set(stems(query));
  if (wanted.size < 2) return undefined;
  return papers.find((paper) => {
    const has = new Set(stems(paper.title ?? ''));
    const missing = [...wanted].filter((s) => !has.has(s)).length;
    const extra = [...has].filter((s) => !wanted.has(s)).length;
    return missing <= 1 && extra <= 1;
  });
}

export function localPdf(paper: Paper, base: string): Paper {
  const pdf = paper.openAccessPdf as { url?: string } | null | undefined;
  if (!pdf?.url) return paper;
  return { ...paper, openAccessPdf: { ...pdf, url: `${base}/files/semanticscholar/${encodeURIComponent(pdf.url)}` } };
}
