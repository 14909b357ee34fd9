// citefinder.bib.file from a workspace stays inside it; from the user it may name any .bib.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { resolveConfiguredBib, writableBib } from '../../../src/vscode/bibSetting';

const folder = path.resolve('/work/paper');
const home = path.resolve('/home/me');

describe('citefinder.bib.file', () => {
  it('resolves a workspace value inside the workspace folder', () => {
    assert.deepEqual(resolveConfiguredBib(' refs/extra.bib ', { fromProject: true, folder, home }), { file: path.join(folder, 'refs', 'extra.bib') });
    assert.equal(resolveConfiguredBib('  ', { fromProject: true, folder, home }), undefined);
  });

  it('refuses a workspace value that leaves the workspace or is no .bib', () => {
    for (const value of ['../../.ssh/authorized_keys.bib', '/etc/x.bib', '~/library.bib', 'sub/../../out.bib']) {
      const result = resolveConfiguredBib(value, { fromProject: true, folder, home });
      assert.ok(result && 'refused' in result && /outside the workspace folder/.test(result.refused), value);
    }
    const notBib = resolveConfiguredBib('.bashrc', { fromProject: true, folder, home });
    assert.ok(notBib && 'refused' in notBib && /must name a \.bib/.test(notBib.refused));
  });

  it("lets the user's own value name a .bib anywhere, ~ included", () => {
    assert.deepEqual(resolveConfiguredBib('~/library.bib', { fromProject: false, folder, home }), { file: path.join(home, 'library.bib') });
    assert.deepEqual(resolveConfiguredBib('/data/all.bib', { fromProject: false, folder, home }), { file: path.resolve('/data/all.bib') });
    assert.ok('refused' in resolveConfiguredBib('~/.bashrc', { fromProject: false, folder, home })!);
  });

  it('writes only where the real path is a .bib', () => {
    assert.equal(writableBib('/p/refs.bib', '/p/refs.bib'), undefined);
    assert.match(writableBib('/p/refs.bib', '/home/me/.bashrc') ?? '', /not a \.bib file; nothing was written/);
  });
});
