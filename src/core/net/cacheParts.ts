// cacache's reader and writer alone. Its index module also loads `verify` and `rm`, and glob with
// them (~15–25 ms of a new CLI process's start, measured): a repeat answered from a kept result
// (src/cli/kept.ts) reads one entry and needs neither.
import type cacache from 'cacache';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the reader's own module, not the index
export const cacheGet = require('cacache/lib/get.js') as typeof cacache.get;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the writer's own module, not the index
export const cachePut = require('cacache/lib/put.js') as typeof cacache.put;
