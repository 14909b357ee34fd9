// Where the on-disk cache lives. Apart from cache.ts, which loads the cache library: a CLI
// process that answers from a kept result (src/cli/kept.ts) needs the folder, not the library.
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Settings } from '../settings/index';

/** `$XDG_CACHE_HOME/citefinder`, else `~/.cache/citefinder`. */
export function defaultCacheDir(env: Record<string, string | undefined> = process.env): string {
  const base = env.XDG_CACHE_HOME?.trim() || join(homedir(), '.cache');
  return join(base, 'citefinder');
}

/**
 * Where the cache lives, or undefined when caching is off: `cache.enabled` false, or an
 * explicit empty directory passed by the caller.
 */
export function resolveCacheDir(settings: Settings, explicitDir?: string): string | undefined {
  if (!settings['cache.enabled']) return undefined;
  if (explicitDir !== undefined) return explicitDir.trim() || undefined;
  return settings['cache.dir'].trim() || defaultCacheDir();
}
