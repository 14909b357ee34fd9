// Faults a stand-in service can be made to show, each the way real services fail: an error status
// (500; 503 with Retry-After; 429 without), a dropped connection, no answer at all, an HTML page,
// garbage, a well-formed answer with fields of the wrong type (built from the real answer), and a
// body that never ends. Used by the fault matrix (test/unit/faultMatrix.test.ts) and by
// `npm run bench` (bench/faults.ts).
import type { ServerResponse } from 'node:http';
import { send, type StandIn, type StandInHandler, type StandInRequest, type StandInService } from './server';
import { recordedBibtex } from './crossref';

export type Fault = '500' | '503-retry-after' | '429' | '403' | 'reset' | 'hang' | 'html' | 'garbage' | 'wrong-types' | 'endless';
export const FAULTS: readonly Fault[] = ['500', '503-retry-after', '429', '403', 'reset', 'hang', 'html', 'garbage', 'wrong-types', 'endless'];

/** Faults after which the service counts as down: the run must name it and stop asking. */
export const DOWN_FAULTS: readonly Fault[] = ['500', '503-retry-after', '429', 'reset', 'hang', 'endless'];

const MAINTENANCE_PAGE = '<!DOCTYPE html><html><head><title>Service Unavailable - Maintenance</title></head><body><h1>Back soon</h1></body></html>';
/** Bytes no parser takes for anything: binary noise with a NUL in it. */
const GARBAGE = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
/** A body that never ends stops here at the latest (bounded loop), or when the client leaves. */
const ENDLESS_CAP_BYTES = 256 * 1024 * 1024;

export interface InjectedFault {
  /** Ends the responses still hanging, so the server can close. */
  release(): void;
}

/** Every request of `service` from now on is answered with `fault`. */
export function injectFault(standIn: StandIn, service: StandInService, fault: Fault): InjectedFault {
  const real = standIn.handlerOf(service);
  const hanging: ServerResponse[] = [];
  standIn.handle(service, async (req, res) => {
    switch (fault) {
      case '500':
        return send(res, 500, 'Internal Server Error');
      case '503-retry-after':
        return send(res, 503, 'Service Unavailable', 'text/plain', { 'retry-after': '1' });
      case '429':
        return send(res, 429, 'Rate exceeded.');
      case '403':
        return send(res, 403, 'Forbidden');
      case 'reset':
        return void res.socket?.destroy();
      case 'hang':
        return void hanging.push(res);
      case 'html':
        return send(res, 200, MAINTENANCE_PAGE, 'text/html; charset=utf-8');
      case 'garbage':
        return send(res, 200, GARBAGE, contentTypeOf(service));
      case 'wrong-types': {
        // doi.org answers with a redirect to Crossref; its wrong answer is the entry itself, mistyped.
        const recorded = service === 'doi' ? recordedBibtex(decodeURIComponent(req.path.slice(1))) : undefined;
        if (recorded) return send(res, 200, mistype(service, recorded.toString('utf8')), 'application/x-bibtex');
        const answer = real ? await capture(real, req) : undefined;
        if (!answer || answer.status >= 300) return send(res, answer?.status ?? 404, answer?.body ?? 'Not found');
        return send(res, 200, mistype(service, answer.body.toString('utf8')), answer.contentType);
      }
      case 'endless':
        return endless(res, contentTypeOf(service));
    }
  });
  return { release: () => hanging.splice(0).forEach((res) => res.destroy()) };
}

function contentTypeOf(service: StandInService): string {
  if (service === 'arxiv') return 'application/atom+xml; charset=utf-8';
  if (['europepmc', 'biorxiv', 'openai', 'dblp', 'semanticscholar', 'openalex'].includes(service)) return 'application/json';
  if (service === 'doi' || service === 'crossref' || service === 'datacite' || service === 'arxivBibtex') return 'application/x-bibtex';
  if (service === 'grobid') return 'application/xml';
  return 'application/pdf';
}

/** What the real handler would have answered. */
async function capture(handler: StandInHandler, req: StandInRequest): Promise<{ status: number; body: Buffer; contentType: string }> {
  let status = 200;
  let contentType = 'application/octet-stream';
  let body = Buffer.alloc(0);
  await new Promise<void>((resolve) => {
    const fake = {
      headersSent: false,
      writeHead(code: number, headers: Record<string, string> = {}) {
        status = code;
        contentType = headers['content-type'] ?? contentType;
        return fake;
      },
      setHeader() {},
      end(chunk?: string | Uint8Array) {
        if (chunk !== undefined) body = Buffer.from(chunk);
        resolve();
      },
      destroy() {
        resolve();
      },
      socket: null,
    };
    void Promise.resolve(handler(req, fake as unknown as ServerResponse)).then(() => undefined);
  });
  return { status, body, contentType };
}

/**
 * The real answer with a badly typed twin before each record: JSON strings become objects and
 * numbers strings; Atom entries get nested elements where text belongs; BibTeX gets a DOI that is
 * a bare number. The good records stay, so a client can keep them.
 */
export function mistype(service: StandInService, body: string): string {
  if (service === 'arxiv') {
    return body.replace(/<entry>([\s\S]*?)<\/entry>/g, (entry, inner: string) =>
      `<entry>${inner.replace(/<id>[^<]*<\/id>/, '<id><b>1</b></id>').replace(/<title>[^<]*<\/title>/, '<title><x/><y/></title>')}</entry>${entry}`);
  }
  if (service === 'doi' || service === 'crossref' || service === 'arxivBibtex') {
    return body.replace(/(doi\s*=\s*)\{[^}]*\}/i, '$1 42').replace(/^(\s*@\w+\{[^,]*,)/, '$1 doi = 42,');
  }
  try {
    return JSON.stringify(twin(JSON.parse(body)));
  } catch {
    return body;
  }
}

function twin(value: unknown): unknown {
  if (Array.isArray(value)) return value.flatMap((item) => [wrongTypes(item), twin(item)]);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, twin(v)]));
  return value;
}

function wrongTypes(value: unknown): unknown {
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return 'not a list';
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wrongTypes(v)]));
  return value;
}

/** A 200 whose body never ends: 64 KB chunks until the client leaves (or the cap). */
function endless(res: ServerResponse, contentType: string): void {
  res.writeHead(200, { 'content-type': contentType });
  const chunk = Buffer.alloc(64 * 1024, contentType.includes('json') ? '[' : '<');
  let sent = 0;
  const pump = () => {
    while (!res.destroyed && sent < ENDLESS_CAP_BYTES) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  res.on('close', () => (sent = ENDLESS_CAP_BYTES));
  pump();
}
