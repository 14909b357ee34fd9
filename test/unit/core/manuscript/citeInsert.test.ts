import assert from 'node:assert/strict';
import {
  citationOffset,
  lineClaim,
  normaliseCiteCommand,
  planCiteInsertion,
} from '../../../../src/core/manuscript/citeInsert';

/** Applies the plan for the claim `claim` found in `doc` and returns the new document. */
function cite(doc: string, claim: string, key: string, command = '\\cite'): string {
  const start = doc.indexOf(claim);
  assert.ok(start >= 0, 'claim must be in the document');
  const plan = planCiteInsertion(doc, start, start + claim.length, key, command);
  if (!plan.edit) return doc;
  const { offset, deleteLength, insert } = plan.edit;
  return doc.slice(0, offset) + insert + doc.slice(offset + deleteLength);
}

const CLAIM = 'Observations of distant Type Ia supernovae show the expansion is accelerating.';

describe('cite insertion', () => {
  it('goes before the final full stop, joined with ~', () => {
    const doc = `Intro. ${CLAIM} Next sentence.`;
    assert.equal(
      cite(doc, CLAIM, 'perlmutter1999measurements'),
      'Intro. Observations of distant Type Ia supernovae show the expansion is accelerating~\\cite{perlmutter1999measurements}. Next sentence.',
    );
  });

  it('goes right after a selection that stops before the punctuation', () => {
    const doc = 'We know that the universe is accelerating, as shown.';
    assert.equal(
      cite(doc, 'the universe is accelerating', 'riess1998'),
      'We know that the universe is accelerating~\\cite{riess1998}, as shown.',
    );
  });

  it('ignores trailing whitespace and newlines in the selection', () => {
    const doc = 'Claim one is true?\n\nNext.';
    assert.equal(cite(doc, 'Claim one is true?\n\n', 'k'), 'Claim one is true~\\cite{k}?\n\nNext.');
  });

  it('goes before display math that ends the claim, not below it where the next sentence starts', () => {
    const equation = 'The constant is positive,\n\\begin{equation}\n  \\Lambda > 0 .\n\\end{equation}\nNext.';
    assert.equal(cite(equation, equation.slice(0, -6), 'k'), equation.replace('positive,', 'positive~\\cite{k},'));
    const bracket = 'Thousands of variants are measured \\[ N \\approx 10^4. \\]';
    assert.equal(cite(bracket, bracket, 'k'), 'Thousands of variants are measured~\\cite{k} \\[ N \\approx 10^4. \\]');
    const dollars = 'The rate is $$ \\dot a > 0. $$ Next.';
    assert.equal(cite(dollars, dollars.slice(0, -6), 'k'), 'The rate is~\\cite{k} $$ \\dot a > 0. $$ Next.');
    // A line break with spacing inside an align is no display opening; inline maths stays cited after.
    const align = 'It holds that\n\\begin{align*} a &= b \\\\[2pt] c &= d. \\end{align*}';
    assert.equal(cite(align, align, 'k'), align.replace('holds that', 'holds that~\\cite{k}'));
    assert.equal(cite('The rate is $\\dot a > 0$.', 'The rate is $\\dot a > 0$.', 'k'), 'The rate is $\\dot a > 0$~\\cite{k}.');
  });

  it('handles several punctuation marks and a claim with no punctuation', () => {
    assert.equal(cite('It works!!', 'It works!!', 'k'), 'It works~\\cite{k}!!');
    assert.equal(cite('It works', 'It works', 'k'), 'It works~\\cite{k}');
  });

  it('uses the configured command, with or without the backslash', () => {
    assert.equal(cite('A claim.', 'A claim.', 'k', 'parencite'), 'A claim~\\parencite{k}.');
    assert.equal(cite('A claim.', 'A claim.', 'k', '\\citep'), 'A claim~\\citep{k}.');
    assert.equal(normaliseCiteCommand('\\autocite'), '\\autocite');
    assert.equal(normaliseCiteCommand('not a command{}'), '\\cite');
  });

  it('merges into a cite command that already follows the claim', () => {
    const doc = 'A claim~\\cite{old2001}. More.';
    assert.equal(cite(doc, 'A claim', 'new2020'), 'A claim~\\cite{old2001,new2020}. More.');
    // The selection may include the existing citation too.
    assert.equal(cite(doc, 'A claim~\\cite{old2001}.', 'new2020'), 'A claim~\\cite{old2001,new2020}. More.');
  });

  it('merges into the document\'s own citation macro when it is the command chosen (\\refp), as into a \\cite', () => {
    const doc = 'A claim \\refp{old2001}. More.';
    assert.equal(cite(doc, 'A claim', 'new2020', '\\refp'), 'A claim \\refp{old2001,new2020}. More.');
    assert.equal(cite(doc, 'A claim \\refp{old2001}.', 'new2020', '\\refp'), 'A claim \\refp{old2001,new2020}. More.');
    // \\refpx is another command: a new citation is added beside it.
    assert.equal(cite('A claim \\refpx{a}.', 'A claim \\refpx{a}.', 'b', '\\refp'), 'A claim \\refpx{a}~\\refp{b}.');
  });

  it('keeps optional arguments when merging', () => {
    const doc = 'A claim \\citep[see][p.~3]{a}.';
    assert.equal(cite(doc, 'A claim \\citep[see][p.~3]{a}.', 'b'), 'A claim \\citep[see][p.~3]{a,b}.');
  });

  it('adds nothing when the key is already cited there', () => {
    const doc = 'A claim~\\cite{a, b}.';
    const start = 0;
    const plan = planCiteInsertion(doc, start, doc.length, 'b', '\\cite');
    assert.deepEqual(plan, { merged: true });
  });

  it('does not merge into \\citeauthor or a citation before the claim', () => {
    assert.equal(cite('\\citeauthor{x} found it.', '\\citeauthor{x} found it.', 'k'), '\\citeauthor{x} found it~\\cite{k}.');
    assert.equal(cite('\\cite{x} Then a claim.', 'Then a claim.', 'k'), '\\cite{x} Then a claim~\\cite{k}.');
  });

  it('finds the offset after the words of the claim', () => {
    const doc = 'Hello world.  ';
    assert.equal(citationOffset(doc, 0, doc.length), 'Hello world'.length);
  });
});

describe('locating the claim again', () => {
  it('uses the old offsets when the claim is still there, else the nearest copy', async () => {
    const { locateClaim } = await import('../../../../src/core/manuscript/citeInsert');
    const doc = 'Same. Intro. Same. Text. Same.';
    assert.deepEqual(locateClaim(doc, 'Same.', 13), { start: 13, end: 18 });
    assert.deepEqual(locateClaim('A ' + doc, 'Same.', 13), { start: 15, end: 20 });
    assert.deepEqual(locateClaim(doc, 'Same.', 29), { start: 25, end: 30 });
    assert.equal(locateClaim(doc, 'Gone.', 0), undefined);
  });

  it('finds a claim whose final punctuation a citation has since been put before', async () => {
    const { locateClaim } = await import('../../../../src/core/manuscript/citeInsert');
    const claim = 'The expansion is accelerating.';
    const doc = `Intro. The expansion is accelerating~\\cite{perlmutter1999}. Next.`;
    const found = locateClaim(doc, claim, 7)!;
    assert.deepEqual(found, { start: 7, end: 7 + 'The expansion is accelerating'.length });
    // Citing the same key again there changes nothing; another key is merged.
    assert.deepEqual(planCiteInsertion(doc, found.start, found.end, 'perlmutter1999', '\\cite'), { merged: true });
    assert.equal(planCiteInsertion(doc, found.start, found.end, 'riess1998', '\\cite').edit?.insert, ',riess1998');
  });
});

describe('locating a claim whose line breaks differ', () => {
  it('finds a sentence pasted on one line, or with LF, in a CRLF file that wraps it', async () => {
    const { locateClaim } = await import('../../../../src/core/manuscript/citeInsert');
    const doc = 'Intro.\r\nThe tendon network lets the hand\r\nexplain grasp forces. Next.\r\n';
    const start = doc.indexOf('The tendon');
    const end = doc.indexOf(' Next');
    assert.deepEqual(locateClaim(doc, 'The tendon network lets the hand explain grasp forces.', 0), { start, end });
    assert.deepEqual(locateClaim(doc, 'The tendon network lets the hand\nexplain grasp forces.', 0), { start, end });
    assert.equal(locateClaim(doc, 'The tendon network lets the foot explain grasp forces.', 0), undefined);
  });
});

describe('cite insertion: the whole cite family', () => {
  it('merges into capitalised and biblatex forms', () => {
    assert.equal(cite('\\Cite{a} showed it.', '\\Cite{a} showed it.', 'k'), '\\Cite{a} showed it~\\cite{k}.');
    assert.equal(cite('A claim~\\Citep{a}.', 'A claim', 'k'), 'A claim~\\Citep{a,k}.');
    assert.equal(cite('A claim \\Textcite[see][12]{a}.', 'A claim', 'k'), 'A claim \\Textcite[see][12]{a,k}.');
    assert.equal(cite('A claim~\\parencite*{a}.', 'A claim', 'k'), 'A claim~\\parencite*{a,k}.');
    assert.equal(cite('A claim~\\Autocite{a}.', 'A claim', 'k', 'auto'), 'A claim~\\Autocite{a,k}.');
    assert.equal(cite('A claim~\\citealp{a}.', 'A claim', 'k'), 'A claim~\\citealp{a,k}.');
  });

  it('never merges into commands that print an author, a year or a title, nor into multi-cite and volume forms', () => {
    for (const other of ['\\Citeauthor{a}', '\\citeyear{a}', '\\citetitle{a}', '\\cites{a}', '\\Parencites{a}', '\\volcite{2}', '\\pvolcite{2}', '\\citetext{a}']) {
      const doc = `A claim ${other}.`;
      const planned = planCiteInsertion(doc, 0, 'A claim'.length, 'k', '\\cite');
      assert.equal(planned.merged, false, other);
    }
  });
});

describe('the claim of a line (insert --line)', () => {
  const doc = [
    '\\documentclass{article}',
    '\\begin{document}',
    'Distant supernovae show that the expansion is accelerating. % TODO cite Perlmutter',
    'The universe accelerates.%',
    '% a line that is all comment',
    'Costs 5\\% more.',
    '\\end{document}',
    'After the end.',
  ].join('\n');
  const at = (n: number, column?: number) => {
    const lines = doc.split('\n');
    const start = lines.slice(0, n - 1).reduce((sum, l) => sum + l.length + 1, 0);
    return lineClaim(doc, start, lines[n - 1]!.length, column);
  };
  const citedAt = (n: number) => {
    const claim = at(n);
    assert.ok(!('refused' in claim), `line ${n}: ${JSON.stringify(claim)}`);
    const edit = planCiteInsertion(doc, claim.start, claim.end, 'k', '\\cite').edit!;
    return (doc.slice(0, edit.offset) + edit.insert + doc.slice(edit.offset)).split('\n')[n - 1];
  };

  it('ends before a trailing % comment, so the cite is not commented out', () => {
    assert.equal(citedAt(3), 'Distant supernovae show that the expansion is accelerating~\\cite{k}. % TODO cite Perlmutter');
    assert.equal(citedAt(4), 'The universe accelerates~\\cite{k}.%');
  });

  it('reads \\% as text, not as a comment', () => {
    assert.equal(citedAt(6), 'Costs 5\\% more~\\cite{k}.');
  });

  it('keeps a column inside the trailing comment to the visible end', () => {
    assert.deepEqual(at(3, 70), at(3));
  });

  it('refuses a comment line, a preamble line and a line after \\end{document}', () => {
    assert.match((at(5) as { refused: string }).refused, /shows nothing in the PDF/);
    assert.match((at(1) as { refused: string }).refused, /preamble/);
    assert.match((at(2) as { refused: string }).refused, /preamble/);
    assert.match((at(7) as { refused: string }).refused, /after \\end\{document\}/);
    assert.match((at(8) as { refused: string }).refused, /after \\end\{document\}/);
  });
});
