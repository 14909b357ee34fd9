// One PubMed or PMC record by its id, from Europe PMC's search (`EXT_ID:… AND SRC:MED`,
// `PMCID:…`): what "Cite by identifier" reads for a PMID or PMCID before it asks the authority of
// the DOI the record names. Europe PMC is the one service here that knows both kinds of id.
import type { CoreDeps } from '../../deps';
import type { EuropePmcId } from '../../identity/identifiers';
import type { PaperRecord } from '../../types';
import { isEmptyResultList, parseSearchResults } from '../europepmc';
import type { EuropePmcResult } from '../europepmcRecord';
import { SourceError } from '../errors';
import { checkEuropePmcResult } from '../validate';
import { publishedRecord } from './europepmc';


/** The record `id` names, or undefined when Europe PMC has none. Throws when Europe PMC fails. */
export async function fetchEuropePmcRecord(id: EuropePmcId, deps: CoreDeps): Promise<PaperRecord | undefined> {
  const { settings, http, signal } = deps;
  if (!settings['sources.europepmc.enabled']) {
    throw new SourceError('Europe PMC is switched off (sources.europepmc.enabled), and only it resolves PubMed and PMC ids.', 'Europe PMC');
  }
  const query = id.kind === 'pubmed' ? `EXT_ID:${id.pmid} AND SRC:MED` : `PMCID:${id.pmcid}`;
  const params = new URLSearchParams({ query, format: 'json', resultType: 'core', pageSize: '5' });
  const response = await http.request({
    service: 'europepmc',
    url: `${settings['sources.europepmc.url']}?${params.toString()}`,
    accept: 'application/json',
    signal,
    isEmpty: isEmptyResultList,
  });
  const results = parseSearchResults(response.text())
    .map(checkEuropePmcResult)
    .filter((r): r is EuropePmcResult => r !== undefined);
  // The search matches the field; the record must still carry exactly that id.
  const match = results.find((r) => (id.kind === 'pubmed' ? r.pmid === id.pmid : r.pmcid?.toUpperCase() === id.pmcid));
  return match ? publishedRecord(match, settings) : undefined;
}
