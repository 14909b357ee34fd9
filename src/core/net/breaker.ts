// A circuit breaker per service for one run. A dead service must cost one timeout, not timeout ×
// retries × requests: the first timeout, refused connection or oversized answer opens the
// service's circuit at once; connection resets, 5xx and 429 open it after a few in a row (one
// such failure is still retried, so a one-off blip costs nothing). A refusal (401, 403: a key,
// an address or a proxy it does not accept) opens it at once too: the next request would only be
// refused again. An open circuit aborts the service's requests in flight and refuses the rest of
// the run's, and the run is told once. PDFs come from many hosts, so their circuit is per host.
import { hostOf, NetworkError, serviceAt } from './errors';
import { HttpError, TimeoutError, TooLargeError, type ServiceName } from './types';

/** Failures in a row (resets, 5xx, 429) that open a circuit. */
export const CONSECUTIVE_FAILURES_TO_OPEN = 3;

/** 401, 403: the service refuses this run's requests. */
const REFUSALS = [401, 403];

/**
 * Services whose refusal says nothing about their next URL: a PDF host refuses one paper (a
 * paywall), doi.org hands each DOI to its own agency's server. Their refusals are remembered per
 * URL (refusals.ts), and their circuit stays closed.
 */
const REFUSES_PER_URL: ReadonlySet<ServiceName> = new Set(['pdf', 'doi']);

/** The service's circuit is open: it failed or refused earlier in this run and is skipped. */
export class ServiceUnavailableError extends Error {
  override name = 'ServiceUnavailableError';
  constructor(
    message: string,
    readonly service: ServiceName,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Opened by a refusal (401, 403), not by a failure: the service is up but will not answer this run. */
  get refused(): boolean {
    return isRefusal(this.cause);
  }
}

/** A 401 or 403: the service answered, and will not answer this run's requests. */
export const isRefusal = (error: unknown): error is HttpError => error instanceof HttpError && REFUSALS.includes(error.status);

/** A service skipped because it refused (401, 403) earlier in the run, not because it failed. */
export function isRefusedService(error: unknown): error is ServiceUnavailableError {
  return error instanceof ServiceUnavailableError && error.refused;
}

interface Circuit {
  failures: number;
  controller: AbortController;
  open?: ServiceUnavailableError;
}

/**
 * What a run is called in the words it says: a search (Find Citations, each sentence of a batch)
 * or a check (of a .bib, a reference list). A check is no search, and its user would not know which.
 */
export type RunKind = 'search' | 'check';

export class CircuitBreakers {
  private readonly circuits = new Map<string, Circuit>();

  /** `onOpen` is told once per circuit, in words for the user. */
  constructor(
    private readonly onOpen: (message: string) => void = () => {},
    private readonly run: RunKind = 'search',
  ) {}

  /** The circuit a request belongs to: its service, or for PDFs its service and host. */
  keyOf(service: ServiceName, url: string): string {
    return service === 'pdf' ? `pdf ${hostOf(url)}` : service;
  }

  /** Throws ServiceUnavailableError when the circuit is open. */
  check(key: string): void {
    const open = this.circuits.get(key)?.open;
    if (open) throw open;
  }

  /** Aborts when the circuit opens: the requests in flight stop waiting for a dead service. */
  signal(key: string): AbortSignal {
    return this.circuit(key).controller.signal;
  }

  /** The error that opened the circuit, once it is open. */
  openError(key: string): ServiceUnavailableError | undefined {
    return this.circuits.get(key)?.open;
  }

  isOpen(key: string): boolean {
    return this.circuits.get(key)?.open !== undefined;
  }

  /** One attempt's outcome: undefined when the service answered, else its error. */
  record(key: string, service: ServiceName, url: string, error: Error | undefined): void {
    const circuit = this.circuit(key);
    if (circuit.open) return;
    const verdict = error ? classify(error, service) : 'answered';
    if (verdict === 'answered') {
      circuit.failures = 0;
      return;
    }
    circuit.failures++;
    if (verdict === 'open') this.open(key, service, url, whatHappened(error!), error);
    else if (circuit.failures >= CONSECUTIVE_FAILURES_TO_OPEN) {
      this.open(key, service, url, `failed ${circuit.failures} times in a row (${failureWords(error!)})`, error);
    }
  }

  /** Opens a circuit from outside (a service that is not reached through the HttpClient). */
  open(key: string, service: ServiceName, url: string, why: string, cause?: unknown): void {
    const circuit = this.circuit(key);
    if (circuit.open) return;
    const who = serviceAt(service, url);
    // A refusal's error goes to the request that met it as well as to the later ones: no "earlier".
    const run = `this ${this.run}`;
    const skipped = isRefusal(cause) ? `${who} ${why}; it is not asked again in ${run}.` : `${who} was skipped: it ${why} earlier in ${run}.`;
    circuit.open = new ServiceUnavailableError(skipped, service, { cause });
    circuit.controller.abort(circuit.open);
    this.onOpen(isRefusal(cause) ? `${who} ${why}; none of its other searches or lookups is asked in ${run}.` : `${who} ${why}; it is skipped for the rest of ${run}.`);
  }

  private circuit(key: string): Circuit {
    let circuit = this.circuits.get(key);
    if (!circuit) this.circuits.set(key, (circuit = { failures: 0, controller: new AbortController() }));
    return circuit;
  }
}

/** 'open' at once, 'count' towards the threshold, or 'answered' (the service is alive). */
function classify(error: Error, service: ServiceName): 'open' | 'count' | 'answered' {
  if (error instanceof TimeoutError) return 'open';
  // One PDF (or GROBID's TEI of one) over the size limit says nothing about the next paper.
  if (error instanceof TooLargeError) return service === 'pdf' || service === 'grobid' ? 'answered' : 'open';
  if (error instanceof NetworkError) return error.failure === 'refused' || error.failure === 'host-not-found' ? 'open' : 'count';
  if (isRefusal(error)) return REFUSES_PER_URL.has(service) ? 'answered' : 'open';
  if (error instanceof HttpError) return error.status === 429 || error.status >= 500 ? 'count' : 'answered';
  return 'count';
}

/** "refused a request (HTTP 403: …)": the run's warning and each paper's BibTeX reason say it alike. */
export function refusalWords(status: number): string {
  return `refused a request (HTTP ${status}: a key, an address or a proxy it does not accept)`;
}

/** What a refused user is told to look at: waiting does not mend a key, an address or a proxy. */
export const REFUSAL_ADVICE = 'check its configured URL and key (or the mirror it goes through)';

/** Who refused, as the breaker names a service: "Crossref (api.crossref.org)", or the host alone when no service is known. */
export function refuserOf(error: HttpError): string {
  return error.service ? serviceAt(error.service, error.url) : hostOf(error.url);
}

/** What a failure that opens a circuit at once did, e.g. "did not answer within 10000 ms". */
function whatHappened(error: Error): string {
  if (error instanceof TimeoutError) {
    const within = /within \d+ ms/.exec(error.message)?.[0];
    return within ? `did not answer ${within}` : 'did not answer in time';
  }
  if (error instanceof TooLargeError) return 'sent an answer over the size limit (http.maxResponseMb)';
  if (error instanceof NetworkError && error.failure === 'host-not-found') return 'could not be found (DNS)';
  if (isRefusal(error)) return refusalWords(error.status);
  return `failed (${failureWords(error)})`;
}

/** A short cause: "connection reset", "HTTP 503", "HTTP 429, rate limited". */
function failureWords(error: Error): string {
  if (error instanceof HttpError) return error.status === 429 ? 'HTTP 429, rate limited' : `HTTP ${error.status}`;
  if (error instanceof NetworkError) return /:\s*([^:]+?)(?: while sending its answer)?\.?$/.exec(error.message)?.[1] ?? error.failure;
  return error.message;
}
