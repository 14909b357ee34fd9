// A file the CLI cannot read, through the real dist/cli.js: missing, a folder, or one the user may
// not read. Every command names it the same way, in one line, by its kind and its absolute path
// (`Cannot read PDF file "/home/me/paper.pdf": no such file.`), and exits 2 with nothing on stdout.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unreadableFile } from '../../../src/cli/io';
import { CLI } from '../../helpers/paths';

/** The uid and gid of "nobody": root reads any file whatever its mode, so the CLI runs as nobody to meet one it may not read. */
const NOBODY = 65534;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** dist/cli.js run in `cwd` (names typed relative to it), as nobody when `unprivileged` and the test runs as root. */
function runIn(cwd: string, args: string[], unprivileged = false): Promise<Run> {
  const asNobody = unprivileged && process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};
  const env = { PATH: process.env.PATH ?? '', HOME: cwd, CITEFINDER_CACHE_ENABLED: 'false', CITEFINDER_CACHE_DIR: join(cwd, '.cache') };
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env, ...asNobody }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Whether the CLI can run at all as nobody when the test runs as root (it cannot in a checkout under /root). */
async function canRunUnprivileged(cwd: string): Promise<boolean> {
  if (process.getuid?.() !== 0) return true;
  return (await runIn(cwd, ['--version'], true)).code === 0;
}

/** Each command line gives exactly `citefinder: <message>` and exits 2, printing nothing on stdout. */
async function assertRefused(cwd: string, cases: Array<[string, string]>, unprivileged = false): Promise<void> {
  for (const [command, message] of cases) {
    const run = await runIn(cwd, command.split(' '), unprivileged);
    assert.equal(run.stderr, `citefinder: ${message}\n`, command);
    assert.equal(run.code, 2, command);
    assert.equal(run.stdout, '', command);
  }
}

describe('CLI: a file it cannot read, said alike by every command', function () {
  this.timeout(120_000); // a CLI process per case: slow, not racy, on a loaded machine
  let dir: string;
  before(() => {
    // The real path: the CLI resolves names against its working folder, which has no symbolic link in it.
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'citefinder-unreadable-')));
    chmodSync(dir, 0o755); // nobody may look inside, not read the locked files
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a missing file: its kind and its absolute path, for refs check as for coverage and bib check', async () => {
    await assertRefused(dir, [
      ['coverage nofile.tex', `Cannot read LaTeX file "${dir}/nofile.tex": no such file.`],
      ['bib check nofile.bib', `Cannot read .bib file "${dir}/nofile.bib": no such file.`],
      // It said `Cannot read "nofile.pdf": no such file.`: the name as typed, and no kind.
      ['refs check nofile.pdf', `Cannot read PDF file "${dir}/nofile.pdf": no such file.`],
      ['refs check nofile.bbl', `Cannot read .bbl file "${dir}/nofile.bbl": no such file.`],
      ['refs check nofile.tex', `Cannot read LaTeX file "${dir}/nofile.tex": no such file.`],
      ['refs check nofile.txt', `Cannot read text file "${dir}/nofile.txt": no such file.`],
      ['refs check nofile.nxml', `Cannot read JATS file "${dir}/nofile.nxml": no such file.`],
      ['refs check nofile.xml', `Cannot read XML file "${dir}/nofile.xml": no such file.`],
      // bib check of a file that is no .bib goes the refs check way, and says it the same.
      ['bib check nofile.pdf', `Cannot read PDF file "${dir}/nofile.pdf": no such file.`],
      ['bib check nofile.bbl', `Cannot read .bbl file "${dir}/nofile.bbl": no such file.`],
      // score said the name as typed.
      ['score --claim Supernovae. --pdf nofile.pdf', `Cannot read PDF file "${dir}/nofile.pdf": no such file.`],
    ]);
  });

  it('a folder given for a file', async () => {
    for (const name of ['main.tex', 'refs.bib', 'paper.pdf', 'list.bbl', 'papers']) mkdirSync(join(dir, name));
    await assertRefused(dir, [
      ['coverage main.tex', `Cannot read LaTeX file "${dir}/main.tex": it is a folder.`],
      ['audit main.tex', `Cannot read LaTeX file "${dir}/main.tex": it is a folder.`],
      ['bib check refs.bib', `Cannot read .bib file "${dir}/refs.bib": it is a folder.`],
      ['bib check main.tex', `Cannot read LaTeX file "${dir}/main.tex": it is a folder.`],
      ['refs check main.tex', `Cannot read LaTeX file "${dir}/main.tex": it is a folder.`],
      ['refs check paper.pdf', `Cannot read PDF file "${dir}/paper.pdf": it is a folder.`],
      ['refs check list.bbl', `Cannot read .bbl file "${dir}/list.bbl": it is a folder.`],
      ['bib check paper.pdf', `Cannot read PDF file "${dir}/paper.pdf": it is a folder.`],
      ['refs check papers', `Cannot read file "${dir}/papers": it is a folder.`],
      ['bib check papers', `Cannot read file "${dir}/papers": it is a folder.`],
    ]);
  });

  it('a file the user may not read: "permission denied", not the system\'s code', async function () {
    if (!(await canRunUnprivileged(dir))) {
      // As root in a checkout nobody may enter (under /root), no process can meet a file it may not read:
      // the message is then checked on the error the system gives such a reader.
      const denied = Object.assign(new Error("EACCES: permission denied, open 'locked.tex'"), { code: 'EACCES' });
      assert.equal(unreadableFile('LaTeX file', `${dir}/locked.tex`, denied).message, `Cannot read LaTeX file "${dir}/locked.tex": permission denied.`);
      return;
    }
    for (const name of ['locked.tex', 'locked.bib', 'locked.pdf', 'locked.bbl', 'locked.txt']) {
      writeFileSync(join(dir, name), '\\documentclass{article}\n\\begin{document}\nText.\n\\end{document}\n');
      chmodSync(join(dir, name), 0o000);
    }
    // Each said "EACCES" (coverage, audit, bib check) or "EACCES: permission denied, open '…'" (refs check).
    await assertRefused(dir, [
      ['coverage locked.tex', `Cannot read LaTeX file "${dir}/locked.tex": permission denied.`],
      ['audit locked.tex', `Cannot read LaTeX file "${dir}/locked.tex": permission denied.`],
      ['bib check locked.bib', `Cannot read .bib file "${dir}/locked.bib": permission denied.`],
      ['refs check locked.tex', `Cannot read LaTeX file "${dir}/locked.tex": permission denied.`],
      ['refs check locked.pdf', `Cannot read PDF file "${dir}/locked.pdf": permission denied.`],
      ['refs check locked.bbl', `Cannot read .bbl file "${dir}/locked.bbl": permission denied.`],
      ['bib check locked.txt', `Cannot read text file "${dir}/locked.txt": permission denied.`],
      ['score --claim Supernovae. --pdf locked.pdf', `Cannot read PDF file "${dir}/locked.pdf": permission denied.`],
    ], true);
  });
});
