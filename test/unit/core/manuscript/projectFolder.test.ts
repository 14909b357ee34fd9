// Where the CLI looks for a file's root: up from the file to the folder with a \documentclass,
// never into a shared folder (home, /tmp) whose stray paper would make all of it the project; and
// the scan of that folder leaves dependencies, hidden folders and links alone.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectFolder, sharedFolders, texFilesUnder } from '../../../../src/core/manuscript/projectFolder';

const ROOT = '\\documentclass{article}\n\\begin{document}\n\\end{document}\n';

describe('the CLI project folder', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'citefinder-folder-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('climbs from a chapter to the folder whose file has a \\documentclass', async () => {
    mkdirSync(join(base, 'paper', 'chapters'), { recursive: true });
    writeFileSync(join(base, 'paper', 'main.tex'), ROOT);
    const chapter = join(base, 'paper', 'chapters', 'intro.tex');
    writeFileSync(chapter, 'Prose.\n');
    assert.equal(await projectFolder(chapter, []), join(base, 'paper'));
  });

  it('never climbs into a shared folder, however stray a paper lies there', async () => {
    writeFileSync(join(base, 'stray.tex'), ROOT); // base plays ~ or /tmp
    mkdirSync(join(base, 'notes', 'loose'), { recursive: true });
    const loose = join(base, 'notes', 'loose', 'loose.tex');
    writeFileSync(loose, 'Prose.\n');
    assert.equal(await projectFolder(loose, []), base, 'without the boundary, the stray paper wins');
    assert.equal(await projectFolder(loose, [base]), join(base, 'notes', 'loose'));
  });

  it('takes the home and temporary folders as shared', () => {
    assert.ok(sharedFolders().includes(tmpdir()));
  });

  it('lists .tex files nearest first, outside node_modules, hidden folders and links', async () => {
    for (const dir of ['chapters/deep', 'node_modules/pkg', '.cache', 'real']) mkdirSync(join(base, dir), { recursive: true });
    for (const file of ['main.tex', 'chapters/intro.tex', 'chapters/deep/part.tex', 'node_modules/pkg/doc.tex', '.cache/old.tex', 'real/x.tex', 'notes.md']) {
      writeFileSync(join(base, file), ROOT);
    }
    symlinkSync(base, join(base, 'loop')); // a link back up: followed, it would never end
    assert.deepEqual(await texFilesUnder(base), ['main.tex', 'chapters/intro.tex', 'real/x.tex', 'chapters/deep/part.tex'].map((f) => join(base, f)));
  });

  it('stops at its limits of files and folders', async () => {
    for (let i = 0; i < 5; i++) {
      mkdirSync(join(base, `d${i}`));
      writeFileSync(join(base, `d${i}`, 'a.tex'), ROOT);
    }
    assert.equal((await texFilesUnder(base, { files: 3, folders: 100 })).length, 3);
    assert.equal((await texFilesUnder(base, { files: 100, folders: 3 })).length, 2, 'the top folder and two below it');
  });
});
