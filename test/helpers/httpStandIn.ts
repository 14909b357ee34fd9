// The stand-in server the HttpClient tests ask (test/unit/core/net/http*.test.ts): one "files"
// service that answers, redirects, drops, hangs or sends too much by path, a fresh cache folder per
// test, and clients with tiny backoff and their own pacing. Plus the waits for real I/O they share.
import { mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpClient, type HttpClientOptions } from '../../src/core/net/http';
import { PacingRegistry } from '../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../src/core/settings/index';
import { send, startStandInServer, type StandIn, type StandInHandler } from '../standin/server';

/** Waits for real I/O (the stand-in runs on real sockets) until `condition` holds. */
export async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 20000; i++) {
    if (condition()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('Timed out waiting for ' + what);
}

/** Lets real I/O run for a while, for checks that something did NOT happen. */
export async function letIoRun(turns = 500): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
}

export interface HttpStandIn {
  /** The server; its `requests` are emptied before each test. */
  readonly standIn: StandIn;
  /** A fresh folder for each test's disk cache, removed after it. */
  readonly cacheDir: string;
  /** The "files" service's answers by path (a test that replaces it puts it back). */
  filesHandler: StandInHandler;
  url(path: string): string;
  settings(values?: Record<string, unknown>): Settings;
  client(values?: Record<string, unknown>, options?: HttpClientOptions): ReturnType<typeof createHttpClient>;
}

/** Starts the stand-in for the enclosing `describe` (its mocha hooks are registered here). */
export function useHttpStandIn(): HttpStandIn {
  let standIn: StandIn | undefined;
  let cacheDir = '';
  const hanging: ServerResponse[] = [];
  const filesHandler: StandInHandler = (req, res) => {
    if (req.path === '/hang') return void hanging.push(res);
    if (req.path === '/redirect') return send(res, 302, '', 'text/plain', { location: './hello' });
    if (req.path === '/missing') return send(res, 404, 'Not found');
    if (req.path === '/drop') return void res.socket?.destroy();
    if (req.path === '/big-declared') return send(res, 200, 'x'.repeat(5000));
    if (req.path === '/big-streamed') {
      res.writeHead(200, { 'content-type': 'text/plain' }); // chunked: no Content-Length
      for (let i = 0; i < 10; i++) res.write('y'.repeat(1000));
      return void res.end();
    }
    send(res, 200, `hello ${req.url.search} accept=${req.headers.accept ?? ''}`);
  };
  before(async () => {
    standIn = await startStandInServer([(s) => s.handle('files', filesHandler)]);
  });
  after(async () => {
    for (const res of hanging) res.destroy();
    await standIn?.close();
  });
  beforeEach(() => {
    standIn!.requests.length = 0;
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-http-test-'));
  });
  afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

  const settings = (values: Record<string, unknown> = {}): Settings => resolveSettings({ 'cache.enabled': false, 'http.retries': 3, ...values });
  return {
    get standIn() {
      return standIn!;
    },
    get cacheDir() {
      return cacheDir;
    },
    filesHandler,
    url: (path) => standIn!.url + '/files' + path,
    settings,
    client: (values = {}, options = {}) => createHttpClient(settings(values), { backoffMs: 1, pacing: new PacingRegistry(), ...options }),
  };
}
