// `npm start`: builds the extension, provisions code-server, and opens examples/ in it with the
// extension installed (linked, so `npm run build` + "Developer: Reload Window" picks up changes).
// Prints the URL and keeps running until Ctrl+C.
//
//   npm start                     real services (arXiv, Europe PMC, doi.org, ...; your LLM settings)
//   npm start -- --offline        every service played by the local stand-in on recorded payloads;
//                                 no LLM (heuristic routing and queries), full text by pdfjs
//     --llm                       with --offline: the stand-in's scripted model answers as the LLM
//                                 (routing, queries, judging, chat; it says it is scripted)
//     --grobid                    with --offline: the stand-in plays GROBID (recorded TEI) instead of pdfjs
//   options: --port N (default 8080), --folder DIR (open DIR instead of the example),
//            --fresh (start over from a clean copy of examples/), --no-build
//
// State lives in .cache/start/: user data and settings (kept across restarts; the offline
// settings are rewritten by every --offline start), and a working copy of examples/ that the
// session edits, so trying "Insert citation" never changes the checked-in example.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { provision, rerunUnderNode24, ROOT } from './provision.mjs';
import { STOP_SIGNALS, whenParentGone } from './parentWatch.mjs';

await rerunUnderNode24();

// Every way of stopping (Ctrl+C, kill, a closing terminal, the launcher dying) stops what this
// started: code-server runs in its own process group, so no terminal signal reaches it but ours.
// A stop asked for while starting is carried out as soon as there is something to stop.
let stopRequested = false;
let stopNow = () => {
  stopRequested = true;
};
for (const signal of STOP_SIGNALS) process.on(signal, () => stopNow());
whenParentGone(() => stopNow());

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : fallback;
};
const offline = argv.includes('--offline');
const scriptedLlm = argv.includes('--llm');
const standInGrobid = argv.includes('--grobid');
if (!offline && (scriptedLlm || standInGrobid)) {
  console.error('--llm and --grobid choose what the offline stand-in plays: use them with --offline.');
  process.exit(2);
}
const port = Number(option('--port', '8080'));
// CITEFINDER_START_DIR: another state folder (the test of stopping runs `npm start` in one).
const stateDir = process.env.CITEFINDER_START_DIR ? resolve(process.env.CITEFINDER_START_DIR) : join(ROOT, '.cache', 'start');
const folder = option('--folder') ? resolve(option('--folder')) : join(stateDir, 'examples');
if (!option('--folder') && (argv.includes('--fresh') || !existsSync(folder))) {
  rmSync(folder, { recursive: true, force: true });
  cpSync(join(ROOT, 'examples'), folder, { recursive: true });
}

if (!argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['esbuild.config.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const provisioned = await provision();
console.log(`code-server ${provisioned.codeServerVersion} (VS Code ${provisioned.vscodeVersion})`);
const require = createRequire(import.meta.url);
const { startCodeServer } = require(join(ROOT, 'out', 'test', 'e2e', 'codeServer.js'));

/** Starts test/standin/main.ts and reads its first line: {url, settings}. */
async function startStandIn() {
  const child = spawn(process.execPath, [join(ROOT, 'out', 'test', 'standin', 'main.js'), '--exit-with-stdin'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const firstLine = await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('the stand-in did not start within 15 s')), 15_000);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      ok(line);
    });
    child.once('exit', (code) => fail(new Error(`the stand-in exited with ${code}`)));
  });
  return { child, ...JSON.parse(firstLine) };
}

const settings = {};
let standIn;
if (offline) {
  standIn = await startStandIn();
  for (const [key, value] of Object.entries(standIn.settings)) settings[`citefinder.${key}`] = value;
  Object.assign(settings, {
    // No LLM unless asked for: the demo shows what citefinder does on its own.
    'citefinder.llm.model': scriptedLlm ? 'gpt-4o-mini' : '',
    'citefinder.grobid.enabled': standInGrobid,
    'citefinder.sources.arxiv.intervalMs': 0,
    // The stand-in's answers are fixed: no disk cache, so a changed stand-in is never hidden by an old answer.
    'citefinder.cache.enabled': false,
    'citefinder.sources.dblp.intervalMs': 0,
    'citefinder.cache.dir': join(ROOT, '.cache', 'offline-http-cache'),
  });
  console.log(`stand-in services at ${standIn.url} (LLM: ${scriptedLlm ? 'the scripted stand-in model' : 'none'}; full text: ${standInGrobid ? 'the stand-in GROBID' : 'pdfjs'})`);
}
// The same settings for the CLI (its keys lack the prefix), so the command line can be tried on the stand-in too.
const cliConfig = join(stateDir, 'offline-cli.json');
if (offline) {
  mkdirSync(stateDir, { recursive: true });
  const cliSettings = Object.fromEntries(Object.entries(settings).map(([key, value]) => [key.replace(/^citefinder\./, ''), value]));
  writeFileSync(cliConfig, JSON.stringify(cliSettings, null, 2));
}
// A fresh link to this checkout each start; user settings are kept unless --offline rewrites them.
rmSync(join(stateDir, 'extensions'), { recursive: true, force: true });
mkdirSync(stateDir, { recursive: true });
const settingsFile = join(stateDir, 'user-data', 'User', 'settings.json');
const kept = !offline && existsSync(settingsFile) ? JSON.parse(readFileSync(settingsFile, 'utf8')) : {};
// What an earlier --offline start wrote (stand-in URLs on a port long gone, no LLM) must not
// carry over into an online start: drop every value that is still the one the offline start set.
const offlineSettingsFile = join(stateDir, 'offline-settings.json');
if (offline) {
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(offlineSettingsFile, JSON.stringify(settings, null, 2));
} else if (existsSync(offlineSettingsFile)) {
  const written = JSON.parse(readFileSync(offlineSettingsFile, 'utf8'));
  for (const [key, value] of Object.entries(written)) if (JSON.stringify(kept[key]) === JSON.stringify(value)) delete kept[key];
}
const server = await startCodeServer({
  stateDir,
  port,
  extensions: [ROOT],
  settings: { ...kept, ...settings, 'citefinder.cache.dir': settings['citefinder.cache.dir'] ?? kept['citefinder.cache.dir'] ?? join(ROOT, '.cache', 'http-cache') },
  startTimeoutMs: 60_000,
});
console.log(`\ncitefinder is running in VS Code: ${server.workbenchUrl(folder)}\n` +
  `Open main.tex, select a claim, and run "Citefinder: Find Citations for Selection" (Ctrl+Alt+Shift+F).\n` +
  `${offline ? `Offline: every service is the local stand-in${scriptedLlm ? ', the LLM a scripted model' : ' and no LLM is set (--llm adds the scripted one)'}.` : 'Online: real services; set citefinder.llm.* for the chat.'} Ctrl+C stops.` +
  (offline ? `\nThe CLI on the same stand-in, while this runs: ${cliNode()} dist/cli.js coverage ${relative(process.cwd(), join(folder, 'main.tex'))} --find --config ${relative(process.cwd(), cliConfig)}` : ''));

/** The Node this runs on (Node 24, fetched into .cache when the machine's is older, which the CLI refuses), as a path to paste. */
function cliNode() {
  const path = relative(process.cwd(), process.execPath);
  return process.execPath.startsWith(ROOT) ? path : 'node';
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.stop();
  standIn?.child.kill();
  process.exit(0);
}
stopNow = stop;
if (stopRequested) await stop();
server.process.once('exit', (code) => {
  if (stopping) return; // our own stop(): not an error
  console.error(`code-server exited (${code}); log: ${server.logFile}`);
  standIn?.child.kill();
  process.exit(code ?? 1);
});
