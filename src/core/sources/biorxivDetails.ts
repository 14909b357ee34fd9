// The bioRxiv/medRxiv `details` API: the latest version of a preprint, its category, licence and
// the DOI of its journal version. Used only to enrich records found through Europe PMC.
import { cacheUseOptions, type CacheUse, type HttpClient } from '../net/types';
import type { Settings } from '../settings/index';
import { SourceError } from './errors';
import { looksLikeHtml } from '../net/html';
import { checkBiorxivDetails, type CheckedDetails } from './validate';

import type { RxivServer } from '../identity/identifiers';
import { separateGluedHeadings } from './abstractText';
export type { RxivServer };

export interface BiorxivDetails {
  doi: string;
  server: RxivServer;
  title: string;
  authors: string[];
  /** Posting date of this version, YYYY-MM-DD. */
  date: string;
  version: string;
  category?: string;
  license?: string;
  abstract?: string;
  /** DOI of the peer-reviewed version, lower-case; absent when the API says "NA". */
  publishedDoi?: string;
  /** This version's full text as JATS XML, on the content URL of the settings (`jatsContentUrl`). */
  jatsUrl?: string;
}

/**
 * The API's `jatsxml` link moved onto `sources.{server}Content.url` (a mirror or the stand-in
 * serves it there, as it serves the PDF); undefined for a link to any other site or file, which
 * is not followed.
 */
export function jatsContentUrl(link: string | undefined, server: RxivServer, settings: Settings): string | undefined {
  const path = link?.trim().match(new RegExp(`^https?://(?:www\\.)?${server}\\.org/content/([\\w./-]+\\.source\\.xml)$`))?.[1];
  if (!path || path.split('/').includes('..')) return undefined;
  const base = settings[server === 'biorxiv' ? 'sources.biorxivContent.url' : 'sources.medrxivContent.url'];
  return `${base.trim().replace(/\/+$/, '')}/${path}`;
}

function toDetails(raw: CheckedDetails, server: RxivServer, settings: Settings): BiorxivDetails {
  const published = raw.published?.trim();
  return {
    doi: (raw.doi ?? '').toLowerCase(),
    server,
    title: (raw.title ?? '').replace(/\s+/g, ' ').trim(),
    authors: (raw.authors ?? '').split(';').map((a) => a.replace(/\s+/g, ' ').trim()).filter(Boolean),
    date: raw.date ?? '',
    version: String(raw.version ?? ''),
    category: raw.category?.trim() || undefined,
    license: raw.license?.trim() || undefined,
    abstract: separateGluedHeadings(raw.abstract?.trim() ?? '') || undefined,
    publishedDoi: published && published !== 'NA' ? published.toLowerCase() : undefined,
    jatsUrl: jatsContentUrl(raw.jatsxml, server, settings),
  };
}

/**
 * The latest version's details, or undefined when the server has no such preprint.
 * Throws (HttpError, SourceError) when the API fails; callers decide whether that matters.
 */
export async function fetchBiorxivDetails(
  server: RxivServer,
  doi: string,
  settings: Settings,
  http: HttpClient,
  signal?: AbortSignal,
  cacheUse: CacheUse = 'read',
): Promise<BiorxivDetails | undefined> {
  const url = `${settings['sources.biorxiv.url']}/details/${server}/${doi}/na/json`;
  // Handed over before it is on disk: a preprint's full text and BibTeX wait for this answer.
  const text = (await http.request({
    service: 'biorxiv',
    url,
    accept: 'application/json',
    signal,
    ...cacheUseOptions(cacheUse),
    storeInBackground: true,
  })).text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const what = looksLikeHtml(text) ? 'an HTML page' : 'malformed JSON';
    throw new SourceError(`The bioRxiv API sent ${what} for ${doi}.`, 'bioRxiv API', { cause: error });
  }
  const collection = (body as { collection?: unknown } | null)?.collection ?? [];
  if (!Array.isArray(collection)) throw new SourceError(`The bioRxiv API sent a "collection" that is not a list for ${doi}.`, 'bioRxiv API');
  // Each version checked on its own: one of the wrong shape is skipped, the others kept.
  const versions = collection.map(checkBiorxivDetails).filter((r): r is CheckedDetails => r !== undefined);
  if (versions.length === 0) {
    if (collection.length > 0) throw new SourceError(`The bioRxiv API sent no readable record for ${doi} (fields of the wrong type).`, 'bioRxiv API');
    return undefined;
  }
  const latest = versions.reduce((a, b) => (Number(b.version) > Number(a.version) ? b : a));
  return toDetails(latest, server, settings);
}
