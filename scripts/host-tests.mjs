// `npm run test:host`: runs the in-host mocha suite (test/host/ → out/test/host/index.js, which
// exports run()) inside code-server's extension host, with this repository loaded as the extension
// under development.
//
// code-server starts the extension host only when a workbench connects, and takes the tests
// location from the workbench (the `payload` URL parameter), not from its own command line. So a
// headless Chromium opens the workbench; VS Code reports the suite's result through
// `window.codeAutomationExit(code)` (the hook @vscode/test-web uses too), and the extension
// host's console (mocha's reporter) reaches the browser console, which we print.
//
//   node scripts/host-tests.mjs [--no-build] [--timeout 180] [--folder DIR]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provision, rerunUnderNode24, ROOT } from './provision.mjs';

rerunUnderNode24();

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : fallback;
};
const timeoutMs = Number(option('--timeout', '180')) * 1000;
const started = Date.now();

if (!argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['esbuild.config.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const testsEntry = join(ROOT, 'out', 'test', 'host', 'index.js');
if (!existsSync(testsEntry)) {
  console.error(`No in-host suite at ${testsEntry} (test/host/index.ts exporting run()).`);
  process.exit(1);
}
provision();
const require = createRequire(import.meta.url);
const { startCodeServer, launchChromium } = require(join(ROOT, 'out', 'test', 'e2e', 'codeServer.js'));

// The suite works on a throwaway copy of the example project, never on examples/ itself.
const workspace = mkdtempSync(join(tmpdir(), 'citefinder-host-ws-'));
cpSync(option('--folder', join(ROOT, 'examples')), workspace, { recursive: true });

const server = await startCodeServer({
  flavor: 'vscode-server',
  settings: { 'citefinder.cache.dir': join(workspace, '.citefinder-cache') },
});
const browser = await launchChromium();
let exitCode = 1;
try {
  const page = await browser.newPage();
  const finished = new Promise((ok) => {
    void page.exposeFunction('codeAutomationExit', (code) => ok(Number(code)));
  });
  // While running tests, VS Code logs the extension host's console (mocha's reporter) through
  // the workbench log, which the browser prints as `%c INFO color: … <text>`.
  page.on('console', (message) => {
    const match = /^%c +(INFO|WARN|ERR|DEBUG|TRACE) color: \S+ ([\s\S]*)$/.exec(message.text());
    if (match && (match[1] === 'INFO' || argv.includes('--verbose'))) console.log(match[2]);
    else if (argv.includes('--verbose')) console.log(`[browser ${message.type()}] ${message.text()}`);
  });
  await page.goto(server.workbenchUrl(workspace, { extensionDevelopmentPath: ROOT, extensionTestsPath: testsEntry }));
  const timedOut = new Promise((ok) => setTimeout(() => ok('timeout'), timeoutMs).unref());
  const result = await Promise.race([finished, timedOut]);
  if (result === 'timeout') {
    console.error(`In-host tests did not finish within ${timeoutMs / 1000} s; code-server log: ${server.logFile}`);
  } else {
    exitCode = result;
  }
} finally {
  await browser.close().catch(() => {});
  await server.stop();
  if (exitCode === 0) rmSync(workspace, { recursive: true, force: true });
}
console.log(`test:host ${exitCode === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(exitCode);
