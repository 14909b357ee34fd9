// The check the CLI's writes and the editor's insertion share: a .bib that is a symbolic link to a
// missing file is refused, naming the link and its target; any other path (a file, a link to one,
// a file not there yet) passes.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { danglingLinkRefusal } from '../../../../src/core/manuscript/danglingLink';

describe('danglingLinkRefusal', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'citefinder-links-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a link to a missing .bib, naming the link, its target as written and where that is', async () => {
    symlinkSync(join('shared', 'library.bib'), join(dir, 'refs.bib'));
    const why = await danglingLinkRefusal(join(dir, 'refs.bib'));
    assert.equal(why, `"${join(dir, 'refs.bib')}" is a symbolic link to "shared/library.bib" (${join(dir, 'shared', 'library.bib')}), ` +
      'which does not exist (restore its target or remove the link)');
  });

  it('refuses a link to a link whose target is missing', async () => {
    symlinkSync(join(dir, 'gone.bib'), join(dir, 'middle.bib'));
    symlinkSync(join(dir, 'middle.bib'), join(dir, 'refs.bib'));
    assert.match((await danglingLinkRefusal(join(dir, 'refs.bib'))) ?? '', /refs\.bib" is a symbolic link to ".*middle\.bib", which does not exist/);
  });

  it('lets a file, a link to an existing file and a file not there yet be written', async () => {
    writeFileSync(join(dir, 'library.bib'), '@article{a,title={A}}\n');
    symlinkSync(join(dir, 'library.bib'), join(dir, 'refs.bib'));
    assert.equal(await danglingLinkRefusal(join(dir, 'library.bib')), undefined);
    assert.equal(await danglingLinkRefusal(join(dir, 'refs.bib')), undefined);
    assert.equal(await danglingLinkRefusal(join(dir, 'new.bib')), undefined);
  });
});
