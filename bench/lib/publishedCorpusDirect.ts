// Reference figures that need no pipeline: the claim's words sent straight to each service of the
// corpus server in the service's own syntax, as a user pasting the claim into its search box
// would. They say how hard the served corpora make the task, whatever the lanes do.
import type { CorpusServer } from './publishedCorpusServer';
import type { RankedCandidate } from './publishedCorpusScore';

export type DirectSearch = 'europepmc-and' | 'europepmc-or' | 'dblp' | 'semanticscholar';

/** Words of the claim, operators lower-cased so they stay words. */
function wordsOf(claim: string): string[] {
  return (claim.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => (/^(AND|OR|NOT)$/.test(w) ? w.toLowerCase() : w));
}

function requestUrl(server: CorpusServer, search: DirectSearch, claim: string): string {
  const words = wordsOf(claim);
  if (search === 'dblp') return `${server.settings['sources.dblp.url']}/search/publ/api?${new URLSearchParams({ q: words.join(' '), format: 'json', h: '10' })}`;
  if (search === 'semanticscholar') {
    return `${server.settings['sources.semanticscholar.url']}/paper/search?${new URLSearchParams({ query: words.join(' '), fields: 'title,externalIds', limit: '10' })}`;
  }
  const terms = words.join(search === 'europepmc-and' ? ' AND ' : ' OR ');
  return `${server.settings['sources.europepmc.url']}?${new URLSearchParams({ query: `(${terms}) AND (SRC:MED OR SRC:PMC)`, format: 'json', resultType: 'core', pageSize: '10' })}`;
}

interface Answers {
  resultList?: { result: { pmid?: string; title?: string }[] };
  result?: { hits: { hit?: { info: { title: string; key: string } }[] } };
  data?: { title: string }[];
}

/** The first ten answers of one service to the claim's words, as candidates the scorer reads. */
export async function directSearch(server: CorpusServer, search: DirectSearch, claim: string): Promise<RankedCandidate[]> {
  if (wordsOf(claim).length === 0) return [];
  const body = (await (await fetch(requestUrl(server, search, claim))).json()) as Answers;
  if (body.resultList) return body.resultList.result.map((r) => ({ pmid: r.pmid, title: r.title }));
  if (body.result) return (body.result.hits.hit ?? []).map((h) => ({ title: h.info.title, dblpKey: h.info.key }));
  return (body.data ?? []).map((p) => ({ title: p.title }));
}
