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
//   node scripts/host-tests.mjs [--no-build] [--timeout 180 (seconds without a word from the suite)] [--folder DIR]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { format } from 'node:util';
import { join } from 'node:path';
import { provision, rerunUnderNode24, ROOT } from './provision.mjs';

await rerunUnderNode24();

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : fallback;
};
/** Workbench chatter that is not the suite's output. */
const NOISE = /^(Resolving connection token|Resolved connection token|Creating a socket|\[reconnection-grace-time\]|Updating additional builtin|\[AgentHost|\[AccountPolicyGate\]|\[Service Worker\]|Started local extension host)/;

function printConsole(message, values) {
  const [level, , ...rest] = values;
  const match = typeof level === 'string' ? /^%c +(INFO|WARN|ERR|DEBUG|TRACE)$/.exec(level.trim()) : null;
  const text = match ? format(...rest) : `[browser ${message.type()}] ${message.text()}`;
  // Offline, the workbench's extension-gallery lookups fail; that is expected, not the suite's.
  const offlineGallery = /open-vsx\.org|ENOTFOUND/.test(text);
  if (argv.includes('--verbose') || (match && match[1] !== 'DEBUG' && match[1] !== 'TRACE' && !NOISE.test(text) && !offlineGallery)) console.log(text);
}

// A hung suite is one that has said nothing for this long (not one that is slow: on a busy machine
// the whole suite may take several times its quiet-machine 2 minutes); a hard cap bounds CI anyway.
const timeoutMs = Number(option('--timeout', '180')) * 1000;
const HARD_CAP_MS = 30 * 60_000;
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
await provision();
const require = createRequire(import.meta.url);
const { startCodeServer, launchChromium } = require(join(ROOT, 'out', 'test', 'e2e', 'codeServer.js'));

// The suite works on a throwaway copy of the example project, never on examples/ itself.
const workspace = mkdtempSync(join(tmpdir(), 'citefinder-host-ws-'));
cpSync(option('--folder', join(ROOT, 'examples')), workspace, { recursive: true });

const server = await startCodeServer({
  flavor: 'vscode-server',
  // A code-less extension that registers the LaTeX-based language ids LaTeX Workshop contributes.
  extensions: [join(ROOT, 'test', 'host', 'latex-languages')],
  settings: { 'citefinder.cache.dir': join(workspace, '.citefinder-cache') },
});
let browser;
let exitCode = 1;
let launched = false;
try {
  browser = await launchChromium();
  launched = true;
  const page = await browser.newPage();
  const finished = new Promise((ok) => {
    void page.exposeFunction('codeAutomationExit', (code) => ok(Number(code)));
  });
  // While running tests, VS Code logs the extension host's console (mocha's reporter) through
  // the workbench log, which reaches the browser console as ('%c INFO', 'color: …', format, ...args).
  let printing = Promise.resolve();
  let lastHeard = Date.now();
  page.on('console', (message) => {
    lastHeard = Date.now();
    const values = Promise.all(message.args().map((arg) => arg.jsonValue().catch(() => '?')));
    printing = printing.then(async () => printConsole(message, await values));
  });
  await page.goto(server.workbenchUrl(workspace, { extensionDevelopmentPath: ROOT, extensionTestsPath: testsEntry }));
  const silent = () => Date.now() - lastHeard > timeoutMs || Date.now() - started > HARD_CAP_MS;
  let watch;
  const timedOut = new Promise((ok) => {
    watch = setInterval(() => silent() && ok('timeout'), 1000);
  });
  const result = await Promise.race([finished, timedOut]);
  clearInterval(watch);
  if (result === 'timeout') {
    console.error(`In-host tests said nothing for ${timeoutMs / 1000} s (or ran past ${HARD_CAP_MS / 60_000} min); code-server log: ${server.logFile}`);
  } else {
    exitCode = result;
  }
} finally {
  await browser?.close().catch(() => {});
  await server.stop();
  // A failed suite keeps its workspace and server log for a post-mortem; a browser that never
  // started leaves nothing worth keeping.
  if (exitCode === 0 || !launched) for (const dir of [workspace, server.stateDir]) rmSync(dir, { recursive: true, force: true });
}
console.log(`test:host ${exitCode === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(exitCode);
