// Author lists the readers must take whole, or the rest of the list becomes the title: a physics
// team in brackets after "et al.", and Nature's "Family, I." names whose family name has two words
// ("Dalla Serra, M.", "Van der Linden, M. L.", "García Márquez, G."). The strings are the exploratory
// tester's pasted lists, as APS, INSPIRE, Nature and APA print them: real works, Doval's author list
// varied to hold such names.
import assert from 'node:assert/strict';
import { fieldsOfItem, pastedItems } from '../../../../src/core/references';
import { readPerson } from '../../../../src/core/bibcheck/people';

const read = (text: string) => fieldsOfItem(pastedItems(text)[0]!);

describe('reference author lists', () => {
  it('reads the collaboration in brackets after "et al." as the authors\' team, not the title', () => {
    assert.deepEqual(
      read('B. P. Abbott et al. (LIGO Scientific Collaboration and Virgo Collaboration), Observation of gravitational waves from a binary black hole merger, Phys. Rev. Lett. 116, 061102 (2016).'),
      { author: 'B. P. Abbott and others', title: 'Observation of gravitational waves from a binary black hole merger', venue: 'Phys. Rev. Lett.', volume: '116', pages: '061102', year: '2016' },
    );
    assert.deepEqual(
      read('R. Aaij et al. [LHCb], Observation of J/ψp resonances consistent with pentaquark states in Λb0→J/ψK−p decays, Phys. Rev. Lett. 115, 072001 (2015).'),
      {
        author: 'R. Aaij and others', title: 'Observation of J/ψp resonances consistent with pentaquark states in Λb0→J/ψK−p decays',
        venue: 'Phys. Rev. Lett.', volume: '115', pages: '072001', year: '2015',
      },
    );
  });

  it('reads Nature\'s "Family, I." names whose family name has two words or a capitalised particle', () => {
    const pandora = { title: "Whether or not to open Pandora's box", venue: 'J. Econ. Theory', year: '2018', pages: '127--158', volume: '175' };
    const authors: [string, string][] = [
      ['Doval, L. & Dalla Serra, M.', 'Doval, L. and Dalla Serra, M.'],
      ['De Marchis, C., Doval, L. & Smith, J.', 'De Marchis, C. and Doval, L. and Smith, J.'],
      ['Doval, L., Van der Linden, M. L. & Smith, J.', 'Doval, L. and Van der Linden, M. L. and Smith, J.'],
      ['Doval, L., García Márquez, G. & Smith, J.', 'Doval, L. and García Márquez, G. and Smith, J.'],
    ];
    for (const [printed, author] of authors) {
      assert.deepEqual(read(`${printed} Whether or not to open Pandora's box. J. Econ. Theory 175, 127–158 (2018).`), { author, ...pandora }, printed);
    }
    const tosatto = read(
      "Tosatto, L., Horrocks, M. H., Dear, A. J., Knowles, T. P., Dalla Serra, M., Cremades, N., Dobson, C. M. & Klenerman, D. Single-molecule FRET studies on alpha-synuclein oligomerization of Parkinson's disease genetically related mutants. Sci. Rep. 5, 16696 (2015).",
    );
    assert.equal(tosatto.author, 'Tosatto, L. and Horrocks, M. H. and Dear, A. J. and Knowles, T. P. and Dalla Serra, M. and Cremades, N. and Dobson, C. M. and Klenerman, D.');
    assert.equal(tosatto.title, "Single-molecule FRET studies on alpha-synuclein oligomerization of Parkinson's disease genetically related mutants");
    assert.deepEqual([tosatto.venue, tosatto.year, tosatto.volume], ['Sci. Rep', '2015', '5']);
    const apa = read("Doval, L. and Dalla Serra, M. (2018). Whether or not to open Pandora's box. Journal of Economic Theory, 175, 127–158.");
    assert.deepEqual([apa.author, apa.title, apa.year], ['Doval, L. and Dalla Serra, M.', "Whether or not to open Pandora's box", '2018']);
  });
});

describe('a name with a generational suffix ("Jr", "III", Citing Medicine\'s "3rd")', () => {
  it('keeps the suffix with its name, in BibTeX\'s "Family, Jr., Given" form, instead of losing the reference', () => {
    const gilstrap = read('Gilstrap LC 3rd, Ramin SM. Urinary tract infections during pregnancy. Obstet Gynecol Clin North Am. 2001 Sep;28(3):581-91.');
    assert.deepEqual([gilstrap.author, gilstrap.title, gilstrap.venue], [
      'Gilstrap, III, L. C. and Ramin, S. M.', 'Urinary tract infections during pregnancy', 'Obstet Gynecol Clin North Am',
    ]);
    const kaelin = 'The von Hippel-Lindau tumour suppressor protein: O2 sensing and cancer';
    assert.deepEqual(read(`Kaelin WG Jr. ${kaelin}. Nat Rev Cancer. 2008 Nov;8(11):865-73.`).author, 'Kaelin, Jr., W. G.');
    assert.deepEqual(read(`Kaelin, W. G., Jr. (2008). ${kaelin}. Nature Reviews Cancer, 8(11), 865–873.`).author, 'Kaelin, Jr., W. G.');
    assert.equal(read(`Kaelin WG II, Ramin SM Sr. ${kaelin}. Nat Rev Cancer. 2008;8(11):865-73.`).author, 'Kaelin, II, W. G. and Ramin, Sr., S. M.');
  });

  it('compares the name read in that form by its family name and initials, the suffix aside', () => {
    const parts = (written: string) => ({ family: readPerson(written)?.family, given: readPerson(written)?.given });
    assert.deepEqual(parts('Gilstrap, III, L. C.'), { family: 'gilstrap', given: ['l', 'c'] });
    assert.deepEqual(parts('King, Jr., Martin Luther'), parts('King, Martin Luther, Jr.'));
    assert.deepEqual(parts('King, Jr., Martin Luther'), parts('Martin Luther King Jr.'));
  });
});

describe('words quoted inside a title', () => {
  it('reads a title with quoted words whole, not the quoted words as an IEEE title', () => {
    // Springer Nature's deposit for Sci. Rep. 5, 16696: the authors ran on to "Ventura and S. Prediction of", the title was "hot spots".
    assert.deepEqual(
      read('Sánchez de Groot, N., Pallarés, I., Avilés, F. X., Vendrell, J. & Ventura, S. Prediction of ‘hot spots’ of aggregation in disease-linked polypeptides. BMC Struct. Biol. 5, 18 (2005).'),
      {
        author: 'Sánchez de Groot, N. and Pallarés, I. and Avilés, F. X. and Vendrell, J. and Ventura, S.',
        title: 'Prediction of ‘hot spots’ of aggregation in disease-linked polypeptides', venue: 'BMC Struct. Biol', year: '2005', pages: '18', volume: '5',
      },
    );
  });
});

describe('family names in capitals', () => {
  it("reads Harvard's family names printed in small capitals (\"LIM, J., KIM, Y. and HAN, S.\") as families, not initials", () => {
    // HALLMARK's BiasAdv (CVPR 2023) as Elsevier's and UK universities' Harvard prints it: each capital family was an author of its own.
    const fields = read('LIM, J., KIM, Y., KIM, B., AHN, C., SHIN, J., YANG, E. and HAN, S., 2023. BiasAdv: Bias-adversarial augmentation for model debiasing. '
      + 'In: Proceedings of the IEEE/CVF Conference on Computer Vision and Pattern Recognition, pp. 3832-3841.');
    assert.equal(fields.author, 'LIM, J. and KIM, Y. and KIM, B. and AHN, C. and SHIN, J. and YANG, E. and HAN, S.');
    assert.equal(fields.title, 'BiasAdv: Bias-adversarial augmentation for model debiasing');
    assert.equal(readPerson('HAN, S.')!.family, 'han');
    // Initials without periods after capitals stay initials: Vancouver's "Lim J, Kim Y".
    assert.equal(read('Lim J, Kim Y, Han S. BiasAdv: bias-adversarial augmentation for model debiasing. In: Proc CVPR; 2023.').author, 'Lim, J. and Kim, Y. and Han, S.');
  });
});
