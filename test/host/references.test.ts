// In the extension host: Check References on a .tex written with thebibliography puts each
// \bibitem's verdict in the Problems panel (on the item's line and on the \cite of a flagged
// item; one it could not identify as information), with Check Bibliography's hover; Check References of a file shows a Markdown report in
// an untitled document (nothing written to disk).
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fixturePath } from '../standin/server';
import { api, stubWindow, useStandIn, waitFor } from './helpers';

const TEX = String.raw`\documentclass{article}
\begin{document}
Oligomers differ in FRET efficiency \cite{tosatto}. Nobody wrote this \cite{ghost}.
\begin{thebibliography}{2}
\bibitem{tosatto} L.~Tosatto, M.~H. Horrocks, et~al. Single-molecule {FRET} studies on alpha-synuclein oligomerization of {Parkinson}'s disease genetically related mutants. \emph{Scientific Reports}, 2009. \doi{10.1038/srep16696}.
\bibitem{ghost} A.~Nobody. A study of nothing in particular that nobody ever wrote. 2020.
\bibitem{epr} A.~Einstein, B.~Podolsky, and N.~Rosen, Phys. Rev. \textbf{47}, 777 (1935).
\end{thebibliography}
\end{document}
`;

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'citefinder-bibcheck');

describe('citefinder: reference checks in the editor', function () {
  useStandIn();
  let dir: string;
  beforeEach(() => {
    dir = path.join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, `references-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('puts each \\bibitem verdict on its line and on the \\cite of a flagged item, with the hover', async () => {
    await api();
    const tex = path.join(dir, 'main.tex');
    writeFileSync(tex, TEX);
    const uri = vscode.Uri.file(tex);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(tex));
    const info = stubWindow('showInformationMessage', async () => undefined);
    try {
      await vscode.commands.executeCommand('citefinder.checkReferences');
    } finally {
      info.restore();
    }
    await waitFor(() => ours(uri).length >= 5);
    const rows = ours(uri).map((d) => [d.range.start.line, d.code]).sort();
    assert.deepEqual(rows, [[2, 'not-found'], [2, 'wrong-year'], [4, 'wrong-year'], [5, 'not-found'], [6, 'unreadable']]);
    // A reference no authority here could identify is said, not left out (the stand-in holds no EPR paper).
    const epr = ours(uri).find((d) => d.code === 'unreadable')!;
    assert.equal(epr.severity, vscode.DiagnosticSeverity.Information);
    assert.match(epr.message, /^epr: not checked\. It prints no title, and Crossref has no work with its first author, year, volume and first page/);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(4, 3));
    const hoverText = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(hoverText, /mismatch — wrong-year/);
    assert.match(hoverText, /2009.*\|.*2015/);
  });

  it('shows the references of a file (the explorer\'s "Check References") as a Markdown report in an untitled document', async () => {
    await api();
    const list = path.join(dir, 'refs.txt');
    writeFileSync(list, 'A. Nobody. A study of nothing in particular that nobody ever wrote. 2020.\n');
    const before = readdirSync(dir);
    await vscode.commands.executeCommand('citefinder.checkReferencesOfThisFile', vscode.Uri.file(list));
    await waitFor(() => vscode.workspace.textDocuments.some((d) => d.isUntitled && d.getText().startsWith('# Reference check: refs.txt')));
    const report = vscode.workspace.textDocuments.find((d) => d.isUntitled && d.getText().startsWith('# Reference check: refs.txt'))!;
    assert.match(report.getText(), /## Flagged \(1\)[\s\S]*not-found/);
    assert.deepEqual(readdirSync(dir), before, 'nothing written');
  });

  it('"Check References" on an open .bbl (biber\'s) reports on its entries, as from the explorer', async () => {
    await api();
    const bbl = path.join(dir, 'main.bbl');
    copyFileSync(fixturePath('references', 'biblatex-tesi.bbl'), bbl);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(bbl));
    const check = (await vscode.commands.executeCommand('citefinder.checkReferences')) as { references: unknown[] } | undefined;
    assert.equal(check?.references.length, 5, 'its five entries');
    const report = () => vscode.workspace.textDocuments.find((d) => d.isUntitled && d.getText().startsWith('# Reference check: main.bbl'));
    await waitFor(() => report() !== undefined);
    assert.match(report()!.getText(), /^5 references: /m);
  });

  it('checks the references of a paper named by its PMCID, read from its open-access JATS, as a report', async () => {
    await api();
    // Semantic Scholar's 1 s pace for each of the 24 references is etiquette, not what is tested.
    process.env.CITEFINDER_SOURCES_SEMANTICSCHOLAR_INTERVALMS = '0';
    await vscode.commands.executeCommand('citefinder.checkReferencesOfWork', 'PMC5967733');
    const isReport = (d: vscode.TextDocument) => d.isUntitled && d.getText().startsWith('# Reference check: "Antibacterial Effect');
    await waitFor(() => vscode.workspace.textDocuments.some(isReport));
    const report = vscode.workspace.textDocuments.find(isReport)!;
    assert.match(report.getText(), /\(PMC5967733, from its JATS XML\)\n\n24 references: /);
  });
});
