// Where the repository is, from a test bundled anywhere under out/test/: the nearest folder
// above with a package.json. Tests that run the built CLI or bundles find them from here.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function findRoot(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  return process.cwd();
}

export const REPO_ROOT = findRoot();
/** The built CLI (npm run build). */
export const CLI = join(REPO_ROOT, 'dist', 'cli.js');
