// The summary `citefinder coverage` ends with, on sentences of arXiv:2212.11826 set in theorems
// (test/fixtures/coverage/notes.tex): a theorem statement's sentences are never listed, so they are
// not counted among the sentences without a citation (nor among those that cite), but said apart.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main';
import { captured } from '../../helpers/cliRun';
import { fixturePath } from '../../standin/server';

async function coverage(file: string, ...flags: string[]): Promise<string> {
  const io = captured();
  assert.equal(await main(['coverage', file, ...flags], io), 0, io.err);
  return io.out;
}

describe('CLI coverage summary', function () {
  this.timeout(30_000);

  it('counts a theorem statement\'s sentences apart, and every other sentence as before', async () => {
    const file = fixturePath('coverage', 'notes.tex');
    const { sentences } = JSON.parse(await coverage(file, '--json')) as { sentences: { cited: boolean; role?: string; needsCitation: boolean }[] };
    const statements = sentences.filter((s) => s.role === 'statement');
    const others = sentences.filter((s) => s.role !== 'statement');
    assert.equal(statements.length, 5);
    const listed = sentences.filter((s) => s.needsCitation).length;
    const uncited = others.filter((s) => !s.cited).length;
    const cited = others.length - uncited;
    const summary = (await coverage(file)).trimEnd().split('\n').at(-1);
    assert.equal(summary, `${listed} of ${uncited} sentences without a citation need one (${cited} cite already; 5 in theorem statements, never listed).`);
  });

  it('says nothing of statements in a text without theorems', async () => {
    const summary = (await coverage(fixturePath('coverage', 'qpk', 'main.tex'))).trimEnd().split('\n').at(-1);
    assert.match(summary!, /^\d+ of \d+ sentences without a citation need one \(6 cite already\)\.$/);
  });

  it('says one sentence in the singular: "1 of 1 sentence … needs one (1 cites already)"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'citefinder-summary-'));
    try {
      const lines = [
        '\\documentclass{article}',
        '\\begin{document}',
        'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.',
        'Deep residual networks are easier to optimize than plain ones \\cite{he2016}.',
        '\\end{document}',
      ];
      writeFileSync(join(dir, 'main.tex'), lines.join('\n') + '\n');
      const summary = (await coverage(join(dir, 'main.tex'))).trimEnd().split('\n').at(-1);
      assert.equal(summary, '1 of 1 sentence without a citation needs one (1 cites already).');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
