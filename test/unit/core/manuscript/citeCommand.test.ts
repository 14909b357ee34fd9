// `cite.command: auto` follows the document's citation package; an explicit command is kept.
import assert from 'node:assert/strict';
import { chooseCiteCommand, documentCiteCommand } from '../../../../src/core/manuscript/citeCommand';

const none = { natbib: false, biblatex: false };

describe('cite command', () => {
  it('auto: \\citep with natbib, \\autocite with biblatex, \\cite otherwise', () => {
    assert.equal(chooseCiteCommand('auto', { natbib: true, biblatex: false }).command, '\\citep');
    assert.equal(chooseCiteCommand('auto', { natbib: false, biblatex: true }).command, '\\autocite');
    assert.equal(chooseCiteCommand('Auto', none).command, '\\cite');
    assert.equal(chooseCiteCommand('', { natbib: true, biblatex: false }).command, '\\citep', 'empty means auto');
    // biblatex with natbib=true still has \\autocite, which follows the style's preference.
    assert.equal(chooseCiteCommand('auto', { natbib: true, biblatex: true }).command, '\\autocite');
  });

  it('uses an explicit command as written, with or without the backslash', () => {
    assert.deepEqual(chooseCiteCommand('parencite', { natbib: true, biblatex: false }), { command: '\\parencite', reason: 'citefinder.cite.command' });
    assert.equal(chooseCiteCommand('\\Textcite', none).command, '\\Textcite');
  });

  it('lets the document decide when the setting names no cite command', () => {
    const choice = chooseCiteCommand('\\input', { natbib: true, biblatex: false });
    assert.equal(choice.command, '\\citep');
    assert.match(choice.reason, /not a cite command/);
  });

  it('auto: follows the parenthetical command the document\'s own citations use most', () => {
    // A REVTeX paper: the class loads natbib, the authors write \cite.
    const prl = [
      '\\documentclass[aps,prl]{revtex4-2}\n\\begin{document}',
      'Type Ia supernovae are standard candles.\\cite{phillips93} As \\citet{riess98} showed, it accelerates.~\\cite{perlmutter99}',
      '% \\citep{commented} \\citep{out}',
    ].join('\n');
    const used = documentCiteCommand([prl]);
    assert.equal(used, '\\cite');
    assert.deepEqual(chooseCiteCommand('auto', { natbib: true, biblatex: false, used }), {
      command: '\\cite',
      reason: "the document's own citations use \\cite",
    });
    assert.equal(documentCiteCommand(['No citation yet. \\citet{a} says so.']), undefined, 'a narrative citation says nothing of the habit');
    assert.equal(chooseCiteCommand('\\citep', { natbib: true, biblatex: false, used }).command, '\\citep', 'an explicit setting wins');
  });
});
