// The PDF path against the .bbl it was typeset from: HALLMARK dev_public's first 100 entries as
// BibTeX's plainnat (numbered) writes them, in a two-column article built by pdflatex
// (test/fixtures/references/hallmark-typeset-first100.*, see PROVENANCE.md). Each PDF item is
// the \bibitem of its number; what TeX did to the text at a line's end (a DOI or URL broken
// without a mark, a word hyphenated) must not change the fields read from it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturePath, fixturesDir } from '../../../standin/server';
import { fieldsOfItem, textReferences, type ReferenceFields, type ReferenceItem } from '../../../../src/core/references';
import { pdfjsReferences } from '../../../../src/core/references/pdf';
import { composeAccents, joinLines } from '../../../../src/core/references/pdfItems';
import { splitParts } from '../../../../src/core/references/fields';

const FIXTURE = 'hallmark-typeset-first100';
const letters = (text = '') => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

describe('references read from a PDF typeset by pdflatex from a real BibTeX .bbl', function () {
  this.timeout(30_000);
  let pdfItems: ReferenceItem[];
  let bblFields: ReferenceFields[];

  before(async () => {
    pdfItems = (await pdfjsReferences(new Uint8Array(readFileSync(fixturePath('references', `${FIXTURE}.pdf`))))).items;
    bblFields = textReferences(readFileSync(fixturePath('references', `${FIXTURE}.bbl`), 'utf8'), '.bbl').items.map(fieldsOfItem);
  });

  it('cuts the two-column numbered list into its 100 items, numbered in order', () => {
    assert.deepEqual(pdfItems.map((i) => i.number), Array.from({ length: 100 }, (_, i) => String(i + 1)));
  });

  it('reads every author list as the .bbl holds it, a name TeX hyphenated at a line\'s end whole ("Doina Pre-" "cup")', () => {
    assert.deepEqual(pdfItems.map((i) => fieldsOfItem(i).author), bblFields.map((f) => f.author));
  });

  it('reads every DOI and URL broken across lines as the .bbl holds it', () => {
    const pdfFields = pdfItems.map(fieldsOfItem);
    const withDoi = bblFields.filter((f) => f.doi).length;
    assert.ok(withDoi >= 20, `${withDoi} DOIs`);
    assert.deepEqual(pdfFields.map((f) => f.doi), bblFields.map((f) => f.doi));
    assert.deepEqual(pdfFields.map((f) => f.url), bblFields.map((f) => f.url));
  });

  it('reads the titles with their words whole: a line-end hyphen taken away unless the compound has it', () => {
    const pdfTitles = pdfItems.map((i) => fieldsOfItem(i).title);
    const same = pdfTitles.filter((t, i) => t === bblFields[i]!.title).length;
    const sameLetters = pdfTitles.filter((t, i) => letters(t) === letters(bblFields[i]!.title)).length;
    assert.equal(sameLetters, 100);
    assert.ok(same >= 95, `${same} of 100 titles read character for character`);
  });

  it('reads the whole committed PDF (1,119 items) with every DOI, the underscore of a Springer chapter included, as its .bbl holds it', async () => {
    const full = join(fixturesDir(), '..', '..', 'bench', 'data', 'hallmark-typeset', 'hallmark-dev');
    const items = (await pdfjsReferences(new Uint8Array(readFileSync(`${full}.pdf`)))).items;
    const dois = textReferences(readFileSync(`${full}.bbl`, 'utf8'), '.bbl').items.map((i) => fieldsOfItem(i).doi);
    assert.deepEqual(items.map((i) => i.number), Array.from({ length: 1119 }, (_, i) => String(i + 1)));
    assert.deepEqual(items.map((i) => fieldsOfItem(i).doi), dois);
    assert.ok(dois.includes('10.1007/978-3-031-19830-4_20'));
  });

  it('joins line ends as TeX broke them', () => {
    assert.equal(joinLines(['doi: 10.1109/CVPR52688.2022.', '01981.']), 'doi: 10.1109/CVPR52688.2022.01981.');
    assert.equal(joinLines(['doi: 10.', '1109/CVPR52729.2023.01823.']), 'doi: 10.1109/CVPR52729.2023.01823.');
    assert.equal(joinLines(['URL http://arxiv.', 'org/abs/2602.12132v1.']), 'URL http://arxiv.org/abs/2602.12132v1.');
    assert.equal(joinLines(['URL https:', '//openreview.net/forum?id=0ZbPmmB61g.']), 'URL https://openreview.net/forum?id=0ZbPmmB61g.');
    assert.equal(joinLines(['doi: 10.1038/s41534-021-00440-7.', 'URL https://x.org/a.']), 'doi: 10.1038/s41534-021-00440-7. URL https://x.org/a.');
    assert.equal(joinLines(['Learning probabilistic ordi-', 'nal embeddings']), 'Learning probabilistic ordinal embeddings');
    assert.equal(joinLines(['Kush R. Varsh-', 'ney.']), 'Kush R. Varshney.');
    assert.equal(joinLines(['Barlow twins: Self-', 'supervised learning']), 'Barlow twins: Self-supervised learning');
    assert.equal(joinLines(['Chen-', 'Yu Lee']), 'Chen-Yu Lee');
    // Two words whose join no scientific text has keep the hyphen; a split word is joined.
    assert.equal(joinLines(['Brain-', 'controlled functional electrical stimulation']), 'Brain-controlled functional electrical stimulation');
    assert.equal(joinLines(['functional electrical stimu-', 'lation']), 'functional electrical stimulation');
    assert.equal(joinLines(['autonomously-', 'acquired skills']), 'autonomously-acquired skills');
    // A name's syllables are often words ("Er", "mon"): the name, not the words, decides. An adverb must be one ("analy-").
    assert.equal(joinLines(['Jiajun Wu, Jun-Yan Zhu, and Stefano Er-', 'mon. Sdedit: Guided image synthesis']), 'Jiajun Wu, Jun-Yan Zhu, and Stefano Ermon. Sdedit: Guided image synthesis');
    assert.equal(joinLines(['Anurag Arnab, Lu-', 'cas Beyer, and Ashish Vaswani.']), 'Anurag Arnab, Lucas Beyer, and Ashish Vaswani.');
    assert.equal(joinLines(['Simon Woodhead, José Miguel Hernández-Lobato, Si-', 'mon Peyton Jones, and Richard G. Baraniuk.']), 'Simon Woodhead, José Miguel Hernández-Lobato, Simon Peyton Jones, and Richard G. Baraniuk.');
    assert.equal(joinLines(['Argument mining driven analy-', 'sis of peer-reviews.']), 'Argument mining driven analysis of peer-reviews.');
    assert.equal(joinLines(['a fully-', 'connected layer']), 'a fully-connected layer');
    assert.equal(joinLines(['Towards Self-', 'Supervised Learning. In ICML, 2020.']), 'Towards Self-Supervised Learning. In ICML, 2020.');
    assert.equal(joinLines(['Barlow Twins: Self-', 'supervised Learning.']), 'Barlow Twins: Self-supervised Learning.');
  });

  it('puts OT1 accents, drawn as glyphs of their own, back on their letters', () => {
    assert.equal(composeAccents('Peter S´uken´ık, Laura Leal-Taix´e, Fran¸cois, Ulrich A¨ıvodji, Kalle ˚Astr¨om'), 'Peter Súkeník, Laura Leal-Taixé, François, Ulrich Aïvodji, Kalle Åström');
    assert.equal(composeAccents('´ [1119]Etienne Pardoux'), ' [1119]Etienne Pardoux');
    const authors = pdfItems.map((i) => fieldsOfItem(i).author ?? '').join(' ');
    assert.doesNotMatch(authors, /[´`¨˜ˆ¸ˇ˚]/);
  });

  it('keeps a lowercased subtitle after "?" in the title', () => {
    assert.deepEqual(splitParts('Yuanhao Wang and Chi Jin. Is rlhf more difficult than standard rl? a theoretical perspective. In NeurIPS, 2023.'), [
      'Yuanhao Wang and Chi Jin',
      'Is rlhf more difficult than standard rl? a theoretical perspective',
      'In NeurIPS, 2023',
    ]);
  });
});
