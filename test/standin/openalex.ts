// Stand-in for OpenAlex, mounted at `${standIn.url}/openalex` (`sources.openalex.url`). Serves
// recorded payloads (test/fixtures/openalex, see PROVENANCE.md):
//
//   GET /works/doi:{doi} and /works/https://doi.org/{doi}
//       the recorded work of that DOI, free with or without a key; an unknown DOI gets the
//       recorded 404, an HTML page.
//   GET /works?search=…[&filter=…][&per_page=N]&api_key=KEY
//       the recorded works holding at least half of the search words, best first, in OpenAlex's list
//       envelope. Without `api_key` it answers what OpenAlex answers a keyless caller whose daily
//       budget is spent (429, `Retry-After` of hours); a blank `api_key` gets 401.
import { readFileSync } from 'node:fs';
import { fixturePath, send, type StandIn } from './server';
import { relevanceSearch, stems, type Searchable } from './tinySearch';

type Work = Record<string, unknown> & { doi?: string; title?: string; type?: string };

const JSON_TYPE = 'application/json';
const WORK_FILES = [
  'works_doi-10.1073_pnas.1414271111_single-work_with-abstract.json',
  'works_doi-10.1016_j.xgen.2025.100814_cell-genomics_abstract-null.json',
  'works_doi-10.1101_2024.04.01.587366_biorxiv-preprint.json',
];
const LIST_FILE = 'works_filter-title.search_augmenting-llms-with-chemistry-tools_2-results_article-and-preprint.json';

function read(name: string): string {
  return readFileSync(fixturePath('openalex', name), 'utf8');
}

/** The words of an inverted-index abstract, for the tiny search. */
function abstractWords(work: Work): string {
  const index = work.abstract_inverted_index;
  return index && typeof index === 'object' ? Object.keys(index).join(' ') : '';
}

export function installOpenAlex(standIn: StandIn): void {
  const list = JSON.parse(read(LIST_FILE)) as { meta: Record<string, unknown>; results: Work[] };
  // Open PDFs on other hosts are pointed at the stand-in's files (a 404 there): no test resolves a real host.
  const works: Work[] = [...WORK_FILES.map((f) => JSON.parse(read(f)) as Work), ...list.results].map((w) => localPdf(w, standIn.url));
  const byDoi = new Map(works.map((w) => [String(w.doi ?? '').replace(/^https:\/\/doi\.org\//, '').toLowerCase(), w]));
  const corpus: Searchable<Work>[] = works.map((item) => ({ item, fields: { all: stems(`${item.title ?? ''} ${abstractWords(item)}`) } }));
  const notFound = read('works_doi-10.1046_j.1365-2699.2003.00795_select_http404_html-body.html');

  standIn.handle('openalex', (req, res) => {
    const lookup = /^\/works\/(?:doi:|https?:\/\/doi\.org\/)(.+)$/i.exec(decodeURIComponent(req.path));
    if (lookup) {
      const work = byDoi.get(lookup[1]!.toLowerCase());
      return work ? send(res, 200, JSON.stringify(work), JSON_TYPE) : send(res, 404, notFound, 'text/html');
    }
    if (req.path !== '/works') return send(res, 404, notFound, 'text/html');
    const params = req.url.searchParams;
    const key = params.get('api_key');
    if (key === null) {
      const body = JSON.stringify({ error: 'Rate limit exceeded', message: 'Keyless daily budget spent; use an API key.' });
      return send(res, 429, body, JSON_TYPE, { 'retry-after': '43200' });
    }
    if (!key.trim()) return send(res, 401, JSON.stringify({ error: 'Invalid API key' }), JSON_TYPE);
    const noPreprints = /type:!preprint/.test(params.get('filter') ?? '');
    const found = relevanceSearch(corpus, params.get('search') ?? '').filter((w) => !noPreprints || w.type !== 'preprint');
    const perPage = Math.min(200, Number(params.get('per_page') ?? 25) || 25);
    const body = { meta: { ...list.meta, count: found.length, per_page: perPage }, results: found.slice(0, perPage), group_by: [] };
    send(res, 200, JSON.stringify(body), JSON_TYPE);
  });
}

function localPdf(work: Work, base: string): Work {
  const best = work.best_oa_location as { pdf_url?: string | null } | null | undefined;
  if (!best?.pdf_url) return work;
  return { ...work, best_oa_location: { ...best, pdf_url: `${base}/files/openalex/${encodeURIComponent(best.pdf_url)}` } };
}
