// The pdfjs path's citation stripping (fulltext/lineText.ts), which the heuristic queries use too:
// an author–year group goes as GROBID drops it, anything else in parentheses stays, and a list whose
// ")" never comes (a CL-SciSumm training citance, J96-3004, cut short in the data) is read in one pass
// and, at the end of the text, dropped as a list of citations too.
import assert from 'node:assert/strict';
import { stripCitations } from '../../../../src/core/fulltext/lineText';

const OPENING = 'the problem of Chinese sentence tokenization has been the focus of considerable research efforts, and significant advancements have been made';
const LIST = 'e.g., Bai 1995; Zhang et al. 1994; Chen and Liu 1992; Chiang et al. 1992; Fan and Tsai 1988; Gan 1995; Gan, Palmer, and Lua 1996; Guo 1993; He, Xu, and Sun 1991; Huang 1989; Huang and Xia 1996; Jie 1989; Jie, Liu, and Liang 1991a, 1991b; Jin and Chen 1995; Lai et al. 1992; Li et al. 1995; Liang 1986, 1987, 1990; Liu 1986a, 1986b; Liu, Tan, and Shen 1994; Lua 1990, 1994, and 1995; Ma 1996; Nie, Jin, and Hannan 1994; Sproat and Shih 1990; Sproat et al. 1996;';

describe('stripCitations', () => {
  it('drops numeric markers and author–year groups, and keeps other parentheses', () => {
    assert.equal(stripCitations(`${OPENING} (${LIST.replace(/;$/, '')}).`), `${OPENING}.`);
    assert.equal(stripCitations('Transformers [3, 4–6] replaced recurrence (Vaswani et al., 2017).'), 'Transformers replaced recurrence.');
    assert.equal(stripCitations('The blank space (equivalent to a delimiter) stays (see Section 2).'), 'The blank space (equivalent to a delimiter) stays (see Section 2).');
  });

  it('reads a long list whose closing parenthesis never comes in one pass, and drops it at the end of the text', () => {
    const cut = `${OPENING} (${LIST} `;
    // Only the last "(" runs to the end of the text; the others stop at the next "(", unclosed.
    assert.equal(stripCitations(cut.repeat(3)), cut.repeat(2) + OPENING);
    assert.equal(stripCitations(`${OPENING} (e.g., Bai 1995; Zhang et al. 1994; Chen and Li`), OPENING, 'the cut last part aside');
  });

  it('keeps an unclosed parenthesis that is no list of citations', () => {
    for (const text of [`${OPENING} (see the appendix; which holds more`, `${OPENING} (e.g., Bai 1995`, `${OPENING} (equivalent to a delimiter`]) {
      assert.equal(stripCitations(text), text);
    }
  });
});
