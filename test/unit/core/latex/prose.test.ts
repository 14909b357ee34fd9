// Prose with no LaTeX sign skips the parser (plainText.ts): what it gives must be exactly what the
// parser's reading gives, on real text (titles, abstracts and claims in the fixtures) and on the
// prose-only shapes the parser treats specially (TeX quotes and dashes, line and paragraph breaks).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseLatex } from '../../../../src/core/latex/parse';
import { latexToPlainText, renderNodes, tidy } from '../../../../src/core/latex/plainText';
import { DEV_CLAIMS } from '../../../helpers/paragraphClaims';
import { fixturePath } from '../../../standin/server';

const parsed = (text: string) => tidy(renderNodes(parseLatex(text)));
const LATEX_SIGN = /[\\{}$%&#^_~]/;

/** Titles and abstracts of real papers (test/fixtures/routing), and the claims written for the paragraph bench. */
function realProse(): string[] {
  const lines = readFileSync(fixturePath('routing', 'heldout-abstracts.jsonl'), 'utf8').split('\n').filter(Boolean);
  const papers = lines.map((line) => JSON.parse(line) as { title: string; abstract: string });
  return [...papers.flatMap((p) => [p.title, p.abstract]), ...DEV_CLAIMS.map((c) => c.claim)];
}

describe('prose without LaTeX signs', () => {
  it('reads as the parser reads it, on real titles, abstracts and claims', () => {
    const prose = realProse().filter((text) => !LATEX_SIGN.test(text));
    assert.ok(prose.length >= 80, `${prose.length} texts without a LaTeX sign`);
    for (const text of prose) assert.equal(latexToPlainText(text), parsed(text), text.slice(0, 80));
  });

  it('keeps what the parser does to prose: TeX quotes and dashes, breaks, brackets, gaps', () => {
    const shapes = [
      "pages 10--12, a pause---then ``quoted'' words",
      'one line\nthe next line\n\n\n\nanother paragraph',
      'tabs\tand\u00a0no-break spaces,  doubled  ',
      // One LaTeX sign each: each sends its text to the parser.
      'a tie~between words', '5% of them', 'A & B', 'the #1 case', 'at x^2', 'for x_i', 'a {group}', 'a $x$', 'an \\emph{a}',
      'as shown [12] and (see [3]) , ( ) or [ ; ] left empty .',
      'ratios < 0.5 > 0.2 and "straight quotes" and an ellipsis... or two dots..',
      '',
      '   \n  ',
    ];
    for (const text of shapes) assert.equal(latexToPlainText(text), parsed(text), JSON.stringify(text));
    assert.equal(latexToPlainText("pages 10--12, ``quoted''"), 'pages 10–12, "quoted"');
  });
});
