// Stand-in for Semantic Scholar's Graph API, mounted at `${standIn.url}/semanticscholar`
// (`sources.semanticscholar.url` points at its `/graph/v1`). Serves recorded payloads
// (test/fixtures/semanticscholar, see PROVENANCE.md):
//
//   GET /graph/v1/paper/search?query=…&fields=…&limit=N[&year=Y1-Y2]
//       the recorded papers whose title or abstract holds at least half of the query's words,
//       best first (S2 ranks by relevance and tolerates missing words; tinySearch.ts relevanceSearch), in the recorded envelope
//       `{total, offset, data}`; no match: the recorded `{"total": 0, "offset": 0}`.
//   The magic query word `standin429` (or forceSemanticScholar429) answers the recorded 429 body,
//   with `Retry-After` when a test asks for one.
import { readFileSync } from 'node:fs';
import { fixturePath, send, type StandIn } from './server';
import { relevanceSearch, stems, type Searchable } from './tinySearch';

type Paper = Record<string, unknown> & { title?: string; abstract?: string | null; year?: number | null };

const JSON_TYPE = 'application/json';
const rateLimited = new WeakMap<StandIn, { count: number; retryAfter?: string }>();

/** The next `count` searches answer 429 (with `retryAfter` seconds when given). */
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

  standIn.handle('semanticscholar', (req, res) => {
    if (req.path !== '/graph/v1/paper/search') return send(res, 404, JSON.stringify({ error: 'Not found' }), JSON_TYPE);
    const params = req.url.searchParams;
    const query = params.get('query') ?? '';
    const forced = rateLimited.get(standIn);
    if (/\bstandin429\b/i.test(query) || (forced && forced.count > 0)) {
      if (forced) forced.count--;
      return send(res, 429, tooMany, JSON_TYPE, forced?.retryAfter ? { 'retry-after': forced.retryAfter } : {});
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

function localPdf(paper: Paper, base: string): Paper {
  const pdf = paper.openAccessPdf as { url?: string } | null | undefined;
  if (!pdf?.url) return paper;
  return { ...paper, openAccessPdf: { ...pdf, url: `${base}/files/semanticscholar/${encodeURIComponent(pdf.url)}` } };
}
