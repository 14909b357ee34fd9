// One set of setting keys for the extension (`citefinder.<key>`), the CLI (`--config` JSON,
// same keys without the prefix) and the environment (`CITEFINDER_<KEY>`, dots → `_`).
// Environment variables win over both, so tests and mirrors can redirect any service.
import { parseKeyFormula } from './citeKeyFormula';
import { clampSetting } from './ranges';

export interface Settings {
  'llm.baseUrl': string;
  /** Empty = no LLM: heuristics take its place. */
  'llm.model': string;
  'llm.apiKey': string;
  'llm.timeoutMs': number;
  /** The model's context window in tokens; 0 = 4,096 for a server on this machine, else unbounded (llm/window.ts). */
  'llm.contextTokens': number;
  'grobid.url': string;
  /** Empty grobid.url or false here = use pdfjs in-process. */
  'grobid.enabled': boolean;
  'grobid.concurrency': number;
  'sources.arxiv.url': string;
  'sources.arxiv.enabled': boolean;
  'sources.europepmc.url': string;
  'sources.europepmc.enabled': boolean;
  'sources.biorxiv.url': string;
  'sources.biorxiv.enabled': boolean;
  'sources.doi.url': string;
  'sources.crossref.url': string;
  /** An e-mail address sent to Crossref in the User-Agent (its polite pool); empty = none. */
  'sources.crossref.mailto': string;
  /** Base URL of DBLP (publication search and record BibTeX). */
  'sources.dblp.url': string;
  'sources.dblp.enabled': boolean;
  /** Minimum milliseconds between two DBLP requests (DBLP asks for one or two seconds). */
  'sources.dblp.intervalMs': number;
  'sources.datacite.url': string;
  /** Search the published literature (PubMed/PMC, DBLP, Semantic Scholar, OpenAlex) beside the preprint servers. */
  'sources.published.enabled': boolean;
  /** Base URL of Semantic Scholar's Graph API (`…/graph/v1`). */
  'sources.semanticscholar.url': string;
  'sources.semanticscholar.enabled': boolean;
  /** Sent as `x-api-key`; empty = the shared keyless pool (429s are common there). */
  'sources.semanticscholar.apiKey': string;
  /** Minimum milliseconds between two Semantic Scholar requests (one a second with a key). */
  'sources.semanticscholar.intervalMs': number;
  /** Base URL of OpenAlex's API. */
  'sources.openalex.url': string;
  'sources.openalex.enabled': boolean;
  /** OpenAlex's (free) API key: with it OpenAlex is also searched; without it, only looked up by DOI. */
  'sources.openalex.apiKey': string;
  'sources.arxivBibtex.url': string;
  /** arXiv's PDFs (`…/pdf/{id}`): a journal or proceedings card that names an arXiv id is read from its open arXiv version. */
  'sources.arxivPdf.url': string;
  'sources.biorxivContent.url': string;
  'sources.medrxivContent.url': string;
  /** Minimum milliseconds between two arXiv API requests (arXiv asks for 3 s). */
  'sources.arxiv.intervalMs': number;
  'http.timeoutMs': number;
  'http.retries': number;
  /** Largest answer read from any service except PDF hosts (which have fulltext.maxPdfMb). */
  'http.maxResponseMb': number;
  /** A run that passes this returns what it has, with a warning; it is not a cancellation. */
  'run.deadlineMs': number;
  'cache.dir': string;
  'cache.ttlHours': number;
  /** Size cap of the on-disk cache; PDFs and GROBID TEI are evicted first. */
  'cache.maxSizeMb': number;
  'cache.enabled': boolean;
  maxResults: number;
  'citeKey.style': CiteKeyStyle;
  /** A Better BibTeX / JabRef style formula, e.g. `[auth:lower][year][shorttitle:1]`; wins over the style when set. */
  'citeKey.formula': string;
  'cite.command': string;
  'fulltext.enabled': boolean;
  'fulltext.maxPdfMb': number;
  /** Pages read of one PDF; the rest are left out, with a warning. */
  'fulltext.maxPages': number;
  /** Characters of text read of one paper; the rest are left out, with a warning. */
  'fulltext.maxTextChars': number;
  /** Memory the parser of one document may use before it is stopped (a decompression bomb). */
  'fulltext.maxParseMemoryMb': number;
  'fulltext.topK': number;
  'fulltext.concurrency': number;
  'scoring.llmParagraphs': number;
  'scoring.maxLlmCalls': number;
  /** Listed uncited sentences the LLM is asked to re-rank, from the top (when asked to). */
  'coverage.llmRerankTop': number;
  'bib.file': string;
  /** Append the authority's BibTeX exactly as it came (e.g. one line), instead of one field per line. */
  'bib.keepAuthorityLayout': boolean;
  /** Cite a preprint's published version (its BibTeX) when it has one. */
  'citation.preferPublished': boolean;
  /** Default publication years for every search: `2015..`, `..2010`, `1998..2005`; empty = any. */
  'search.years': string;
  /** Which literature every lane searches: journals and proceedings, preprints, or both. */
  'search.kind': SearchKind;
}

export type SearchKind = 'both' | 'published' | 'preprints';
export const SEARCH_KINDS: readonly SearchKind[] = ['both', 'published', 'preprints'];

export type CiteKeyStyle = 'authorYearWord' | 'authorYear' | 'authorWordYear' | 'authorYearShort';
export const CITE_KEY_STYLES: readonly CiteKeyStyle[] = [
  'authorYearWord',
  'authorYear',
  'authorWordYear',
  'authorYearShort',
];

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  'llm.baseUrl': 'http://localhost:11434/v1',
  'llm.model': '',
  'llm.apiKey': '',
  'llm.timeoutMs': 60000,
  'llm.contextTokens': 0,
  'grobid.url': 'http://localhost:8070',
  'grobid.enabled': true,
  'grobid.concurrency': 5,
  'sources.arxiv.url': 'https://export.arxiv.org/api/query',
  'sources.arxiv.enabled': true,
  'sources.europepmc.url': 'https://www.ebi.ac.uk/europepmc/webservices/rest/search',
  'sources.europepmc.enabled': true,
  'sources.biorxiv.url': 'https://api.biorxiv.org',
  'sources.biorxiv.enabled': true,
  'sources.doi.url': 'https://doi.org',
  'sources.crossref.url': 'https://api.crossref.org',
  'sources.crossref.mailto': '',
  'sources.dblp.url': 'https://dblp.org',
  'sources.dblp.enabled': true,
  'sources.dblp.intervalMs': 1000,
  'sources.datacite.url': 'https://api.datacite.org',
  'sources.published.enabled': true,
  'sources.semanticscholar.url': 'https://api.semanticscholar.org/graph/v1',
  'sources.semanticscholar.enabled': true,
  'sources.semanticscholar.apiKey': '',
  'sources.semanticscholar.intervalMs': 1000,
  'sources.openalex.url': 'https://api.openalex.org',
  'sources.openalex.enabled': true,
  'sources.openalex.apiKey': '',
  'sources.arxivBibtex.url': 'https://arxiv.org/bibtex',
  'sources.arxivPdf.url': 'https://arxiv.org/pdf',
  'sources.biorxivContent.url': 'https://www.biorxiv.org/content',
  'sources.medrxivContent.url': 'https://www.medrxiv.org/content',
  'sources.arxiv.intervalMs': 3000,
  'http.timeoutMs': 10000,
  'http.retries': 3,
  'http.maxResponseMb': 10,
  'run.deadlineMs': 25000,
  'cache.dir': '',
  'cache.ttlHours': 168,
  'cache.maxSizeMb': 500,
  'cache.enabled': true,
  maxResults: 10,
  'citeKey.style': 'authorYearWord',
  'citeKey.formula': '',
  'cite.command': 'auto',
  'fulltext.enabled': true,
  'fulltext.maxPdfMb': 50,
  'fulltext.maxPages': 300,
  'fulltext.maxTextChars': 2000000,
  'fulltext.maxParseMemoryMb': 512,
  'fulltext.topK': 5,
  'fulltext.concurrency': 5,
  'scoring.llmParagraphs': 5,
  'scoring.maxLlmCalls': 8,
  'coverage.llmRerankTop': 20,
  'bib.file': '',
  'bib.keepAuthorityLayout': false,
  'citation.preferPublished': true,
  'search.years': '',
  'search.kind': 'both',
};

export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

/** `sources.arxivBibtex.url` → `CITEFINDER_SOURCES_ARXIVBIBTEX_URL`. */
export function envNameFor(key: SettingKey): string {
  return 'CITEFINDER_' + key.toUpperCase().replace(/\./g, '_');
}

export class SettingsError extends Error {
  override name = 'SettingsError';
}

/**
 * Coerces a raw value (JSON or env string) to the type of the default; throws a clear message.
 * Numbers are clamped to their range (settingsRanges.ts), with a warning.
 */
function coerce(key: SettingKey, raw: unknown, warn: (message: string) => void): Settings[SettingKey] {
  const fallback = DEFAULT_SETTINGS[key];
  if (typeof fallback === 'number') {
    const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : raw;
    if (typeof n !== 'number' || !Number.isFinite(n)) {
      throw new SettingsError(`Setting "${key}" must be a number, got ${JSON.stringify(raw)}.`);
    }
    return clampSetting(key, n, warn);
  }
  if (typeof fallback === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    throw new SettingsError(`Setting "${key}" must be true or false, got ${JSON.stringify(raw)}.`);
  }
  if (typeof raw !== 'string') {
    throw new SettingsError(`Setting "${key}" must be a string, got ${JSON.stringify(raw)}.`);
  }
  if (key === 'citeKey.style' && !CITE_KEY_STYLES.includes(raw as CiteKeyStyle)) {
    throw new SettingsError(`Setting "citeKey.style" must be one of ${CITE_KEY_STYLES.join(', ')}.`);
  }
  if (key === 'search.kind' && !SEARCH_KINDS.includes(raw as SearchKind)) {
    throw new SettingsError(`Setting "search.kind" must be one of ${SEARCH_KINDS.join(', ')}.`);
  }
  if (key === 'citeKey.formula' && raw.trim()) {
    try {
      parseKeyFormula(raw);
    } catch (error) {
      throw new SettingsError(`Setting "citeKey.formula": ${(error as Error).message}`);
    }
  }
  return raw;
}

/**
 * Merges defaults, then `values` (a parsed config file or the editor's configuration),
 * then environment overrides. Unknown keys are reported, not silently dropped.
 */
export function resolveSettings(
  values: Record<string, unknown> = {},
  env: Record<string, string | undefined> = {},
  warn: (message: string) => void = () => {},
): Settings {
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [rawKey, value] of Object.entries(values)) {
    const key = rawKey.replace(/^citefinder\./, '') as SettingKey;
    // Own keys only: `in` would take "toString" or "constructor" for settings.
    if (!Object.prototype.hasOwnProperty.call(DEFAULT_SETTINGS, key)) {
      warn(`Unknown setting "${rawKey}" ignored.`);
      continue;
    }
    if (value === undefined || value === null) continue;
    settings[key] = coerce(key, value, warn);
  }
  for (const key of SETTING_KEYS) {
    const fromEnv = env[envNameFor(key)];
    if (fromEnv !== undefined) settings[key] = coerce(key, fromEnv, warn);
  }
  return settings as unknown as Settings;
}

/** Parses the text of a `--config` file; a clear error for anything but a JSON object. */
export function parseConfigText(text: string, path: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new SettingsError(`Config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new SettingsError(`Config file ${path} must hold a JSON object of settings.`);
  }
  return parsed as Record<string, unknown>;
}
