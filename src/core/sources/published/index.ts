// The published-literature lanes: which exist for these settings, and why one does not.
import type { HttpClient } from '../../net/types';
import type { Settings } from '../../settings/index';
import type { PublishedLane, PublishedSource } from '../../types';
import { dblpEnabled } from '../dblp';
import { DblpTopicSource } from './dblpTopic';
import { EuropePmcPublishedSource } from './europepmc';
import { OpenAlexSource, openAlexKey } from './openAlex';
import { SemanticScholarSource } from './semanticScholar';

export { lookupOpenAlexWork, openAlexKey } from './openAlex';
export { europePmcRestBase } from './europepmc';

export type PublishedSources = Partial<Record<PublishedLane, PublishedSource>>;

/** Why a lane cannot be searched with these settings; undefined when it can. */
export function laneUnavailable(lane: PublishedLane, settings: Settings): string | undefined {
  if (!settings['sources.published.enabled']) return 'published search switched off';
  if (settings['search.kind'] === 'preprints') return 'preprints only';
  switch (lane) {
    case 'pubmed':
      return settings['sources.europepmc.enabled'] && settings['sources.europepmc.url'].trim() ? undefined : 'switched off';
    case 'dblp':
      return dblpEnabled(settings) ? undefined : 'switched off';
    case 'semanticscholar':
      return settings['sources.semanticscholar.enabled'] && settings['sources.semanticscholar.url'].trim() ? undefined : 'switched off';
    case 'openalex':
      if (!settings['sources.openalex.enabled'] || !settings['sources.openalex.url'].trim()) return 'switched off';
      return openAlexKey(settings) ? undefined : 'no API key: DOI lookups only';
  }
}

/** A source for every lane that can be searched. */
export function createPublishedSources(settings: Settings, http: HttpClient, warn?: (message: string) => void): PublishedSources {
  const make: Record<PublishedLane, () => PublishedSource> = {
    pubmed: () => new EuropePmcPublishedSource(settings, http, warn),
    dblp: () => new DblpTopicSource(settings, http),
    semanticscholar: () => new SemanticScholarSource(settings, http, warn),
    openalex: () => new OpenAlexSource(settings, http, warn),
  };
  const sources: PublishedSources = {};
  for (const lane of Object.keys(make) as PublishedLane[]) {
    if (!laneUnavailable(lane, settings)) sources[lane] = make[lane]();
  }
  return sources;
}
