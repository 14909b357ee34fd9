// Crossref's records of many DOIs in one request. Crossref's public pool takes one request at a
// time: an audit's record and trust lookups (one per DOI) queued one after another, and a
// search's trust lookups (one record per candidate) queued behind its BibTeX. Record requests (`/works/{doi}`)
// go out as one `/works?filter=doi:A,doi:B` (Crossref ORs a filter given twice): those asked in the
// same tick, and those asked while a list request is out (they would wait for Crossref's slot
// anyway). Each caller gets its record as `/works/{doi}` would have answered it: the record, or
// 404 for a DOI the list leaves out. One DOI alone is asked as before. An answer already cached
// under `/works/{doi}` is used without asking, and each record a list brings is cached under its
// own `/works/{doi}` key, so a repeated run asks nothing whatever the grouping was. A DOI
// answered in a list is not asked again in the same run.
import { makeResponse } from '../net/body';
import { HttpError, isAbortError, NotCachedError, TimeoutError, type CachedDigest, type HttpClient, type HttpRequest, type HttpResponse } from '../net/types';
import { doiPath, normalizeDoi } from '../identity/work';
import type { Settings } from '../settings/index';

/** DOIs asked in one request: a short URL, and a page Crossref answers whole (rows). */
const MAX_DOIS_PER_REQUEST = 40;

interface Waiting {
  doi: string;
  request: HttpRequest;
  resolve: (response: HttpResponse) => void;
  reject: (error: unknown) => void;
}

export class CrossrefBatchClient implements HttpClient {
  private waiting: Waiting[] = [];
  private scheduled = false;
  /** List requests out: lookups asked meanwhile join the next list, sent when they are back. */
  private listsOut = 0;
  /** Each DOI's record from a list answered in this run (null: the list left it out). */
  private readonly listed = new Map<string, unknown>();

  constructor(
    private readonly inner: HttpClient,
    private readonly settings: Settings,
    private readonly signal?: AbortSignal,
  ) {}

  request(request: HttpRequest): Promise<HttpResponse> {
    const doi = this.recordDoi(request);
    if (!doi) return this.inner.request(request);
    if (this.listed.has(doi)) return Promise.resolve().then(() => answer(request.url, doi, this.listed.get(doi)));
    // Queued at once, in the caller's tick: the cache is read for the whole group when it goes
    // out (a read per lookup first would spread one tick's lookups over several).
    return new Promise((resolve, reject) => {
      this.waiting.push({ doi, request, resolve, reject });
      this.schedule();
    });
  }

  get cacheDir(): string | undefined {
    return this.inner.cacheDir;
  }

  remember(request: HttpRequest, answered: HttpResponse | HttpError): Promise<void> {
    return this.inner.remember?.(request, answered) ?? Promise.resolve();
  }

  /** A record lookup is answered from lists, not from its own cache entry: only other requests have a digest. */
  cachedDigest(request: HttpRequest): Promise<CachedDigest | undefined> {
    if (this.recordDoi(request)) return Promise.resolve(undefined);
    return this.inner.cachedDigest?.(request) ?? Promise.resolve(undefined);
  }

  private schedule(): void {
    if (this.scheduled || this.listsOut > 0) return;
    this.scheduled = true;
    // Let the rest of this tick's lookups join the request.
    setImmediate(() => this.flush());
  }

  private get worksBase(): string {
    return `${this.settings['sources.crossref.url'].replace(/\/+$/, '')}/works`;
  }

  /** The DOI of a plain record request (`/works/{doi}`, as fetchCrossrefWork asks it), else undefined. */
  private recordDoi(request: HttpRequest): string | undefined {
    if (request.service !== 'crossref' || (request.method ?? 'GET') !== 'GET' || request.body !== undefined) return undefined;
    const prefix = `${this.worksBase}/`;
    // A DOI may hold slashes, so `/works/{doi}/transform/…` (BibTeX) reads as a DOI too: only JSON is a record.
    if (!request.url.startsWith(prefix) || request.accept !== 'application/json' || /\/transform(\/|$)/.test(request.url)) return undefined;
    let doi: string | undefined;
    try {
      doi = normalizeDoi(decodeURIComponent(request.url.slice(prefix.length)));
    } catch {
      return undefined;
    }
    // A comma would split the filter; a transform or any other path is not a record request.
    return doi && !doi.includes(',') && `${prefix}${doiPath(doi)}` === request.url ? doi : undefined;
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.waiting.splice(0);
    for (let at = 0; at < batch.length; at += MAX_DOIS_PER_REQUEST) {
      this.listsOut++;
      void this.ask(batch.slice(at, at + MAX_DOIS_PER_REQUEST)).finally(() => {
        this.listsOut--;
        if (this.waiting.length > 0) this.schedule();
      });
    }
  }

  private async ask(group: Waiting[]): Promise<void> {
    // One DOI goes as `/works/{doi}`, whose own request reads the cache first.
    if (new Set(group.map((w) => w.doi)).size === 1) return this.alone(group);
    const batch = await this.notCached(group);
    if (batch.length === 0) return;
    const dois = [...new Set(batch.map((w) => w.doi))];
    if (dois.length === 1) return this.alone(batch);
    let items: unknown[] | undefined;
    try {
      const url = `${this.worksBase}?filter=${dois.map((d) => `doi:${encodeURIComponent(d)}`).join(',')}&rows=${dois.length}`;
      // The list itself is never kept (nor a maintenance page sent with 200): each record it
      // brings is kept under its own `/works/{doi}` key below, where the next run looks.
      const response = await this.inner.request({ service: 'crossref', url, accept: 'application/json', signal: this.signal, cache: false });
      items = (JSON.parse(response.text()) as { message?: { items?: unknown } } | null)?.message?.items as unknown[] | undefined;
    } catch (error) {
      // Crossref failing fails every lookup, as it would have one by one; a service that refuses
      // the list (a mirror without filters: 400, an answer of another shape) is asked one by one.
      if (!refusedTheList(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
    }
    if (!Array.isArray(items)) return this.alone(batch);
    const byDoi = new Map<string, unknown>();
    for (const item of items) {
      const doi = normalizeDoi((item as { DOI?: unknown } | null)?.DOI as string | undefined);
      if (doi) byDoi.set(doi, item);
    }
    for (const doi of dois) this.listed.set(doi, byDoi.get(doi) ?? null);
    await Promise.all(batch.map(async (w) => {
      let answered: HttpResponse | HttpError;
      try {
        answered = answer(w.request.url, w.doi, this.listed.get(w.doi));
      } catch (error) {
        answered = error as HttpError;
      }
      // Kept as `/works/{doi}`'s own answer: the next run finds it in whatever group it comes.
      // Written before the caller goes on (a CLI that exits right after still leaves it), unless
      // the request says its run waits for its writes at the end (storeInBackground).
      const kept = this.remember(w.request, answered).catch(() => undefined);
      if (!w.request.storeInBackground) await kept;
      if (answered instanceof HttpError) w.reject(answered);
      else w.resolve(answered);
    }));
  }

  /** Answers the lookups an earlier answer in the cache holds; returns the others. */
  private async notCached(group: Waiting[]): Promise<Waiting[]> {
    const cached = await Promise.all(
      group.map((w) =>
        this.inner.request({ ...w.request, cacheOnly: true }).then(
          (response) => (w.resolve(response), true),
          (error: unknown) => (error instanceof NotCachedError ? false : (w.reject(error), true)),
        ),
      ),
    );
    return group.filter((_, i) => !cached[i]);
  }

  /** Each lookup asked on its own, as without the batch. */
  private async alone(batch: Waiting[]): Promise<void> {
    await Promise.allSettled(batch.map((w) => this.inner.request(w.request).then(w.resolve, w.reject)));
  }
}

/** What `/works/{doi}` answers for a record a list held (`item`), or left out (null: 404). */
function answer(url: string, doi: string, item: unknown): HttpResponse {
  if (item === null || item === undefined) throw new HttpError(`Crossref has no record of ${doi} (HTTP 404).`, 404, url, 'Resource not found.', 'crossref');
  const body = new TextEncoder().encode(JSON.stringify({ status: 'ok', 'message-type': 'work', 'message-version': '1.0.0', message: item }));
  return makeResponse(200, url, { 'content-type': 'application/json' }, body, false);
}

/** A 4xx other than 429, or a body that is not JSON: the service does not take the list, not a failing service. */
function refusedTheList(error: unknown): boolean {
  if (isAbortError(error) || error instanceof TimeoutError) return false;
  if (error instanceof SyntaxError) return true;
  return error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 429;
}
