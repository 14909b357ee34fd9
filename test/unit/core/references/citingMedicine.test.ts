// NLM's Citing Medicine, as PubMed's "Cite → NLM" and reference managers print it: the month and day
// after the year are no part of the venue, "[Internet]" and "[Preprint]" no part of the title, and the
// date a page was cited is not the year of the work. Each was reported as a venue, title or year
// mismatch. The strings are real references as PubMed and Citing Medicine's examples print them.
import assert from 'node:assert/strict';
import { fieldsOfItem, pastedItems } from '../../../../src/core/references';

const read = (text: string) => fieldsOfItem(pastedItems(text)[0]!);
const SADASIVAN = 'Sadasivan, S. and Pond, B. B. and Pani, A. K. and Qu, C. and Jiao, Y. and Smeyne, R. J.';
const TITLE = 'Methylphenidate exposure induces dopamine neuron loss and activation of microglia in the basal ganglia of mice';

describe("references in NLM's Citing Medicine form", () => {
  it("leaves the month and day of PubMed's date out of the venue", () => {
    assert.deepEqual(
      read(`Sadasivan S, Pond BB, Pani AK, Qu C, Jiao Y, Smeyne RJ. ${TITLE}. PLoS One. 2012 Mar 21;7(3):e33693. doi: 10.1371/journal.pone.0033693. PMID: 22470460; PMCID: PMC3312905.`),
      { author: SADASIVAN, title: TITLE, venue: 'PLoS One', year: '2012', pages: 'e33693', volume: '7', doi: '10.1371/journal.pone.0033693', pmid: '22470460', pmcid: 'PMC3312905' },
    );
    const tosatto = read(
      "Tosatto L, Horrocks MH, Dear AJ, Knowles TPJ, Dalla Serra M, Cremades N, et al. Single-molecule FRET studies on alpha-synuclein oligomerization of Parkinson's disease genetically related mutants. Sci Rep. 2015 Nov 19;5:16696.",
    );
    assert.deepEqual([tosatto.venue, tosatto.year, tosatto.volume, tosatto.pages], ['Sci Rep', '2015', '5', '16696']);
    const mueller = read(
      'Müller-Gärtner HW, Links JM, Prince JL, Bryan RN, McVeigh E, Leal JP, et al. Measurement of radiotracer concentration in brain gray matter using positron emission tomography: MRI-based correction for partial volume effects. J Cereb Blood Flow Metab. 1992 Jul;12(4):571-83. PMID: 1618936.',
    );
    assert.deepEqual([mueller.venue, mueller.year, mueller.volume], ['J Cereb Blood Flow Metab', '1992', '12']);
  });

  it('leaves "[Internet]" and "[Preprint]" out of the title and never reads the year from "[cited …]"', () => {
    assert.deepEqual(
      read(`Sadasivan S, Pond BB, Pani AK, Qu C, Jiao Y, Smeyne RJ. ${TITLE} [Internet]. PLoS One. 2012 [cited 2024 Jan 5];7(3):e33693. Available from: https://doi.org/10.1371/journal.pone.0033693`),
      { author: SADASIVAN, title: TITLE, venue: 'PLoS One', year: '2012', pages: 'e33693', volume: '7', doi: '10.1371/journal.pone.0033693' },
    );
    assert.deepEqual(read('Stanley C, Windisch T. Heat-bath random walks with Markov bases [Preprint]. arXiv. 2016. Available from: https://arxiv.org/abs/1605.08386'), {
      author: 'Stanley, C. and Windisch, T.', title: 'Heat-bath random walks with Markov bases', venue: 'arXiv', year: '2016', arxiv: '1605.08386',
    });
    const internet = read('Stanley C, Windisch T. Heat-bath random walks with Markov bases [Internet]. arXiv; 2016 [cited 2024 Jan 5]. Available from: https://arxiv.org/abs/1605.08386');
    assert.deepEqual([internet.title, internet.year], ['Heat-bath random walks with Markov bases', '2016']);
    const thesis = read('Youssef NM. School adjustment of children with congenital heart disease [dissertation]. Pittsburgh (PA): University of Pittsburgh; 1988.');
    assert.deepEqual([thesis.title, thesis.year], ['School adjustment of children with congenital heart disease', '1988']);
  });
});
