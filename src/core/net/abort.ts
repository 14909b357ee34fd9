// Cancellation helpers of the network layer: the AbortError a cancelled request rejects with,
// and a wait (backoff, a pacing slot) that a cancel ends at once.
import { isAbortError } from './types';

export function abortErrorFor(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && isAbortError(reason)) return reason;
  return new DOMException('The request was cancelled.', 'AbortError');
}

export function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortErrorFor(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortErrorFor(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
