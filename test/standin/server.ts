// One loopback HTTP server that plays every remote service citefinder talks to, serving real
// recorded payloads from test/fixtures/. Each service lives under its own path prefix and is
// implemented in its own module (test/standin/<service>.ts) that registers handlers here.
// Used by the mocha tests, the benchmarks, the E2E suite and the offline demo.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { heldBack, readBody, stampEnd, writesAfter } from './responses';

export type StandInService =
  | 'arxiv'
  | 'arxivBibtex'
  | 'europepmc'
  | 'biorxiv'
  | 'doi'
  | 'crossref'
  | 'dblp'
  | 'semanticscholar'
  | 'openalex'
  | 'datacite'
  | 'biorxivContent'
  | 'medrxivContent'
  | 'grobid'
  | 'openai'
  | 'files';

/** Path prefix of each service on the stand-in server. */
export const SERVICE_PREFIX: Record<StandInService, string> = {
  arxiv: '/arxiv',
  arxivBibtex: '/arxiv-bibtex',
  europepmc: '/europepmc',
  biorxiv: '/biorxiv-api',
  doi: '/doi',
  crossref: '/crossref',
  dblp: '/dblp',
  semanticscholar: '/semanticscholar',
  openalex: '/openalex',
  datacite: '/datacite',
  biorxivContent: '/biorxiv-content',
  medrxivContent: '/medrxiv-content',
  grobid: '/grobid',
  openai: '/openai',
  files: '/files',
};

export interface StandInRequest {
  service: StandInService;
  method: string;
  /** Path below the service prefix, e.g. `/api/query`. */
  path: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type StandInHandler = (req: StandInRequest, res: ServerResponse) => void | Promise<void>;

export interface LoggedRequest {
  service: StandInService;
  method: string;
  path: string;
  /** Full URL as received (path + query string). */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** When the request arrived (ms since the epoch). */
  at: number;
  /**
   * When the stand-in ended its answer (`end()` on the response): the client cannot have the
   * whole answer before. Unset while pending or when the client left first.
   */
  endAt?: number;
  /**
   * The order of events the stand-in saw, one counter for arrivals and ends: "B was asked after A's
   * answer" is `B.seq > A.endSeq`. Clocks cannot say it on a busy machine (same millisecond, or an
   * end stamped late), the counter can.
   */
  seq: number;
  /** The counter's value when the answer was ended (see `endAt`). */
  endSeq?: number;
  /** True when the client closed the connection before the response was sent (cancelled). */
  aborted?: boolean;
  /** The status sent, once the response is finished. */
  status?: number;
}

export interface StandIn {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Settings (keys as in src/core/settings/index.ts) that point every service here. */
  readonly settings: Record<string, string>;
  /** Every request received, in order. */
  readonly requests: LoggedRequest[];
  /** Adds a delay before each response of a service (benchmarks, cancel tests). */
  setLatency(service: StandInService, ms: number): void;
  /**
   * Answers 429 "Rate exceeded." (no Retry-After, like arXiv) to a request of `service` that
   * arrives less than `ms` after the previous one, whoever sent it. 0 switches it off.
   */
  enforceSpacing(service: StandInService, ms: number): void;
  /** The next `statuses.length` requests to `service` get these statuses (empty bodies). */
  failNext(service: StandInService, statuses: number[], headers?: Record<string, string>): void;
  /** Registers (or replaces) the handler of a service. */
  handle(service: StandInService, handler: StandInHandler): void;
  /** The handler a service has now (to wrap it, as test/standin/faults.ts does). */
  handlerOf(service: StandInService): StandInHandler | undefined;
  close(): Promise<void>;
}

/** Finds test/fixtures from the source tree or from the bundled out/ tree. */
export function fixturesDir(): string {
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'test', 'fixtures');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return resolve('test', 'fixtures');
}

export function fixturePath(...parts: string[]): string {
  return join(fixturesDir(), ...parts);
}

export function send(
  res: ServerResponse,
  status: number,
  body: string | Uint8Array,
  contentType = 'text/plain; charset=utf-8',
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(body);
}

function serviceFor(pathname: string): StandInService | undefined {
  const entries = Object.entries(SERVICE_PREFIX) as [StandInService, string][];
  // Longest prefix first, so /arxiv-bibtex is not taken for /arxiv.
  entries.sort((a, b) => b[1].length - a[1].length);
  return entries.find(([, prefix]) => pathname === prefix || pathname.startsWith(prefix + '/'))?.[0];
}

function settingsFor(base: string): Record<string, string> {
  const at = (service: StandInService, rest = '') => base + SERVICE_PREFIX[service] + rest;
  return {
    'sources.arxiv.url': at('arxiv', '/api/query'),
    'sources.arxivBibtex.url': at('arxivBibtex'),
    'sources.arxivPdf.url': at('files', '/arxiv/pdf'),
    'sources.europepmc.url': at('europepmc', '/webservices/rest/search'),
    'sources.biorxiv.url': at('biorxiv'),
    'sources.doi.url': at('doi'),
    'sources.crossref.url': at('crossref'),
    'sources.dblp.url': at('dblp'),
    'sources.semanticscholar.url': at('semanticscholar', '/graph/v1'),
    'sources.openalex.url': at('openalex'),
    'sources.datacite.url': at('datacite'),
    'sources.biorxivContent.url': at('biorxivContent'),
    'sources.medrxivContent.url': at('medrxivContent'),
    'grobid.url': at('grobid'),
    'llm.baseUrl': at('openai', '/v1'),
  };
}

/**
 * Starts the stand-in on 127.0.0.1 (port 0 = any free port). `install` functions register the
 * service handlers; see test/standin/index.ts for the full set.
 */
export async function startStandInServer(
  install: ((standIn: StandIn) => void)[],
  port = 0,
): Promise<StandIn> {
  const handlers = new Map<StandInService, StandInHandler>();
  const latency = new Map<StandInService, number>();
  const failures = new Map<StandInService, { statuses: number[]; headers: Record<string, string> }>();
  const spacing = new Map<StandInService, { ms: number; last?: number }>();
  const requests: LoggedRequest[] = [];

  let events = 0;

  const server = createServer(async (req, res) => {
    const at = Date.now();
    const seq = ++events;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const service = serviceFor(url.pathname);
    const body = await readBody(req);
    if (!service) return send(res, 404, 'No stand-in service at ' + url.pathname);
    const logged: LoggedRequest = {
      service,
      method: req.method ?? 'GET',
      path: url.pathname.slice(SERVICE_PREFIX[service].length) || '/',
      url: req.url ?? '/',
      headers: req.headers,
      body: body.toString('utf8'),
      at,
      seq,
    };
    requests.push(logged);
    stampEnd(res, () => {
      logged.endAt = Date.now();
      logged.endSeq = ++events;
      logged.status = res.statusCode;
    });
    res.on('close', () => {
      if (!res.writableFinished) logged.aborted = true;
    });
    const spaced = spacing.get(service);
    const tooSoon = spaced !== undefined && spaced.last !== undefined && logged.at - spaced.last < spaced.ms;
    if (spaced) spaced.last = logged.at;
    const delay = latency.get(service) ?? 0;
    const held = delay > 0 ? heldBack(res, delay) : undefined;
    const failure = failures.get(service);
    if (tooSoon || (failure && failure.statuses.length > 0)) {
      if (held) await held;
      if (res.destroyed) return;
      if (tooSoon) return send(res, 429, 'Rate exceeded.');
      const status = failure!.statuses.shift()!;
      return send(res, status, '', 'text/plain', failure!.headers);
    }
    // A remote service does its work within its latency: the handler runs at once and its answer
    // is written when the latency is up, so the stand-in's own reading of its recordings (cold the
    // first time: 134 ms for a first Crossref list, 4–7 ms after) never adds to a timed round trip.
    const answer = held ? writesAfter(res, held) : res;
    const handler = handlers.get(service);
    if (!handler) return send(answer, 404, `Stand-in service "${service}" is not installed.`);
    try {
      await handler(
        {
          service,
          method: req.method ?? 'GET',
          path: url.pathname.slice(SERVICE_PREFIX[service].length) || '/',
          url,
          headers: req.headers,
          body,
        },
        answer,
      );
    } catch (error) {
      if (held) await held; // what the handler wrote before it failed is out by then
      if (res.destroyed) return;
      if (!res.headersSent) send(res, 500, 'Stand-in handler failed: ' + (error as Error).message);
      else res.destroy();
    }
  });
  server.keepAliveTimeout = 1000;

  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn: StandIn = {
    url: base,
    settings: settingsFor(base),
    requests,
    setLatency: (service, ms) => void latency.set(service, ms),
    enforceSpacing: (service, ms) => void (ms > 0 ? spacing.set(service, { ms }) : spacing.delete(service)),
    failNext: (service, statuses, headers = {}) =>
      void failures.set(service, { statuses: [...statuses], headers }),
    handle: (service, handler) => void handlers.set(service, handler),
    handlerOf: (service) => handlers.get(service),
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
  for (const installService of install) installService(standIn);
  return standIn;
}
