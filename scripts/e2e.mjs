// `npm run test:e2e`: builds, provisions code-server (cached in .cache/), then runs the E2E suite
// (test/e2e/*.test.ts → out/test/e2e/*.test.js) with mocha. Screenshots go to test-results/.
//
//   node scripts/e2e.mjs [--no-build] [--grep PATTERN] [--spec NAME] [--vsix citefinder.vsix]
// --spec runs only the spec files whose name contains NAME (e.g. `--spec tour`, or several:
// `--spec tour,restricted`), so one suite does not start code-server for every other one.
// With --vsix the suite runs against that packaged extension, installed like a user would.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHROMIUM, provision, rerunUnderNode24, ROOT } from './provision.mjs';

await rerunUnderNode24();

const argv = process.argv.slice(2);
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

if (!argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['esbuild.config.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const provisioned = await provision();
console.log(`code-server ${provisioned.codeServerVersion} (VS Code ${provisioned.vscodeVersion}) ready in ${seconds(provisioned.provisionMs)}`);
if (!existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CITEFINDER_CHROMIUM).`);
  process.exit(1);
}
const specsDir = join(ROOT, 'out', 'test', 'e2e');
const specs = existsSync(specsDir)
  ? readdirSync(specsDir).filter((name) => name.endsWith('.test.js')).sort().map((name) => join('out', 'test', 'e2e', name))
  : [];
const specAt = argv.indexOf('--spec');
if (specAt >= 0) specs.splice(0, specs.length, ...specs.filter((spec) => (argv[specAt + 1] ?? '').split(',').some((name) => spec.includes(name))));
if (specs.length === 0) {
  console.error(specAt >= 0 ? `No E2E spec in out/test/e2e/ matches --spec ${argv[specAt + 1]}.` : 'No E2E bundles in out/test/e2e/: build first.');
  process.exit(1);
}
const grepAt = argv.indexOf('--grep');
const grep = grepAt >= 0 ? ['--grep', argv[grepAt + 1]] : [];
const vsixAt = argv.indexOf('--vsix');
const env = vsixAt >= 0 ? { ...process.env, CITEFINDER_E2E_VSIX: resolve(argv[vsixAt + 1]) } : process.env;
const mocha = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js'), '--no-config',
  '--timeout', '120000', '--enable-source-maps', '--exit', ...grep, ...specs], { cwd: ROOT, stdio: 'inherit', env });
console.log(`test:e2e ${mocha.status === 0 ? 'passed' : 'FAILED'} in ${seconds(Date.now() - started)} (including build and provisioning)`);
process.exit(mocha.status ?? 1);
