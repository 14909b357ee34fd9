// Errors of the network layer in words a user can act on: which service, and what happened
// ("connection reset", "connection refused"), instead of undici's bare "fetch failed"; and the
// refusal of any URL that is not http(s), before anything is sent.
import type { ServiceName } from './types';

/** How each service is named in messages. */
export const SERVICE_LABEL: Readonly<Record<ServiceName, string>> = {
  arxiv: 'arXiv',
  arxivBibtex: 'arxiv.org/bibtex',
  europepmc: 'Europe PMC',
  biorxiv: 'the bioRxiv API',
  doi: 'doi.org',
  crossref: 'Crossref',
  dblp: 'DBLP',
  semanticscholar: 'Semantic Scholar',
  openalex: 'OpenAlex',
  datacite: 'DataCite',
  grobid: 'GROBID',
  pdf: 'the PDF host',
  llm: 'the LLM',
};

/** A service as messages name it with the host it was asked at: "Crossref (api.crossref.org)". */
export function serviceAt(service: ServiceName, url: string): string {
  return `${SERVICE_LABEL[service]} (${hostOf(url)})`;
}

/** The setting that names a service's endpoint, so a refused URL says what to fix. */
const ENDPOINT_SETTING: Partial<Record<ServiceName, string>> = {
  arxiv: 'sources.arxiv.url',
  arxivBibtex: 'sources.arxivBibtex.url',
  europepmc: 'sources.europepmc.url',
  biorxiv: 'sources.biorxiv.url',
  doi: 'sources.doi.url',
  crossref: 'sources.crossref.url',
  dblp: 'sources.dblp.url',
  semanticscholar: 'sources.semanticscholar.url',
  openalex: 'sources.openalex.url',
  datacite: 'sources.datacite.url',
  grobid: 'grobid.url',
  llm: 'llm.baseUrl',
};

export type NetworkFailure = 'reset' | 'refused' | 'host-not-found' | 'other';

/** The connection failed before or while an answer arrived. */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(
    message: string,
    readonly failure: NetworkFailure,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A URL citefinder will not fetch: only http: and https: leave the machine. */
export class UnsupportedUrlError extends Error {
  override name = 'UnsupportedUrlError';
}

const FAILURE_BY_CODE: Record<string, NetworkFailure> = {
  ECONNRESET: 'reset',
  UND_ERR_SOCKET: 'reset',
  EPIPE: 'reset',
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'host-not-found',
  EAI_AGAIN: 'host-not-found',
};

const FAILURE_WORDS: Record<Exclude<NetworkFailure, 'other'>, string> = {
  reset: 'connection reset',
  refused: 'connection refused',
  'host-not-found': 'host not found',
};

/**
 * undici reports every connection failure as `TypeError: fetch failed` (or `terminated` when the
 * body was cut off) with the real reason in `cause`. Anything else is returned as it was.
 */
export function describeNetworkError(error: unknown, service: ServiceName, url: string): unknown {
  if (!(error instanceof TypeError) || !/^(fetch failed|terminated)$/.test(error.message)) return error;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  const failure = FAILURE_BY_CODE[code] ?? 'other';
  const words = failure === 'other' ? (typeof cause?.message === 'string' ? cause.message : error.message) : FAILURE_WORDS[failure];
  const during = error.message === 'terminated' ? ' while sending its answer' : '';
  return new NetworkError(`${serviceAt(service, url)}: ${words}${during}.`, failure, { cause: error });
}

/** Throws UnsupportedUrlError unless `url` is an absolute http: or https: URL. */
export function assertFetchableUrl(url: string, service: ServiceName): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new UnsupportedUrlError(`Refused "${shorten(url)}" for ${SERVICE_LABEL[service]}: not an absolute URL${settingHint(service)}.`);
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new UnsupportedUrlError(
      `Refused a ${protocol} URL for ${SERVICE_LABEL[service]} ("${shorten(url)}"): only http: and https: are fetched${settingHint(service)}.`,
    );
  }
}

/** The URL when it is http(s), else undefined: links taken from an answer must not be javascript: or file:. */
export function httpUrlOrUndefined(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.trim()) return undefined;
  try {
    const protocol = new URL(url.trim()).protocol;
    return protocol === 'http:' || protocol === 'https:' ? url.trim() : undefined;
  } catch {
    return undefined;
  }
}

function settingHint(service: ServiceName): string {
  const setting = ENDPOINT_SETTING[service];
  return setting ? ` (check the setting ${setting})` : '';
}

function shorten(url: string): string {
  return url.length > 60 ? url.slice(0, 57) + '…' : url;
}

/** A URL without the values of its key parameters (OpenAlex's `api_key`): no key reaches the disk or a message. */
export function withoutSecrets(url: string): string {
  return url.replace(/([?&]api_key=)[^&#]*/gi, '$1');
}

/** The URL's host for messages, or the text itself when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
