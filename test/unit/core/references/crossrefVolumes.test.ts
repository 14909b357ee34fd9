// A .bbl that prints a crossref parent: BibTeX prints the volume that two entries cross-reference
// as an item of its own, and plainnat's and plain's children as "In \citet{neurips2021}" / "In
// Ranzato et~al. \cite{neurips2021}" (IEEEtran's print the volume whole). The children were read
// with the venue "In" or "Ranzato et al" and the volume as a work to check; the files here are
// real BibTeX output of one .bib in the three styles.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { fieldsOfItem, textReferences, thebibliographyItems } from '../../../../src/core/references';
import { markdownReport } from '../../../../src/core/references/report';

const bbl = (style: string) => readFileSync(fixturePath('references', `crossref-volumes-${style}.bbl`), 'utf8');
const NEURIPS = 'Advances in Neural Information Processing Systems 34 (NeurIPS 2021)';

describe('a .bbl that prints the volume its entries cross-reference', () => {
  it('reads each child\'s venue and year from the volume, and leaves the volume out, saying so (plainnat, plain)', () => {
    for (const style of ['plainnat', 'plain']) {
      const list = textReferences(bbl(style), '.bbl');
      assert.deepEqual(list.notices, ['Not checked, as volumes other references cross-reference (crossref): neurips2021.'], style);
      const read = Object.fromEntries(list.items.map((i) => [i.key, fieldsOfItem(i)]));
      assert.deepEqual(Object.keys(read).sort(), ['abbas2021combinatorial', 'abel2021expressivity', 'abrahamsen2021training'], style);
      assert.deepEqual(read.abel2021expressivity, {
        author: 'David Abel and Will Dabney and Anna Harutyunyan and Mark K. Ho and Michael L. Littman and Doina Precup and Satinder Singh',
        title: 'On the expressivity of Markov reward',
        venue: NEURIPS,
        year: '2021',
        pages: '7799--7812',
      }, style);
      assert.equal(read.abrahamsen2021training!.venue, NEURIPS, style);
      assert.deepEqual(read.abbas2021combinatorial, textReferences(bbl(style).replace(/\\bibitem(\[[^\]]*\])?\{neurips2021\}[\s\S]*?(?=\\end)/, ''), '.bbl')
        .items.map(fieldsOfItem)[0], 'an entry without crossref is read as before');
    }
  });

  it('leaves out the volume IEEEtran prints beside children that print it whole; the editor\'s reading of the list too', () => {
    const list = textReferences(bbl('ieeetran'), '.bbl');
    assert.deepEqual(list.items.map((i) => i.key), ['abel2021expressivity', 'abrahamsen2021training', 'abbas2021combinatorial']);
    assert.deepEqual(list.notices, ['Not checked, as volumes other references cross-reference (crossref): neurips2021.']);
    assert.deepEqual(thebibliographyItems(bbl('plainnat')).map((i) => i.key), ['abbas2021combinatorial', 'abel2021expressivity', 'abrahamsen2021training']);
  });

  it('says in the Markdown report (the editor\'s and refs check --report) which volumes were left out', () => {
    const list = textReferences(bbl('plainnat'), '.bbl');
    const report = markdownReport({ references: [], summary: {} }, 'crossref-volumes-plainnat.bbl', list.notices);
    assert.match(report, /^> Not checked, as volumes other references cross-reference \(crossref\): neurips2021\.$/m);
    assert.doesNotMatch(markdownReport({ references: [], summary: {} }, 'x.bbl'), /Not checked, as volumes/, 'no note without a notice');
  });

  it('keeps a list without crossref volumes as it was', () => {
    for (const file of ['natbib-xai-paper.bbl', 'hallmark-sample-ieeetran.bbl', 'hallmark-typeset-first100.bbl']) {
      const list = textReferences(readFileSync(fixturePath('references', file), 'utf8'), '.bbl');
      assert.deepEqual(list.notices, [], file);
      assert.equal(list.items.length, (readFileSync(fixturePath('references', file), 'utf8').match(/\\bibitem\b/g) ?? []).length, file);
    }
  });
});
