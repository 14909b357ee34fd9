// What a reference file holds, decided once (src/core/references/index.ts referenceSource): a PDF
// kept as bytes, by its name or its magic bytes, any other file decoded to text once, which the
// CLI's Latin-1 note and the list's reader then share. On the committed real files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { referenceSource, textReferences } from '../../../../src/core/references';

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

  it('decodes a Latin-1 list with U+FFFD for its accented letters, which the CLI\'s encoding note looks for', () => {
    const latin1 = Buffer.from('\\begin{thebibliography}{1}\n\\bibitem{a} J. Mu\u00f1oz, Caf\u00e9 studies, 2001.\n\\end{thebibliography}\n', 'latin1');
    const source = referenceSource('refs.bbl', new Uint8Array(latin1));
    assert.ok('text' in source);
    assert.match(source.text, /Mu\uFFFDoz, Caf\uFFFD studies/);
  });
});
