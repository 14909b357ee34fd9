// `citefinder coverage` reads each file of the project once: the root it was given is read for the
// check that it is LaTeX and that same text is what the include tree and the sentences are built
// from (a second read could also see a file changed in between, and list offsets of another text).
// main() in-process, with node:fs/promises' readFile counted, on the coverage fixture
// (arXiv:2212.11826's main.tex and intro.tex).
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main';
import type { CliIo } from '../../../src/cli/io';
import { fixturePath } from '../../standin/server';

// The module object the CLI's own `readFile` calls go through (the bundle keeps node built-ins as they are).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fsPromises = require('node:fs/promises') as { readFile: (...args: unknown[]) => Promise<unknown> };

describe('CLI coverage reads a file once', () => {
  let dir: string;
  const realReadFile = fsPromises.readFile;
  const reads: string[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'citefinder-coverage-reads-'));
    cpSync(fixturePath('coverage', 'qpk'), dir, { recursive: true });
    reads.length = 0;
    fsPromises.readFile = (file: unknown, ...rest: unknown[]) => {
      reads.push(String(file));
      return realReadFile(file, ...rest);
    };
  });
  afterEach(() => {
    fsPromises.readFile = realReadFile;
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens the root and its chapter once each, and lists the chapter\'s sentences', async () => {
    const io: CliIo & { out: string; err: string } = { out: '', err: '', stdout: (t) => void (io.out += t), stderr: (t) => void (io.err += t) };
    assert.equal(await main(['coverage', join(dir, 'main.tex'), '--json'], io), 0, io.err);
    const { sentences } = JSON.parse(io.out) as { sentences: { file: string }[] };
    assert.ok(sentences.some((s) => s.file === 'intro.tex'), 'the chapter was read');
    const texReads = reads.filter((file) => file.endsWith('.tex'));
    assert.deepEqual(texReads.filter((file) => file === join(dir, 'main.tex')).length, 1, texReads.join('\n'));
    assert.deepEqual(texReads.filter((file) => file === join(dir, 'intro.tex')).length, 1, texReads.join('\n'));
  });
});
