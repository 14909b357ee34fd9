// The published-search benchmark's loopback server: Europe PMC, DBLP and Semantic Scholar over the
// benchmark's corpora (publishedCorpusServices.ts), and an OpenAlex that knows no work (keyless,
// the pipeline only looks works up by DOI there, and the pool's works have none it could add).
// Every request is logged with when it came and went, so the benchmark can check each service's
// published limits and time the first candidates against the fastest lane's round trip.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PublishedCorpus, type Answer } from './publishedCorpusServices';
import type { CsWork, PubmedDoc } from './publishedCorpusData';

export type CorpusService = 'europepmc' | 'dblp' | 'semanticscholar' | 'openalex';

const PREFIX: Record<CorpusService, string> = { europepmc: '/europepmc', dblp: '/dblp', semanticscholar: '/s2', openalex: '/openalex' };

export interface ServedRequest {
  service: CorpusService;
  /** Path below the service's prefix, with its query string. */
  url: string;
  at: number;
  endAt?: number;
  status?: number;
  /** Records the search matched, for a search answered 200. */
  found?: number;
}

/**
 * What each service asks of a client. Semantic Scholar: one request a second (its API-key rate;
 * the keyless pool is shared and answers 429 sooner). DBLP: one a second (dblp asks for a pause
 * between requests; the product's `sources.dblp.intervalMs` default). Europe PMC and OpenAlex: at
 * most 10 in any second (OpenAlex's documented rate; the figure commonly given for Europe PMC).
 */
export const SERVICE_LIMITS: Record<CorpusService, { minSpacingMs?: number; perSecond?: number }> = {
  europepmc: { perSecond: 10 },
  dblp: { minSpacingMs: 1000 },
  semanticscholar: { minSpacingMs: 1000 },
  openalex: { perSecond: 10 },
};

/** Arrival times jitter by a few ms against the client's own clock; a gap this much short still counts as kept. */
const JITTER_MS = 25;

/** Semantic Scholar's real 429 body (/work/shared/fixtures/semanticscholar/paper-search_http429_too-many-requests.json). */
const S2_429 = '{"message": "Too Many Requests. Please wait and try again or apply for a key for higher rate limits. https://www.semanticscholar.org/product/api#api-key-form", "code": "429"}';

export interface CorpusServerOptions {
  pubmed: PubmedDoc[];
  cs: CsWork[];
  /** Delay before each answer, per service (a realistic round trip). */
  latencyMs?: Partial<Record<CorpusService, number>>;
  /** Answer Semantic Scholar's 429 to a request sooner than its limit allows, as its shared pool does. */
  enforceS2Spacing?: boolean;
}

export interface CorpusServer {
  readonly url: string;
  /** Settings that point the published lanes here. */
  readonly settings: Record<string, string>;
  readonly requests: ServedRequest[];
  setLatency(latency: Partial<Record<CorpusService, number>>): void;
  setEnforceS2Spacing(on: boolean): void;
  close(): Promise<void>;
}

export async function startCorpusServer(options: CorpusServerOptions): Promise<CorpusServer> {
  const corpus = new PublishedCorpus(options.pubmed, options.cs);
  const requests: ServedRequest[] = [];
  let latency = { ...options.latencyMs };
  let enforce = options.enforceS2Spacing ?? false;
  // Spacing is owed from the moment it is enforced: earlier requests were another client's.
  let enforcedFrom = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const service = (Object.keys(PREFIX) as CorpusService[]).find((s) => url.pathname.startsWith(`${PREFIX[s]}/`));
    if (!service) return void res.writeHead(404).end('Not found');
    const path = url.pathname.slice(PREFIX[service].length);
    const logged: ServedRequest = { service, url: path + url.search, at: Date.now() };
    const previous = requests.slice(enforcedFrom).filter((r) => r.service === service).at(-1);
    requests.push(logged);
    const tooSoon = service === 'semanticscholar' && enforce && previous !== undefined && logged.at - previous.at < SERVICE_LIMITS.semanticscholar.minSpacingMs! - JITTER_MS;
    const answer = tooSoon ? { status: 429, body: S2_429, type: 'application/json' } : answerFor(corpus, service, path, url.searchParams);
    res.on('finish', () => Object.assign(logged, { endAt: Date.now(), status: answer.status, found: answer.found }));
    setTimeout(() => res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body), latency[service] ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    settings: {
      'sources.europepmc.url': `${url}${PREFIX.europepmc}/webservices/rest/search`,
      'sources.dblp.url': `${url}${PREFIX.dblp}`,
      'sources.semanticscholar.url': `${url}${PREFIX.semanticscholar}/graph/v1`,
      'sources.openalex.url': `${url}${PREFIX.openalex}`,
    },
    requests,
    setLatency: (next) => void (latency = { ...latency, ...next }),
    setEnforceS2Spacing: (on) => {
      enforce = on;
      enforcedFrom = requests.length;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function answerFor(corpus: PublishedCorpus, service: CorpusService, path: string, params: URLSearchParams): Answer {
  if (service === 'europepmc' && path === '/webservices/rest/search') return corpus.europePmc(params);
  if (service === 'dblp' && path === '/search/publ/api') return corpus.dblpSearch(params);
  const bibKey = /^\/rec\/(.+)\.bib$/.exec(path)?.[1];
  if (service === 'dblp' && bibKey) return corpus.dblpBib(decodeURIComponent(bibKey));
  if (service === 'semanticscholar' && path === '/graph/v1/paper/search') return corpus.semanticScholar(params);
  return { status: 404, body: JSON.stringify({ error: 'Not Found', message: 'The benchmark server holds no such record.' }), type: 'application/json' };
}

/** Requests that broke their service's limit (SERVICE_LIMITS), per service. */
export function limitBreaches(requests: ServedRequest[], limits = SERVICE_LIMITS): Record<string, number> {
  const breaches: Record<string, number> = {};
  for (const [service, limit] of Object.entries(limits) as [CorpusService, (typeof limits)[CorpusService]][]) {
    const times = requests.filter((r) => r.service === service).map((r) => r.at).sort((a, b) => a - b);
    let count = 0;
    times.forEach((at, i) => {
      const tooClose = limit.minSpacingMs !== undefined && i > 0 && at - times[i - 1]! < limit.minSpacingMs - JITTER_MS;
      const inLastSecond = times.slice(0, i + 1).filter((t) => at - t < 1000).length;
      if (tooClose || (limit.perSecond !== undefined && inLastSecond > limit.perSecond)) count++;
    });
    breaches[service] = count;
  }
  return breaches;
}
