// One PubMed or PMC record by its id, from Europe PMC's search (`EXT_ID:… AND SRC:MED`,
// `PMCID:…`): what "Cite by identifier" reads for a PMID or PMCID before it asks the authority of
// the DOI the record names. Europe PMC is the one service here that knows both kinds of id.
// Also PubMed's records of a title, which Check Bibliography asks for a life-sciences reference.
import type { CoreDeps } from '../../deps';
import { cacheUseOptions, type CacheUse } from '../../net/types';
import type { EuropePmcId } from '../../identity/identifiers';
import type { PaperRecord } from '../../types';
import { isEmptyResultList, parseSearchResults } from '../europepmc';
import type { EuropePmcResult } from '../europepmcRecord';
import { SourceError } from '../errors';
import { checkEuropePmcResult } from '../validate';
import { publishedRecord } from './europepmc';


/** The record `id` names, or undefined when Europe PMC has none. Throws when Europe PMC fails. */
export async function fetchEuropePmcRecord(id: EuropePmcId, deps: CoreDeps, cacheUse: CacheUse = 'read'): Promise<PaperRecord | undefined> {
  assertEnabled(deps, 'only it resolves PubMed and PMC ids');
  const query = id.kind === 'pubmed' ? `EXT_ID:${id.pmid} AND SRC:MED` : `PMCID:${id.pmcid}`;
  const results = await askEuropePmc(query, deps, cacheUse);
  // The search matches the field; the record must still carry exactly that id.
  const match = results.find((r) => (id.kind === 'pubmed' ? r.pmid === id.pmid : r.pmcid?.toUpperCase() === id.pmcid));
  return match ? publishedRecord(match, deps.settings) : undefined;
}

/**
 * Europe PMC's record of a DOI (PubMed or PMC), or undefined when it has none: for a published
 * article, where its open-access full text (a PMCID) is to be found. Throws when Europe PMC fails.
 */
export async function fetchEuropePmcRecordByDoi(doi: string, deps: CoreDeps): Promise<PaperRecord | undefined> {
  assertEnabled(deps, 'so no open-access full text is looked for by DOI');
  const results = await askEuropePmc(`DOI:"${doi.replace(/"/g, '')}" AND (SRC:MED OR SRC:PMC)`, deps);
  const match = results.find((r) => r.doi?.toLowerCase() === doi.toLowerCase());
  return match ? publishedRecord(match, deps.settings) : undefined;
}

/** Short words every title field holds; in a fielded search they only narrow by accident. */
const COMMON = new Set(['the', 'and', 'for', 'with', 'from', 'that', 'this', 'into', 'its', 'are', 'was', 'not', 'but', 'via']);
const MAX_TITLE_WORDS = 10;

/**
 * PubMed's and PMC's records whose titles hold the title's words (up to ten, each `TITLE:word`, so
 * punctuation and word order do not matter). No author filter: a real title under invented
 * authors must still find the real work, to be told apart from it. Throws when Europe PMC fails.
 */
export async function searchEuropePmcTitle(title: string, deps: CoreDeps): Promise<PaperRecord[]> {
  assertEnabled(deps, 'so PubMed is not searched');
  const words = (title.normalize('NFKC').match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !COMMON.has(w.toLowerCase()));
  if (!words.length) return [];
  const terms = [...new Set(words)].slice(0, MAX_TITLE_WORDS).map((w) => `TITLE:${w}`);
  const results = await askEuropePmc(`${terms.join(' AND ')} AND (SRC:MED OR SRC:PMC)`, deps);
  return results.map((r) => publishedRecord(r, deps.settings)).filter((r): r is PaperRecord => r !== undefined);
}

function assertEnabled({ settings }: CoreDeps, consequence: string): void {
  if (!settings['sources.europepmc.enabled']) throw new SourceError(`Europe PMC is switched off (sources.europepmc.enabled), and ${consequence}.`, 'Europe PMC');
}

async function askEuropePmc(query: string, { settings, http, signal }: CoreDeps, cacheUse: CacheUse = 'read'): Promise<EuropePmcResult[]> {
  const params = new URLSearchParams({ query, format: 'json', resultType: 'core', pageSize: '5' });
  const response = await http.request({
    service: 'europepmc',
    url: `${settings['sources.europepmc.url']}?${params.toString()}`,
    accept: 'application/json',
    signal,
    isEmpty: isEmptyResultList,
    ...cacheUseOptions(cacheUse),
  });
  return parseSearchResults(response.text())
    .map(checkEuropePmcResult)
    .filter((r): r is EuropePmcResult => r !== undefined);
}
