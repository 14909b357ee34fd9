// What a reference file holds, decided once (src/core/references/index.ts referenceSource): a PDF
// kept as bytes, by its name or its magic bytes, any other file decoded to text once, which the
// list's reader and its Latin-1 notice then share. On the committed real files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { readReferences, referenceSource, textReferences } from '../../../../src/core/references';
import type { CoreDeps } from '../../../../src/core/deps';

const bytes = (...parts: string[]) => new Uint8Array(readFileSync(fixturePath(...parts)));

describe('referenceSource: a PDF or a text, read once', () => {
  it('keeps a PDF as bytes, by its name or, under another name, by its magic bytes', () => {
    const pdf = bytes('references', 'prl-unheaded.pdf');
    for (const name of ['prl.pdf', 'PRL.PDF', 'prl.txt', 'prl']) {
      const source = referenceSource(name, pdf);
      assert.ok('pdf' in source, name);
      assert.equal(source.pdf, pdf, `${name}: the bytes read, not a copy`);
    }
    // Named .pdf, and no PDF: still the PDF reader's, which says it cannot read it (never a text list).
    assert.ok('pdf' in referenceSource('page.pdf', new TextEncoder().encode('<!doctype html><title>Log in</title>')));
  });

  it('decodes any other file to the text textReferences reads, its extension picking the reader', () => {
    const bbl = bytes('references', 'hallmark-sample.bbl');
    const source = referenceSource('/papers/Main.BBL', bbl);
    assert.ok('text' in source);
    assert.equal(source.kind, '.bbl');
    assert.equal(source.text, readFileSync(fixturePath('references', 'hallmark-sample.bbl'), 'utf8'));
    assert.deepEqual(textReferences(source.text, source.kind).items.slice(0, 2).map((i) => i.number), ['1', '2']);
  });

  const latin1 = new Uint8Array(Buffer.from('\\begin{thebibliography}{1}\n\\bibitem{a} J. Mu\u00f1oz, Caf\u00e9 studies, 2001.\n\\end{thebibliography}\n', 'latin1'));

  it('decodes a Latin-1 list with U+FFFD for its accented letters', () => {
    const source = referenceSource('refs.bbl', latin1);
    assert.ok('text' in source);
    assert.match(source.text, /Mu\uFFFDoz, Caf\uFFFD studies/);
  });

  it('says first among the list\'s notices that a Latin-1 list loses its accented letters, so every report of it says so', async () => {
    // A text list needs no service: the deps are never used.
    const deps = {} as CoreDeps;
    const list = await readReferences('/papers/refs.bbl', latin1, deps);
    assert.equal(list.items.length, 1);
    assert.match(list.notices[0] ?? '', /^"refs\.bbl" is not UTF-8 \(Latin-1, perhaps\): its accented letters are read as "\uFFFD"/);
    const utf8 = await readReferences('/papers/refs.bbl', new TextEncoder().encode(new TextDecoder('latin1').decode(latin1)), deps);
    assert.deepEqual(utf8.notices, [], 'the same list saved as UTF-8 has nothing to say');
  });
});
