// blankHiddenText: what TeX would not typeset is blanked, everything else kept at its offset.
import { strict as assert } from 'node:assert';
import { blankHiddenText } from '../../../../src/core/latex/hidden';
import { latexToPlainText } from '../../../../src/core/latex/plainText';

const visible = (source: string) => blankHiddenText(source).replace(/\s+/g, ' ').trim();

describe('hidden LaTeX text', () => {
  it('keeps every offset: the same length, newlines where they were', () => {
    const source = 'a % note\n\\iffalse x\ny \\fi b\n\\begin{comment}\nc\n\\end{comment}\nd';
    const blanked = blankHiddenText(source);
    assert.equal(blanked.length, source.length);
    assert.deepEqual([...blanked].map((c, i) => (c === '\n' ? i : -1)).filter((i) => i >= 0), [...source].map((c, i) => (c === '\n' ? i : -1)).filter((i) => i >= 0));
    assert.equal(visible(source), 'a b d');
  });

  it('keeps an escaped \\%, a % in a URL or \\verb, and a line break before a real comment', () => {
    assert.equal(visible('50\\% of cases % hidden'), '50\\% of cases');
    assert.equal(visible('see \\url{http://x.org/a%20b} and \\href{http://y%2F}{here} % gone'), 'see \\url{http://x.org/a%20b} and \\href{http://y%2F}{here}');
    assert.equal(visible('\\verb|%x| kept % gone'), '\\verb|%x| kept');
    assert.equal(visible('line\\\\% gone\nnext'), 'line\\\\ next');
  });

  it('pairs \\fi with the right conditional, nested or declared with \\newif', () => {
    assert.equal(visible('\\iffalse a \\ifx\\p\\q b \\fi c \\fi d'), 'd');
    assert.equal(visible('\\newif\\ifdraft \\iffalse a \\ifdraft b \\fi c \\fi d'), '\\newif\\ifdraft d');
    assert.equal(visible('\\iffalse a \\else b \\fi c'), 'b c');
    assert.equal(visible('\\iftrue a \\else b \\ifnum1=1 c \\fi d \\fi e'), 'a e');
  });

  it('hides an unclosed \\iffalse or comment environment to the end, and nothing that is commented out', () => {
    assert.equal(visible('a \\iffalse b c'), 'a');
    assert.equal(visible('a \\begin{comment} b'), 'a');
    assert.equal(visible('a % \\iffalse\nb \\fi'), 'a b \\fi');
    assert.equal(visible('a %\\begin{comment}\nb'), 'a b');
  });

  it('leaves \\ifthenelse and other macros alone', () => {
    assert.equal(visible('\\ifthenelse{\\boolean{x}}{a}{b} c'), '\\ifthenelse{\\boolean{x}}{a}{b} c');
  });

  it('never lets hidden words into the plain text of a claim', () => {
    assert.equal(latexToPlainText('Supernovae \\iffalse (ask Bob) \\fi are standard candles.'), 'Supernovae are standard candles.');
  });
});
