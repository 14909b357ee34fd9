// Malformed LaTeX in an authority's BibTeX: Crossref's real answer for 10.1086/307221 (maths
// mangled into `$\{upOmega}$`) is repaired in its title only and said so; HTML tags and entities
// with one reading are repaired; MathML sends the lookup to the next authority.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fixturePath, send } from '../../../standin/server';
import { useBibtexStandIn } from '../../../helpers/bibtexHarness';
import { fetchBibtex } from '../../../../src/core/bibtex';
import { latexProblems, repairLatex, reviewBibtexLatex } from '../../../../src/core/latex/health';

const QUIRK = readFileSync(fixturePath('bibtex', 'doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib'), 'utf8');

describe('malformed LaTeX in authority BibTeX', () => {
  it('finds the Crossref maths mangling, HTML, MathML, entities and unclosed maths', () => {
    assert.deepEqual(latexProblems('Measurements of $\\{upOmega}$ and $\\{upLambda}$ from 42'), ['maths mangled into "\\{upOmega}", "\\{upLambda}"']);
    assert.deepEqual(latexProblems('CO<sub>2</sub> in <i>E. coli</i>'), ['HTML tags (<sub>, <i>)']);
    assert.deepEqual(latexProblems('<mml:math><mml:mi>Ω</mml:mi></mml:math> decay'), ['MathML tags']);
    assert.deepEqual(latexProblems('Salt &amp; pepper'), ['HTML entities (&amp;)']);
    assert.deepEqual(latexProblems('Cost $O(n'), ['an unclosed $…$']);
    assert.deepEqual(latexProblems('Measurements of $\\Omega$ and R\\\'{e}nyi \\$5'), []);
  });

  it('repairs what has one reading, and nothing else', () => {
    assert.equal(repairLatex('Measurements of $\\{upOmega}$ and $\\{upLambda}$'), 'Measurements of $\\Omega$ and $\\Lambda$');
    assert.equal(repairLatex('CO<sub>2</sub> in <i>E. coli</i> &amp; more'), 'CO\\textsubscript{2} in \\textit{E. coli} \\& more');
    assert.equal(repairLatex('$\\{upfoo}$'), undefined, 'no LaTeX command of that name');
    assert.equal(repairLatex('<mml:math>x</mml:math>'), undefined);
    assert.equal(repairLatex('<span class="x">y</span>'), undefined);
  });

  it('rewrites exactly the broken field of the real Crossref entry', () => {
    const review = reviewBibtexLatex(QUIRK);
    assert.deepEqual(review.unrepaired, []);
    assert.deepEqual(review.repaired.map((p) => p.field), ['title']);
    const expected = QUIRK.replace('$\\{upOmega}$ and $\\{upLambda}$', '$\\Omega$ and $\\Lambda$');
    assert.notEqual(expected, QUIRK);
    assert.equal(review.bibtex, expected, 'every other byte as the authority sent it');
  });

  describe('through fetchBibtex against the stand-in', () => {
    const h = useBibtexStandIn();

    it('repairs the title of the recorded answer and says so', async () => {
      const found = await fetchBibtex({ id: 'doi:10.1086/307221', source: 'arxiv', title: 'x', authors: [], doi: '10.1086/307221' }, { http: h.http, settings: h.settings });
      assert.match(found.bibtex, /title = \{Measurements of \$\\Omega\$ and \$\\Lambda\$ from 42 High-Redshift Supernovae\}/);
      assert.match(found.note ?? '', /BibTeX: title had maths mangled into "\\\{upOmega\}", "\\\{upLambda\}" \(repaired in that field/);
    });

    it('takes the entry from the next authority when a field cannot be repaired', async () => {
      // Crossref's transform (asked first: 10.1086 is a Crossref prefix) answers with MathML in the
      // title (one reading is not possible); doi.org's redirect gives the real recorded answer,
      // whose mangled maths can be repaired.
      const mathml = QUIRK.replace('$\\{upOmega}$', '<mml:math><mml:mi>Ω</mml:mi></mml:math>');
      const crossref = h.standIn.handlerOf('crossref')!;
      h.standIn.handle('crossref', (req, res: ServerResponse) =>
        req.path.startsWith('/works/') ? send(res, 200, mathml, 'application/x-bibtex') : crossref(req, res));
      const found = await fetchBibtex({ id: 'doi:10.1086/307221', source: 'crossref', title: 'x', authors: [], doi: '10.1086/307221' }, { http: h.http, settings: h.settings });
      assert.equal(found.source, `${h.standIn.settings['sources.doi.url']}/10.1086/307221`);
      assert.doesNotMatch(found.bibtex, /mml:/);
      assert.match(found.bibtex, /\$\\Omega\$ and \$\\Lambda\$/);
      assert.deepEqual(h.asked().map((r) => r.service), ['crossref', 'doi', 'crossref']);
    });

    it('with no other authority, keeps the entry but says what is still wrong', async () => {
      const mathml = QUIRK.replace('$\\{upOmega}$', '<mml:math><mml:mi>Ω</mml:mi></mml:math>');
      h.standIn.handle('doi', (_req, res: ServerResponse) => send(res, 200, mathml, 'application/x-bibtex'));
      h.standIn.handle('crossref', (_req, res: ServerResponse) => send(res, 200, mathml, 'application/x-bibtex'));
      const found = await fetchBibtex({ id: 'doi:10.1086/307221', source: 'crossref', title: 'x', authors: [], doi: '10.1086/307221' }, { http: h.http, settings: h.settings });
      assert.equal(found.bibtex, mathml);
      assert.match(found.note ?? '', /title had .*MathML tags, and no other authority had this work; check that field before citing/);
    });
  });
});
