// arXiv titles and abstracts read as text: only the words that hold LaTeX are converted, so a
// stray sign (a lone "$" for a price, a "%") costs nothing of the rest of the abstract.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { latexToUnicode } from '../../../../src/core/latex/unicode';
import { fixturePath } from '../../../standin/server';

const abstracts = JSON.parse(readFileSync(fixturePath('latex', 'arxiv-abstracts-lone-dollar.json'), 'utf8')) as { id: string; title: string; abstract: string }[];
const byId = (id: string) => abstracts.find((a) => a.id === id)!;

describe('latexToUnicode', () => {
  it('keeps the whole of an abstract with a lone "$" and a "%" (arXiv 2603.09052)', () => {
    const { abstract } = byId('2603.09052v1');
    const text = latexToUnicode(abstract);
    assert.match(text, /reduces mortality by 30%, this model remains prohibitively expensive/);
    assert.match(text, /Median cost was \$0\.34\/triage\./);
    assert.equal(text.split(' ').length, abstract.trim().split(/\s+/).length, 'no word lost or gained');
  });

  it('converts the maths and leaves the plain words alone (arXiv 2603.04304)', () => {
    const { title, abstract } = byId('2603.04304v1');
    assert.equal(latexToUnicode(title), 'V₁: Unifying Generation and Self-Verification for Parallel Reasoners');
    const text = latexToUnicode(abstract);
    assert.match(text, /we introduce V₁, a framework that unifies generation and verification/);
    assert.match(text, /over pointwise verification and outperforms/, 'the text after a lone "$10" is kept');
  });

  it('applies an accent across the space after it, and converts accents, Greek and TeX dashes as before', () => {
    assert.equal(latexToUnicode("A. Petojevi\\' c verified"), 'A. Petojević verified');
    assert.equal(latexToUnicode("Yndur\\'ain, using an Omn\\`es representation"), 'Ynduráin, using an Omnès representation');
    assert.equal(latexToUnicode('Measurements of $\\Omega$ and $\\Lambda$ from 42 supernovae'), 'Measurements of Ω and Λ from 42 supernovae');
    assert.equal(latexToUnicode('With $\\alpha$: methods -- QuIP and AQLM --- all'), 'With α: methods – QuIP and AQLM — all');
    assert.equal(latexToUnicode('Plain text, unchanged.'), 'Plain text, unchanged.');
  });

  it('keeps operator names and accented letters in maths, which the parser dropped with their word', () => {
    const records = JSON.parse(readFileSync(fixturePath('latex', 'arxiv-abstracts-maths-operators.json'), 'utf8')) as { arxiv: string; sentences: string[] }[];
    const text = records.flatMap((r) => r.sentences.map(latexToUnicode)).join('\n');
    assert.match(text, /removing the extra \(log n\) factor/, '2606.24879: was "the extra (n) factor"');
    assert.match(text, /can be of order \(log n\)\/√n\./);
    assert.match(text, /increasing Fₘₐₓ from 0\.42 to 0\.55/, '2607.07708: was "increasing F from"');
    assert.match(text, /for k=Õ\(Γ²\/ε²\)/, '2605.08072: was "k=(Γ²/ε²)"');
    assert.match(text, /polynomials that ε-approximate/, 'the usual \\eps macro');
    assert.match(text, /sample complexity Õ\(n²\/ε²\)/, '2607.24732: \\widetilde O');
    assert.match(text, /nearly linear, Θ̃\(n\/ε²\)/);
    // In a held-out router record: operators between terms keep their spaces, never a word run together.
    assert.equal(latexToUnicode('satisfying $k \\leq \\log n / (5 \\log\\log n)$, the zeros'), 'satisfying k≤log n/(5 log log n), the zeros');
    assert.equal(latexToUnicode('in $O(n \\log n)$ time'), 'in O(n log n) time');
  });
});
