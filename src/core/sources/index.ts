// The search sources, one per repository, honouring the `sources.*.enabled` switches.
import type { HttpClient } from '../net/types';
import type { Settings } from '../settings/index';
import type { Repository, SearchSource } from '../types';
import { ArxivSource } from './arxiv';
import { EuropePmcSource } from './europepmc';

export { ArxivSource, fetchArxivById } from './arxiv';
export { EuropePmcSource } from './europepmc';
export { ArxivLookup } from './arxivLookup';
export { fetchBiorxivDetails } from './biorxivDetails';
export { SourceError } from './errors';

/**
 * Sources for each repository; undefined where the user switched the service off. bioRxiv and
 * medRxiv are searched through Europe PMC, so they follow `sources.europepmc.enabled`;
 * `sources.biorxiv.enabled` only governs enrichment from the bioRxiv API.
 */
export function createSources(
  settings: Settings,
  http: HttpClient,
  warn?: (message: string) => void,
): Record<Repository, SearchSource | undefined> {
  const europePmc = settings['sources.europepmc.enabled'];
  return {
    arxiv: settings['sources.arxiv.enabled'] ? new ArxivSource(settings, http, warn) : undefined,
    biorxiv: europePmc ? new EuropePmcSource('biorxiv', settings, http, { warn }) : undefined,
    medrxiv: europePmc ? new EuropePmcSource('medrxiv', settings, http, { warn }) : undefined,
  };
}
