// `npm run bench`: every benchmark that needs no external data, one after another.
// Data-driven ones take a path: `npm run bench:support -- --scifact DIR`, `npm run bench:routing -- DIR`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const BENCHES = ['pipeline', 'fulltext', 'lexical'];

let failed = false;
for (const name of BENCHES) {
  const file = join(__dirname, `${name}.js`);
  if (!existsSync(file)) continue;
  console.log(`\n=== ${name}`);
  const run = spawnSync(process.execPath, ['--enable-source-maps', file], { stdio: 'inherit' });
  failed ||= run.status !== 0;
}
process.exitCode = failed ? 1 : 0;
