// The client one run uses: every answer is handed back before its copy is written to the disk
// cache, and the run waits for all its writes once, at its end (pipeline's storesSettled). A cache
// write on a busy machine costs tens of ms; awaited per request, it delays whatever waits on that
// answer (the next Crossref request in its one-at-a-time line, a BibTeX lookup behind a record).
// A later request for the same answer through the same client still waits for its write.
import type { HttpClient } from './types';
import { wrapRequests } from './wrapClient';

export function storingBehind(inner: HttpClient): HttpClient {
  return wrapRequests(inner, (request) =>
    inner.request(request.storeInBackground === undefined ? { ...request, storeInBackground: true } : request),
  );
}
