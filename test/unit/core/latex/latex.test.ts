import assert from 'node:assert/strict';
import { stripComments } from '../../../../src/core/latex/hidden';
import { latexToPlainText } from '../../../../src/core/latex/plainText';

const plain = latexToPlainText;

describe('latexToPlainText', () => {
  it('drops comments, inline and display math', () => {
    assert.equal(
      plain('Transformers outperform RNNs $O(n^2)$ on long inputs. % check this\n\\[ E = mc^2 \\] Done.'),
      'Transformers outperform RNNs on long inputs. Done.',
    );
    assert.equal(plain('Energy \\(E\\) and $$x^2$$ and \\begin{equation}a=b\\end{equation} remain.'), 'Energy and and remain.');
    assert.equal(plain('Align \\begin{align*} a &= b \\\\ c &= d \\end{align*} gone.'), 'Align gone.');
  });

  it('keeps bare numbers written in math mode', () => {
    assert.equal(plain('We recruited $120$ patients ($45\\%$ female).'), 'We recruited 120 patients (45% female).');
  });

  it('drops every citation command of natbib and biblatex, with optional arguments', () => {
    const source =
      'A~\\cite{a} B~\\citep[see][p.~3]{b,c} C \\citet{d} D \\parencite[12]{e} E \\textcite{f} ' +
      'F \\autocite[][]{g} G\\footcite{h} H \\citeauthor{i} I \\cite*{j} J \\Citep{k} K \\nocite{l}end.';
    assert.equal(plain(source), 'A B C D E F G H I J K end.');
  });

  it('leaves no empty brackets or stray spaces where a citation was', () => {
    assert.equal(plain('The effect is robust (\\citealp{x}).'), 'The effect is robust.');
    assert.equal(plain('The effect is robust \\cite{x}, and large~\\cite{y}.'), 'The effect is robust, and large.');
  });

  it('drops refs, labels, urls and footnotes', () => {
    assert.equal(
      plain('See Fig.~\\ref{f:a}, Eq.~\\eqref{e}, \\cref{s}\\label{here} and \\url{https://x.org}.\\footnote{Aside.}'),
      'See Fig., Eq., and.',
    );
  });

  it('keeps the words of formatting commands and link texts', () => {
    assert.equal(
      plain('\\emph{In vivo} \\textbf{IL-6 \\textit{levels}} rose \\underline{sharply}; \\href{https://x}{see here}.'),
      'In vivo IL-6 levels rose sharply; see here.',
    );
  });

  it('reads a drop cap with the rest of its word, as IEEE papers open', () => {
    assert.equal(latexToPlainText('\\IEEEPARstart{D}{eep} residual learning makes deep networks trainable.'), 'Deep residual learning makes deep networks trainable.');
    assert.equal(latexToPlainText('\\lettrine[lines=2]{T}{he} model converges.'), 'The model converges.');
  });

  it('turns ~ into a space, dashes and quotes into their characters', () => {
    assert.equal(plain("Type~Ia rates of 5--10 per cent --- ``roughly'' constant."), 'Type Ia rates of 5–10 per cent — "roughly" constant.');
  });

  it('consumes TeX glue after \\hskip and \\vskip (no braced argument), and a kern inside a word', () => {
    // IEEEtran's separator before "address: publisher".
    assert.equal(plain('\\emph{Deep Learning}.\\hskip 1em plus 0.5em minus 0.4em\\relax Cambridge, MA, USA: MIT Press, 2016.'), 'Deep Learning. Cambridge, MA, USA: MIT Press, 2016.');
    assert.equal(plain('One.\\vskip 2pt plus 1fill Two \\hskip\\baselineskip three \\hspace{1em}four.'), 'One. Two three four.');
    assert.equal(plain('Bib\\kern-.08em\\TeX{} style'), 'BibTeX style');
  });

  it('decodes accents and special characters', () => {
    assert.equal(plain("Schr\\\"odinger, G\\\"{o}del, Erd\\H{o}s, Caf\\'e, gar\\c{c}on, na\\\"{\\i}ve"), 'Schrödinger, Gödel, Erdős, Café, garçon, naïve');
    assert.equal(plain('R\\&D costs 50\\% of \\$10, \\ss{} \\o{} \\ldots'), 'R&D costs 50% of $10, ß ø …');
  });

  it('puts an accent written before \\i on the dotless i, braced or not', () => {
    // The accent was dropped before a command: "S. Garcia" read from a .bbl where the .bib has "Garc{\'\i}a".
    assert.equal(plain("S.~Garc{\\'\\i}a, J.~Luengo, and F.~Herrera"), 'S. García, J. Luengo, and F. Herrera');
    assert.equal(plain("Garc\\'\\i{}a, {\\^\\i}le, M{\\\"\\i}ller"), 'García, île, Mïller');
  });

  it('keeps list items and section titles as separate paragraphs', () => {
    assert.equal(
      plain('\\section{Results} \\begin{itemize}\\item First finding. \\item Second finding.\\end{itemize}'),
      'Results\n\nFirst finding. Second finding.',
    );
  });

  describe('broken LaTeX from half-written selections never throws', () => {
    const broken: [string, string][] = [
      ['an unclosed group', 'We show \\emph{that gene X is'],
      ['unclosed math', 'The rate $\\alpha = 0.3 grows'],
      ['an unclosed environment', 'Claim \\begin{itemize} \\item first point'],
      ['a stray closing brace', 'stray } closing brace here'],
      ['a stray \\end', 'the end of the proof. \\end{proof} More text'],
      ['mismatched environments', '\\begin{quote} quoted \\end{center} text'],
      ['a trailing backslash', 'ends with a backslash \\'],
      ['an unclosed optional argument', 'see \\citep[p. 3 for details'],
      ['math unclosed inside a group', '\\textbf{bold $x} and more'],
      ['pure garbage', '}}}{{{ $$ \\begin{foo} \\end{bar} \\[ \\left( ^_&#'],
    ];
    for (const [what, source] of broken) {
      it(`with ${what}`, () => {
        const text = plain(source);
        assert.equal(typeof text, 'string');
        assert.doesNotMatch(text, /\\[a-z]/i, 'no command names leak');
      });
    }

    it('keeps the prose around the damage', () => {
      assert.equal(plain('We show \\emph{that gene X is'), 'We show that gene X is');
      assert.equal(plain('The rate $\\alpha = 0.3 grows'), 'The rate');
      assert.equal(plain('stray } closing brace here'), 'stray closing brace here');
      assert.equal(plain('the end of the proof. \\end{proof} More text'), 'the end of the proof. More text');
      assert.match(plain('Claim \\begin{itemize} \\item first point'), /^Claim\s+first point$/);
    });
  });

  it('returns an empty string for empty or math-only input', () => {
    assert.equal(plain(''), '');
    assert.equal(plain('$x^2$ % only math'), '');
  });
});

describe('latexToPlainText repairs', () => {
  it('closes unclosed math and groups at the end of their paragraph, innermost first', () => {
    assert.equal(plain('A \\emph{bold claim about $x\n\nNext paragraph stays \\textbf{prose}.'), 'A bold claim about\n\nNext paragraph stays prose.');
  });
});

describe('stripComments', () => {
  it('blanks comments, not escaped percent signs, and keeps every offset', () => {
    const text = 'a % c\n5\\% of \\end{document} % done';
    assert.equal(stripComments(text), 'a    \n5\\% of \\end{document}       ');
    assert.equal(stripComments(text).indexOf('\\end'), text.indexOf('\\end'));
  });
});
