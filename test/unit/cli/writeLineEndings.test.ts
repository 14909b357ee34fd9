// `insert` and `bib check --write` on CRLF files: what they add ends its lines with CRLF, and
// every byte they do not edit stays (compared as bytes, not as decoded text).
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startCliStandIn, stopCliStandIn, type CliStandIn } from '../../helpers/cliRun';
import { fixturePath } from '../../standin/server';

const crlf = (text: string): string => text.replace(/\n/g, '\r\n');
/** The offsets of LF bytes with no CR before them. */
const loneLf = (bytes: Buffer): number[] => [...bytes.keys()].filter((i) => bytes[i] === 0x0a && bytes[i - 1] !== 0x0d);

describe('CLI keeps a CRLF file CRLF', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine
  let cli: CliStandIn;
  beforeEach(async () => (cli = await startCliStandIn('citefinder-crlf-')));
  afterEach(() => stopCliStandIn(cli));

  it('insert: the entry appended to a CRLF .bib, a .bib created for a CRLF .tex and the \\bibliography line added to it are CRLF', async () => {
    const tex = join(cli.dir, 'main.tex');
    const texBefore = Buffer.from(crlf('\\documentclass{article}\n\\begin{document}\nThe expansion of the universe is accelerating.\n\\end{document}\n'));
    writeFileSync(tex, texBefore);
    const run = await runCli(['insert', '--tex', tex, '--line', '3', '--id', '10.1086/307221', '--json'], cli.env);
    assert.equal(run.code, 0, run.stderr);
    const { key } = JSON.parse(run.stdout) as { key: string };
    const texAfter = readFileSync(tex);
    const expected = crlf(`\\documentclass{article}\n\\begin{document}\nThe expansion of the universe is accelerating~\\cite{${key}}.\n\\bibliographystyle{plain}\n\\bibliography{references}\n\\end{document}\n`);
    assert.deepEqual(texAfter, Buffer.from(expected));

    // The .bib the insert created beside the CRLF manuscript is CRLF too (it was LF).
    const bib = join(cli.dir, 'references.bib');
    assert.deepEqual(loneLf(readFileSync(bib)), [], 'the new references.bib');
    // A second work into the now existing .bib: the append follows it.
    const bibBefore = Buffer.from(crlf(readFileSync(bib, 'utf8')));
    writeFileSync(bib, bibBefore);
    writeFileSync(tex, Buffer.from(crlf('\\documentclass{article}\n\\begin{document}\nGrasping is hard.\n\\bibliography{references}\n\\end{document}\n')));
    const second = await runCli(['insert', '--tex', tex, '--line', '3', '--id', '10.1186/s12984-017-0305-3'], cli.env);
    assert.equal(second.code, 0, second.stderr);
    const bibAfter = readFileSync(bib);
    assert.deepEqual(bibAfter.subarray(0, bibBefore.length), bibBefore, 'the bytes before the append');
    assert.ok(bibAfter.length > bibBefore.length);
    assert.deepEqual(loneLf(bibAfter), []);
    assert.deepEqual(loneLf(readFileSync(tex)), []);
  });

  it('bib check --write: a field added to a CRLF entry is a CRLF line; no line loses its CR', async () => {
    const bib = join(cli.dir, 'user.bib');
    const before = Buffer.from(crlf(readFileSync(fixturePath('bibcheck', 'user.bib'), 'utf8')));
    writeFileSync(bib, before);
    const run = await runCli(['bib', 'check', bib, '--write'], cli.env);
    assert.equal(run.code, 0, run.stderr);
    const after = readFileSync(bib);
    assert.notDeepEqual(after, before, 'something was written');
    assert.deepEqual(readFileSync(`${bib}.bak`), before);
    assert.deepEqual(loneLf(after), [], after.toString('utf8'));
    const tail = before.subarray(before.indexOf('@article{ghost2020'));
    assert.deepEqual(after.subarray(after.length - tail.length), tail, 'entries after the edits, byte for byte');
  });
});
