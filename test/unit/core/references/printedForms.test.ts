// Reference strings as researchers print them, checked through the .bib engine against the
// stand-in: two-word family names against initials, a paper cited by its arXiv id alone, an arXiv
// id that names another work, and a published paper cited with its arXiv id and journal reference.
import assert from 'node:assert/strict';
import { startStandIn, type StandIn } from '../../../standin';
import { standInDeps, standInVerdicts } from '../../../helpers/verdictEngine';
import { checkReferences, fieldsOfItem, pastedItems, thebibliographyItems } from '../../../../src/core/references';

describe('reference check of printed forms (stand-in)', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  const deps = () => standInDeps(standIn);
  const engine = () => standInVerdicts(standIn);

  beforeEach(async () => {
    standIn = await startStandIn();
  });
  afterEach(() => standIn.close());

  it('holds "Dalla Serra M" against Crossref\'s family name "Dalla Serra", in a pasted reference and in a .bib entry', async () => {
    const pasted = pastedItems(
      "Tosatto L, Horrocks MH, Dear AJ, Knowles TPJ, Dalla Serra M, Cremades N, et al. Single-molecule FRET studies on alpha-synuclein oligomerization of Parkinson's disease genetically related mutants. Sci Rep. 2015;5:16696.",
    );
    const check = await checkReferences(pasted, deps());
    assert.equal(check.references[0]!.result?.verdict.verdict, 'verified-fixable', check.references[0]!.result?.message);
    const bib = await engine().verdict({
      author: 'Tosatto, L. and Horrocks, M. H. and Dear, A. J. and Knowles, T. P. J. and Dalla Serra, M. and Cremades, N. and others',
      title: "Single-molecule {FRET} studies on alpha-synuclein oligomerization of {Parkinson's} disease genetically related mutants",
      journal: 'Sci Rep', volume: '5', pages: '16696', year: '2015',
    });
    assert.equal(bib.evidence.find((e) => e.field === 'author')?.status, 'agrees');
  });

  it('identifies a paper cited by its arXiv id alone by that id, and never reads "arXiv preprint" as its title', async () => {
    const pasted = pastedItems(
      [
        'C. Stanley and T. Windisch, arXiv:1605.08386 (2016).',
        'C. Stanley and T. Windisch, arXiv preprint arXiv:1605.08386 (2016).',
        // The label where the reader finds a title (ACM's, LNCS's and Vancouver's forms).
        'Caprice Stanley and Tobias Windisch. 2016. arXiv preprint arXiv:1605.08386.',
        'Stanley, C., Windisch, T.: arXiv preprint arXiv:1605.08386 (2016)',
        'C. Stanley and T. Windisch. arXiv preprint arXiv:1605.08386, 2016.',
      ].join('\n\n'),
    );
    assert.equal(pasted.length, 5);
    const check = await checkReferences(pasted, deps());
    for (const reference of check.references) {
      assert.equal(reference.titleFrom, 'identifier', reference.item.text);
      assert.equal(reference.result?.verdict.verdict, 'verified', reference.result?.message);
      assert.equal(reference.fields.title, 'Heat-bath random walks with Markov bases');
    }
  });

  it('says an arXiv id names another work as "arXiv:…", never "the DOI", when the reference has no DOI', async () => {
    const verdict = await engine().verdict({
      author: 'C. Stanley and T. Windisch', title: 'Quantum criticality for extended nodes on a Bethe lattice', year: '2016', eprint: '1605.08386', archiveprefix: 'arXiv',
    });
    assert.equal(verdict.kind, 'doi-other-work');
    assert.match(verdict.message, /^Mismatch: arXiv:1605\.08386 names another work\./);
  });

  it('takes a paper whose arXiv journal reference is the printed venue as published, not a preprint cited as published', async () => {
    const pasted = pastedItems(
      'J. M. Murray, A. Del Maestro, and Z. Tešanović, Quantum criticality for extended nodes on a Bethe lattice in the large connectivity limit, Phys. Rev. B 85, 115117 (2012), arXiv:1111.2011.',
    );
    const [murray] = (await checkReferences(pasted, deps())).references;
    // arXiv's record of 1111.2011 carries "Phys. Rev. B 85, 115117 (2012)" as its journal reference.
    assert.equal(murray!.result?.verdict.record?.venue, 'Phys. Rev. B 85, 115117 (2012)');
    assert.notEqual(murray!.result?.verdict.verdict, 'mismatch', murray!.result?.message);
    assert.equal(murray!.result?.verdict.evidence.find((e) => e.field === 'venue')?.status, 'agrees');
    assert.equal(murray!.result?.verdict.evidence.find((e) => e.field === 'year')?.status, 'agrees');
    // Another journal than its journal reference's is still a preprint cited as published.
    const elsewhere = await engine().verdict({
      author: 'Murray, J. M. and Del Maestro, A. and Te{\\v s}anovi{\\\'c}, Z.',
      title: 'Quantum criticality for extended nodes on a {Bethe} lattice in the large connectivity limit',
      journal: 'Phys. Rev. Lett.', volume: '85', pages: '115117', year: '2012', eprint: '1111.2011', archiveprefix: 'arXiv',
    });
    assert.equal(elsewhere.kind, 'preprint-as-published', elsewhere.message);
  });

  it("holds PLoS's article number after volume(issue), \"7(3): e33693\", against Crossref's page, never asking to add pages it prints", async () => {
    // As PLoS ONE prints its own citation; the number was not read, so the check said "add pages e33693".
    const [plos] = pastedItems(
      'Sadasivan S, Pond BB, Pani AK, Qu C, Jiao Y, Smeyne RJ (2012) Methylphenidate Exposure Induces Dopamine Neuron Loss and Activation of Microglia in the Basal Ganglia of Mice. PLoS ONE 7(3): e33693. doi:10.1371/journal.pone.0033693',
    );
    const [checked] = (await checkReferences([plos!], deps())).references;
    assert.equal(checked!.fields.pages, 'e33693');
    assert.equal(checked!.result?.verdict.evidence.find((e) => e.field === 'pages')?.status, 'agrees');
    assert.equal(checked!.result?.verdict.verdict, 'verified', checked!.result?.message);
  });

  it("reads natbib's volume printed without pages or issue (\"Journal, 13, 2017.\") and holds it against Crossref's", async () => {
    // As plainnat prints a journal article with a volume and no pages; the volume was not read, so a wrong one
    // (this work is in volume 14) went unseen and the check offered to add it.
    const [natbib] = thebibliographyItems(String.raw`\begin{thebibliography}{1}
\bibitem[Valero-Cuevas and Santello(2017)]{grasp2017}
Francisco~J. Valero-Cuevas and Marco Santello.
\newblock On neuromechanical approaches for the study of biological and robotic
  grasp and manipulation.
\newblock \emph{Journal of NeuroEngineering and Rehabilitation}, 13, 2017.
\newblock \doi{10.1186/s12984-017-0305-3}.
\end{thebibliography}`);
    const [checked] = (await checkReferences([natbib!], deps())).references;
    assert.equal(checked!.fields.volume, '13');
    const volume = checked!.result?.verdict.evidence.find((e) => e.field === 'volume');
    assert.deepEqual([volume?.status, volume?.authority], ['differs', '14'], checked!.result?.message);
    // A year is never read as a volume: "Proceedings, 2016, 2017." has none.
    assert.equal(fieldsOfItem(pastedItems('A. Author. A title of a paper. In Proceedings of a workshop, 2016, 2017.')[0]!).volume, undefined);
  });

  it("reads Nature's article number, \"Sci. Rep. 5, 16696 (2015)\", and holds it against Crossref's article-number", async () => {
    // The number was not read, and Crossref's record of a journal that numbers its articles has no pages to hold it against.
    const [nature] = pastedItems(
      "Tosatto, L. et al. Single-molecule FRET studies on alpha-synuclein oligomerization of Parkinson's disease genetically related mutants. Sci. Rep. 5, 16696 (2015).",
    );
    const [checked] = (await checkReferences([nature!], deps())).references;
    assert.deepEqual([checked!.fields.volume, checked!.fields.pages], ['5', '16696']);
    const pages = checked!.result?.verdict.evidence.find((e) => e.field === 'pages');
    assert.deepEqual([pages?.status, pages?.authority], ['agrees', '16696'], checked!.result?.message);
  });
});
