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

  it('auto: follows a project macro that takes only the key, when the document cites through it', () => {
    const preamble = '\\documentclass{article}\n\\usepackage{natbib}\n\\newcommand{\\refp}[1]{\\citep{#1}}\n\\begin{document}\n';
    const body = 'Supernovae are standard candles \\refp{phillips93}. It accelerates \\refp{riess98,perlmutter99}. As \\citep{a} said.\n';
    assert.equal(documentCiteCommand([preamble + body]), '\\refp');
    // An optional argument before the key is fine: \\refp{key} still cites.
    assert.equal(documentCiteCommand(['\\newcommand{\\refp}[2][]{\\citep[#1]{#2}}\n\\refp{a} \\refp[p.~3]{b}']), '\\refp');
  });

  it('auto: a macro\'s definition, verbatim text and a macro that prints more are no habit', () => {
    // The body's \\citep{#1} is a definition, not a use: the one \\cite decides.
    assert.equal(documentCiteCommand(['\\newcommand{\\refp}[1]{\\citep{#1}}\n\\begin{document}\nIt holds \\cite{a}.']), '\\cite');
    const verbatim = '\\begin{verbatim}\n\\citep{a} \\citep{b}\n\\end{verbatim}\nIt holds \\cite{c}. \\verb|\\citep{d}|';
    assert.equal(documentCiteCommand([verbatim]), '\\cite');
    // \\seep{key} would print "see" too; \\reft is narrative; \\refs takes two keys' worth of arguments.
    const others = [
      '\\newcommand{\\seep}[1]{see~\\citep{#1}}\\newcommand{\\reft}[1]{\\citet{#1}}\\newcommand{\\refs}[2]{\\citep{#1,#2}}',
      '\\seep{a} \\seep{b} \\reft{c} \\reft{d} \\refs{e}{f} \\refs{g}{h} It holds \\cite{i}.',
    ];
    assert.equal(documentCiteCommand(others), '\\cite');
  });
});
