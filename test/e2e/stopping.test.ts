// `npm start -- --offline` as a user runs it, as a real process tree (npm → sh → scripts/run.mjs →
// scripts/start.mjs → code-server + the stand-in), stopped each way a user stops it: Ctrl+C (SIGINT
// to the whole foreground group), `kill` of npm alone (SIGTERM, which npm's `sh -c` does not pass
// on), a closing terminal (SIGHUP). Every process it started must be gone afterwards.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot } from './codeServer';
import { patience, outOfPatience } from './patience';

const ROOT = repoRoot();

interface ProcInfo {
  pid: number;
  ppid: number;
  state: string;
  args: string;
}

function processTable(): ProcInfo[] {
  const table: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces and parentheses, so split after the last ')'.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
      table.push({ pid: Number(name), ppid: Number(ppid), state: state!, args });
    } catch {
      // exited while we looked
    }
  }
  return table;
}

/** `root` and everything below it, by parent pid. */
function descendants(root: number): ProcInfo[] {
  const table = processTable();
  const found = table.filter((p) => p.pid === root);
  for (let i = 0; i < found.length; i++) found.push(...table.filter((p) => p.ppid === found[i]!.pid));
  return found;
}

const alive = (pid: number): boolean => {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

function waitFor<T>(what: string, check: () => T | undefined, timeoutMs: number): Promise<T> {
  const startedAt = Date.now();
  return new Promise((ok, fail) => {
    const attempt = (): void => {
      const value = check();
      if (value !== undefined) return ok(value);
      if (outOfPatience(startedAt, timeoutMs)) return fail(new Error(`timed out waiting for ${what}`));
      setTimeout(attempt, 200);
    };
    attempt();
  });
}

interface Started {
  npm: ChildProcess;
  tree: ProcInfo[];
  output: () => string;
  stateDir: string;
}

async function startNpmStart(): Promise<Started> {
  const stateDir = mkdtempSync(join(tmpdir(), 'citefinder-start-'));
  const port = await freePort();
  // Its own process group, as a terminal's foreground job: Ctrl+C is a SIGINT to the group.
  const npm = spawn('npm', ['start', '--', '--offline', '--no-build', '--port', String(port)], {
    cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CITEFINDER_START_DIR: stateDir },
  });
  let text = '';
  npm.stdout!.on('data', (chunk: Buffer) => (text += chunk));
  npm.stderr!.on('data', (chunk: Buffer) => (text += chunk));
  await waitFor('"citefinder is running" from npm start', () => (/citefinder is running/.test(text) ? true : npm.exitCode !== null ? (() => { throw new Error(`npm start exited ${npm.exitCode}:\n${text}`); })() : undefined), 120_000);
  const tree = descendants(npm.pid!);
  return { npm, tree, output: () => text, stateDir };
}

function summary(tree: ProcInfo[]): string {
  return tree.map((p) => `${p.pid} ${p.args.slice(0, 140)}`).join('\n');
}

describe('stopping npm start stops everything it started (real process tree)', function () {
  this.timeout(patience(240_000));
  const stateDirs: string[] = [];
  after(() => {
    for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
  });

  const ways: Array<[string, NodeJS.Signals, 'npm' | 'group']> = [
    ['kill of npm alone (SIGTERM)', 'SIGTERM', 'npm'],
    ['a closing terminal (SIGHUP to npm)', 'SIGHUP', 'npm'],
    ['a closing terminal (SIGHUP to the foreground group)', 'SIGHUP', 'group'],
    ['Ctrl+C (SIGINT to the foreground group)', 'SIGINT', 'group'],
  ];
  for (const [name, signal, target] of ways) {
    it(name, async () => {
      const started = await startNpmStart();
      stateDirs.push(started.stateDir);
      const { tree } = started;
      const names = summary(tree);
      for (const part of ['scripts/run.mjs', 'scripts/start.mjs', 'standin/main.js', 'code-server']) {
        assert.ok(tree.some((p) => p.args.includes(part)), `expected ${part} among\n${names}`);
      }
      process.kill(target === 'npm' ? started.npm.pid! : -started.npm.pid!, signal);
      try {
        await waitFor('every process npm start started to exit', () => (tree.some((p) => alive(p.pid)) ? undefined : true), 30_000);
      } catch (error) {
        const left = tree.filter((p) => alive(p.pid));
        for (const p of left) {
          try {
            process.kill(p.pid, 'SIGKILL');
          } catch {
            // gone
          }
        }
        assert.fail(`${(error as Error).message}; still running after ${signal}:\n${summary(left)}\n--- output:\n${started.output()}`);
      }
      assert.ok(existsSync(started.stateDir));
    });
  }
});
