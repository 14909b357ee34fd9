// Runs a real VS Code (code-server, provisioned by scripts/provision.mjs) on a free loopback port
// with a fresh user-data-dir and extensions-dir, and drives it with Debian's Chromium through
// playwright-core. Shared by the E2E suite, the in-host test runner and `npm start`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { patience, outOfPatience } from './patience';

/** The repository root, found from this bundle (out/test/e2e/) or from the sources. */
export function repoRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'esbuild.config.mjs'))) return dir;
    dir = dirname(dir);
  }
  return resolve('.');
}

// CITEFINDER_CODE_SERVER_CACHE: an install elsewhere (scripts/provision.mjs honours it too).
const CODE_SERVER_DIR = join(process.env.CITEFINDER_CODE_SERVER_CACHE ? resolve(process.env.CITEFINDER_CODE_SERVER_CACHE) : join(repoRoot(), '.cache', 'code-server'), 'node_modules', 'code-server');
/** code-server itself: what users run and what the E2E suite drives. */
export const CODE_SERVER_ENTRY = join(CODE_SERVER_DIR, 'out', 'node', 'entry.js');
/**
 * The VS Code server inside the code-server package. Only it accepts --enable-smoke-test-driver,
 * without which a built workbench ignores the extensionTestsPath of its `payload`.
 */
export const VSCODE_SERVER_ENTRY = join(CODE_SERVER_DIR, 'lib', 'vscode', 'out', 'server-main.js');
export const CHROMIUM_PATH = process.env.CITEFINDER_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage',
];

/** Workbench settings that keep a test run quiet and deterministic. */
export const QUIET_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
  'files.autoSave': 'off',
  'editor.minimap.enabled': false,
  'editor.wordWrap': 'off',
  'window.restoreWindows': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

export interface CodeServerOptions {
  /** Workbench user settings (full keys, e.g. `citefinder.maxResults`). */
  settings?: Record<string, unknown>;
  /**
   * Extension folders to install (linked into the fresh extensions-dir, so a rebuild plus a
   * window reload picks up new code), e.g. the repository root.
   */
  extensions?: string[];
  /** .vsix files to install (with code-server's own --install-extension) before starting. */
  vsix?: string[];
  /** 'code-server' (default) or the bare VS Code server, which can run extension tests. */
  flavor?: 'code-server' | 'vscode-server';
  /** Where user data, extensions and the log go (default: a new temporary directory). */
  stateDir?: string;
  port?: number;
  /** Also echo code-server's output here (the log file is always written). */
  echo?: NodeJS.WritableStream;
  /** Milliseconds to wait for the HTTP server (default 30 s). */
  startTimeoutMs?: number;
  /** Keep Workspace Trust on (default off), so a folder can be opened in Restricted Mode. */
  workspaceTrust?: boolean;
}

export interface CodeServer {
  readonly port: number;
  readonly origin: string;
  readonly stateDir: string;
  readonly userDataDir: string;
  readonly logFile: string;
  readonly process: ChildProcess;
  /** The workbench URL that opens `folder` (and runs extension tests when asked). */
  workbenchUrl(folder: string, tests?: { extensionDevelopmentPath: string; extensionTestsPath: string }): string;
  stop(): Promise<void>;
}

export function writeUserSettings(userDataDir: string, settings: Record<string, unknown>): void {
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2));
}

function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const startedAt = Date.now();
  return new Promise((ok, fail) => {
    const attempt = (): void => {
      if (child.exitCode !== null) return fail(new Error(`code-server exited with ${child.exitCode} before listening`));
      fetch(url, { signal: AbortSignal.timeout(2000) })
        .then((res) => (res.ok ? ok() : retry(`HTTP ${res.status}`)))
        .catch((error: Error) => retry(error.message));
    };
    const retry = (why: string): void => {
      if (outOfPatience(startedAt, timeoutMs)) return fail(new Error(`code-server not ready after ${Date.now() - startedAt} ms (${why})`));
      setTimeout(attempt, 200);
    };
    attempt();
  });
}

function toRemoteUri(origin: string, path: string): string {
  return `vscode-remote://${new URL(origin).host}${resolve(path)}`;
}

/** Links an extension folder into `extensionsDir` the way an install would name it. */
export function linkExtension(extensionsDir: string, folder: string): string {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };
  const target = join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  symlinkSync(resolve(folder), target, 'dir');
  return `${manifest.publisher}.${manifest.name}`;
}

/** Installs a .vsix the way a user would, with code-server's CLI. */
export function installVsix(stateDir: string, file: string): void {
  const result = spawnSync(process.execPath, [CODE_SERVER_ENTRY, '--user-data-dir', join(stateDir, 'user-data'),
    '--extensions-dir', join(stateDir, 'extensions'), '--install-extension', resolve(file)], { encoding: 'utf8', timeout: patience(60_000) });
  if (result.status !== 0) throw new Error(`Installing ${file} failed: ${result.stdout}${result.stderr}`);
}

function serverArgs(flavor: 'code-server' | 'vscode-server', port: number, stateDir: string, workspaceTrust: boolean): string[] {
  const dirs = ['--user-data-dir', join(stateDir, 'user-data'), '--extensions-dir', join(stateDir, 'extensions')];
  if (flavor === 'vscode-server') {
    return [VSCODE_SERVER_ENTRY, '--host', '127.0.0.1', '--port', String(port), '--without-connection-token',
      '--accept-server-license-terms', '--disable-telemetry', '--enable-smoke-test-driver',
      '--server-data-dir', join(stateDir, 'server-data'), ...dirs];
  }
  return [CODE_SERVER_ENTRY, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry', '--disable-update-check', ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override', '--config', join(stateDir, 'config.yaml'), ...dirs];
}

export async function startCodeServer(options: CodeServerOptions = {}): Promise<CodeServer> {
  const flavor = options.flavor ?? 'code-server';
  const entry = flavor === 'code-server' ? CODE_SERVER_ENTRY : VSCODE_SERVER_ENTRY;
  if (!existsSync(entry)) throw new Error(`Not provisioned (${entry}): run node scripts/provision.mjs`);
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'citefinder-cs-'));
  const userDataDir = join(stateDir, 'user-data');
  const extensionsDir = join(stateDir, 'extensions');
  mkdirSync(extensionsDir, { recursive: true });
  for (const folder of options.extensions ?? []) linkExtension(extensionsDir, folder);
  for (const file of options.vsix ?? []) installVsix(stateDir, file);
  writeUserSettings(userDataDir, { ...(options.workspaceTrust ? { 'security.workspace.trust.enabled': true } : {}), ...options.settings });
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      return await launch(flavor, port, stateDir, options);
    } catch (error) {
      // Another process took the free port between freePort's probe and code-server's bind (several
      // suites on one machine): another free port, twice at most.
      if (options.port !== undefined || attempt === 3 || !(error instanceof AddressInUse)) throw error;
    }
  }
}

class AddressInUse extends Error {}

async function launch(flavor: NonNullable<CodeServerOptions['flavor']>, port: number, stateDir: string, options: CodeServerOptions): Promise<CodeServer> {
  const userDataDir = join(stateDir, 'user-data');
  const logFile = join(stateDir, 'server.log');
  const log = createWriteStream(logFile);
  // Same Node as ours: code-server's native modules were built for it. Detached, so it leads its
  // own process group and stop() can end its children (extension hosts, file watchers) with it.
  const child = spawn(process.execPath, serverArgs(flavor, port, stateDir, options.workspaceTrust ?? false), { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let addressInUse = false;
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipe(log, { end: false });
    stream.on('data', (chunk: Buffer) => void (addressInUse ||= chunk.toString().includes('EADDRINUSE')));
    if (options.echo) stream.pipe(options.echo, { end: false });
  }
  const origin = `http://127.0.0.1:${port}`;
  const killGroup = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group is gone already
    }
  };
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
      killGroup('SIGTERM');
      const forced = setTimeout(() => killGroup('SIGKILL'), 5000);
      await exited;
      clearTimeout(forced);
    }
    killGroup('SIGKILL'); // children that outlived code-server itself
    log.end();
  };
  try {
    await waitForHttp(flavor === 'code-server' ? `${origin}/healthz` : `${origin}/version`, child, options.startTimeoutMs ?? 30_000);
  } catch (error) {
    await stop();
    const message = `${(error as Error).message}; log: ${logFile}`;
    throw addressInUse ? new AddressInUse(message) : new Error(message);
  }
  return {
    port, origin, stateDir, userDataDir, logFile, process: child, stop,
    workbenchUrl(folder, tests) {
      const url = new URL(origin + '/');
      url.searchParams.set('folder', resolve(folder));
      if (tests) {
        url.searchParams.set('payload', JSON.stringify([
          ['extensionDevelopmentPath', toRemoteUri(origin, tests.extensionDevelopmentPath)],
          ['extensionTestsPath', toRemoteUri(origin, tests.extensionTestsPath)],
          ['skipWelcome', 'true'],
          ['skipReleaseNotes', 'true'],
        ]));
      }
      return url.toString();
    },
  };
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: patience(30_000) });
}
