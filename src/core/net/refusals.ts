// A refusal (401, 403: a key refused, a proxy's rule) is the service's answer to that request for
// the rest of the run. Another stage asking the same URL again (a preprint's Crossref record, then
// the same record among the fall-backs of a refused list) would only be refused again, and would
// count against the user's key: it gets the first refusal instead. One run only, so a key fixed in
// the settings is tried on the next run. A service's API that refuses is skipped whole for the run
// by its circuit (breaker.ts); this memory is what keeps a PDF host or doi.org, which refuse URL by
// URL, from being asked the same URL twice.
import { HttpError, type HttpClient } from './types';
import { wrapRequests } from './wrapClient';

const REFUSALS = [401, 403];

export function rememberRefusals(inner: HttpClient): HttpClient {
  const refused = new Map<string, HttpError>();
  return wrapRequests(inner, async (request) => {
    // Only GETs: a POST's answer depends on its body (GROBID reads a different PDF each time).
    const key = (request.method ?? 'GET') === 'GET' ? `${request.url} accept=${request.accept ?? ''}` : undefined;
    const known = key === undefined ? undefined : refused.get(key);
    if (known) throw known;
    try {
      return await inner.request(request);
    } catch (error) {
      if (key !== undefined && error instanceof HttpError && REFUSALS.includes(error.status)) refused.set(key, error);
      throw error;
    }
  });
}
