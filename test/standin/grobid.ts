// A stand-in GROBID (`/api/isalive`, `/api/processFulltextDocument`) that answers with the real
// recorded TEI of whichever fixture PDF was uploaded (matched by SHA-256), and 204 for any other
// PDF, as GROBID does when it can extract nothing. Modes reproduce GROBID's bad days: busy (503)
// a number of times, 204, 500, slow, malformed TEI, and down (connections dropped).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fixturePath, send, type StandIn, type StandInRequest } from './server';

export type GrobidMode = 'ok' | 'busy' | 'no-content' | 'error' | 'slow' | 'malformed' | 'down';

export interface GrobidStandInOptions {
  mode?: GrobidMode;
  /** In 'busy' mode: how many 503s before answering normally. */
  busyTimes?: number;
  /** In 'slow' mode: how long to wait before answering. */
  slowMs?: number;
}

export interface GrobidUpload {
  sha256: string;
  bytes: number;
  /** Form fields sent besides `input` (consolidateHeader, segmentSentences, ...). */
  fields: Record<string, string>;
}

export interface GrobidStandIn {
  setMode(mode: GrobidMode, options?: Omit<GrobidStandInOptions, 'mode'>): void;
  /** Every processFulltextDocument upload received, in order (503s included). */
  readonly uploads: GrobidUpload[];
  /** Largest number of processFulltextDocument requests in flight at once. */
  readonly maxConcurrent: number;
}

/** SHA-256 of each fixture PDF → its recorded TEI file. */
function recordedTei(): Map<string, string> {
  const bySha = new Map<string, string>();
  const pdfDir = fixturePath('pdf');
  if (!existsSync(pdfDir)) return bySha;
  for (const file of readdirSync(pdfDir).filter((f) => f.endsWith('.pdf'))) {
    const name = file.replace(/\.pdf$/, '');
    const tei = fixturePath('grobid-tei', `${name}_grobid-0.6.1.tei.xml`);
    if (!existsSync(tei)) continue;
    const sha = createHash('sha256').update(readFileSync(fixturePath('pdf', file))).digest('hex');
    bySha.set(sha, tei);
  }
  return bySha;
}

export function installGrobid(standIn: StandIn, options: GrobidStandInOptions = {}): GrobidStandIn {
  const teiBySha = recordedTei();
  let mode: GrobidMode = options.mode ?? 'ok';
  let busyLeft = options.busyTimes ?? 2;
  let slowMs = options.slowMs ?? 5_000;
  let inFlight = 0;
  const state = {
    uploads: [] as GrobidUpload[],
    maxConcurrent: 0,
    setMode(next: GrobidMode, more: Omit<GrobidStandInOptions, 'mode'> = {}) {
      mode = next;
      busyLeft = more.busyTimes ?? 2;
      slowMs = more.slowMs ?? 5_000;
    },
  };

  standIn.handle('grobid', async (req, res) => {
    if (mode === 'down') return void res.socket?.destroy();
    if (req.path === '/api/isalive' && req.method === 'GET') return send(res, 200, 'true');
    if (req.path !== '/api/processFulltextDocument' || req.method !== 'POST') return send(res, 404, 'Not found');
    inFlight++;
    state.maxConcurrent = Math.max(state.maxConcurrent, inFlight);
    try {
      await processFulltext(req, res);
    } finally {
      inFlight--;
    }
  });

  async function processFulltext(req: StandInRequest, res: ServerResponse): Promise<void> {
    const upload = await readUpload(req);
    if (!upload) return send(res, 400, 'Expected multipart/form-data with a file field "input".');
    state.uploads.push(upload.info);
    if (mode === 'busy' && busyLeft > 0) {
      busyLeft--;
      return send(res, 503, '');
    }
    if (mode === 'error') return send(res, 500, '[GENERAL] An exception occurred while running Grobid.');
    if (mode === 'no-content') return send(res, 204, '');
    if (mode === 'slow') {
      const answered = await delayUnlessClosed(res, slowMs);
      if (!answered) return;
    }
    const teiFile = teiBySha.get(upload.info.sha256);
    if (!teiFile) return send(res, 204, '');
    const tei = readFileSync(teiFile, 'utf8');
    const body = mode === 'malformed' ? tei.slice(0, Math.floor(tei.length / 2)) : tei;
    send(res, 200, body, 'application/xml;charset=utf-8');
  }

  return state;
}

async function readUpload(req: StandInRequest): Promise<{ info: GrobidUpload } | undefined> {
  const contentType = req.headers['content-type'];
  if (!contentType?.startsWith('multipart/form-data')) return undefined;
  const form = await new Response(new Uint8Array(req.body), { headers: { 'content-type': contentType } }).formData();
  const input = form.get('input');
  if (!input || typeof input === 'string') return undefined;
  const bytes = new Uint8Array(await input.arrayBuffer());
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
  return { info: { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.byteLength, fields } };
}

/** Waits `ms`, unless the client hangs up first (then false: nobody to answer). */
function delayUnlessClosed(res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(!res.destroyed), ms);
    res.on('close', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}
