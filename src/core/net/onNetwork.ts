// A client that tells `onNetwork` each time one of its requests is about to go to the network
// (not when the cache answers it): the run starts work that only pays while answers are on their
// way, such as compiling the code that will handle them, and a repeat answered from the cache
// starts none of it.
import type { HttpClient } from './types';
import { wrapRequests } from './wrapClient';

export function onNetwork(inner: HttpClient, onNetwork: () => void): HttpClient {
  return wrapRequests(inner, (request) =>
    inner.request({
      ...request,
      beforeNetwork: () => {
        request.beforeNetwork?.();
        onNetwork();
      },
    }),
  );
}
