// The stand-in server the disk cache's tests ask (test/unit/core/net/cache*.test.ts): real arXiv and
// Europe PMC recordings (results, empty, an Error feed), a 404, failures, a hang and a drop, by path;
// clients on a fresh cache folder per test, on the test's clock, that never sweep unless told to.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cacache from 'cacache';
import { sweepsSettled } from '../../src/core/net/cacheSweep';
import { readingWritesSettled } from '../../src/core/net/readings';
import { createHttpClient, type HttpClientOptions } from '../../src/core/net/http';
import { PacingRegistry } from '../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../src/core/settings/index';
import { fixturePath, send, startStandInServer, type StandIn, type StandInHandler } from '../standin/server';

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
const fixture = (...parts: string[]) => readFileSync(fixturePath(...parts), 'utf8');
// Real recordings, verbatim (see the folders' PROVENANCE.md). arXiv answers a search with no hits
// with the same empty feed as an id_list with no hits: only the echoed query differs.
export const ARXIV_EMPTY = fixture('arxiv-atom', 'api2026_idlist_0000.0000_empty.atom.xml');
const ARXIV_RESULTS = fixture('arxiv-atom', 'api2026_search_testing_10-results.atom.xml');
const ARXIV_ERROR_ENTRY = fixture('arxiv-atom', 'legacy2019_idlist_INVALIDID_error-entry.atom.xml');
const EPMC_EMPTY = fixture('europepmc', 'search_no-results_hitCount-0.json');
const EPMC_RESULTS = fixture('europepmc', 'search_query-cancer_resultType-core_records-0-1-5.json');

/** Waits until `condition` holds; the limit (below mocha's 20 s) only stops a failing test polling on. */
export async function waitFor(condition: () => Promise<boolean>, what: string, limitMs = 15_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for ' + what);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const keys = async (dir: string) => Object.keys(await cacache.ls(dir)).sort();
export const contentFiles = (dir: string) =>
  readdirSync(join(dir, 'content-v2'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

export interface CacheStandIn {
  /** The server; its `requests` are emptied before each test. */
  readonly standIn: StandIn;
  /** A fresh cache folder for each test, removed once every write and sweep under way is done. */
  readonly cacheDir: string;
  url(path: string): string;
  settingsWith(values?: Record<string, unknown>): Settings;
  client(values?: Record<string, unknown>, options?: HttpClientOptions): ReturnType<typeof createHttpClient>;
  /** How many requests went to `path`. */
  sent(path: string): number;
  /** The `param` of each request to `path`, in order. */
  queries(path: string, param: string): (string | null)[];
}

/** Starts the stand-in for the enclosing `describe` (its mocha hooks are registered here); clients read the time from `now`. */
export function useCacheStandIn(now: () => number): CacheStandIn {
  let standIn: StandIn | undefined;
  let cacheDir = '';
  const hanging: ServerResponse[] = [];
  const clients: ReturnType<typeof createHttpClient>[] = [];

  const handler: StandInHandler = (req, res) => {
    const terms = (req.url.searchParams.get('search_query') ?? '') + (req.url.searchParams.get('query') ?? '');
    if (req.path === '/missing') return send(res, 404, 'Not found');
    if (req.path.startsWith('/status/')) return send(res, Number(req.path.slice('/status/'.length)), 'failed');
    if (req.path === '/hang') return void hanging.push(res);
    if (req.path === '/drop') return void res.socket?.destroy();
    if (req.path === '/arxiv') {
      const feed = terms.includes('nomatch') ? ARXIV_EMPTY : terms.includes('invalid') ? ARXIV_ERROR_ENTRY : ARXIV_RESULTS;
      return send(res, 200, feed, 'application/atom+xml; charset=utf-8');
    }
    if (req.path === '/europepmc') return send(res, 200, terms.includes('nomatch') ? EPMC_EMPTY : EPMC_RESULTS, 'application/json');
    send(res, 200, `hello ${req.url.search}`);
  };

  before(async () => {
    standIn = await startStandInServer([(s) => s.handle('files', handler)]);
  });
  after(async () => {
    for (const res of hanging) res.destroy();
    await standIn?.close();
  });
  beforeEach(() => {
    standIn!.requests.length = 0;
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-cache-test-'));
  });
  afterEach(async () => {
    // A search writes its answer behind it (storeInBackground), and a sweep verifies the folder behind
    // the entries it removed: the folder goes once every write and sweep is done.
    await Promise.all(clients.splice(0).map((c) => c.storesSettled()));
    await readingWritesSettled(); // and an arXiv answer's reading, stored behind the search too
    await sweepsSettled();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const url = (path: string) => standIn!.url + '/files' + path;
  const settingsWith = (values: Record<string, unknown> = {}) =>
    resolveSettings({
      'cache.enabled': true,
      'http.retries': 0,
      'sources.arxiv.url': url('/arxiv'),
      'sources.arxiv.intervalMs': 0,
      'sources.europepmc.url': url('/europepmc'),
      'sources.biorxiv.enabled': false,
      ...values,
    });
  const client = (values: Record<string, unknown> = {}, options: HttpClientOptions = {}) => {
    const clientOptions = { cacheDir, now, pacing: new PacingRegistry(), backoffMs: 1, sweepAfterMs: false as const, ...options };
    const created = createHttpClient(settingsWith(values), clientOptions);
    clients.push(created);
    return created;
  };
  return {
    get standIn() {
      return standIn!;
    },
    get cacheDir() {
      return cacheDir;
    },
    url,
    settingsWith,
    client,
    sent: (path) => standIn!.requests.filter((r) => r.path === path).length,
    queries: (path, param) =>
      standIn!.requests.filter((r) => r.path === path).map((r) => new URL(r.url, standIn!.url).searchParams.get(param)),
  };
}
