// cacache by its parts. Its index module loads every command, `verify` and `rm` with glob among
// them (~15–25 ms of a new CLI process's start, measured): the reader and the writer are loaded
// as their own modules, and the rest on first use (an expired entry's removal, the sweep a minute
// after start), so no run pays for glob before its first request.
import type cacache from 'cacache';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the reader's own module, not the index
export const cacheGet = require('cacache/lib/get.js') as typeof cacache.get;
/** The writer's own module, loaded at the first write: a repeat answered from a kept result writes nothing. */
export function cachePut(...args: Parameters<typeof cacache.put>): ReturnType<typeof cacache.put> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use (above)
  return (require('cacache/lib/put.js') as typeof cacache.put)(...args);
}

/** The whole library, loaded on first use (it brings glob). */
export function wholeCacache(): typeof cacache {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use (above)
  return require('cacache') as typeof cacache;
}
