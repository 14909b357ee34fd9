// In the extension host: Check Bibliography's verdicts in the Problems panel (on the .bib entry and
// on each \cite of a flagged entry), the hover with the authority's record, the code actions
// (replace with the authority's entry in one undo, every other entry untouched; mark as checked
// by hand, kept in .vscode/citefinder-checked.json so the next check stays quiet).
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fixturePath } from '../standin/server';
import { api, stubWindow, undoIn, useStandIn, waitFor } from './helpers';

const WRONG_YEAR = `
@article{tosatto-wrong-year,
  author  = {Tosatto, Laura and Horrocks, Mathew H. and others},
  title   = {Single-molecule {FRET} studies on alpha-synuclein oligomerization of {Parkinson}'s disease genetically related mutants},
  journal = {Scientific Reports},
  year    = {2009},
  doi     = {10.1038/srep16696}
}
`;

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'citefinder-bibcheck');

describe('citefinder: bibliography verdicts in the editor', function () {
  useStandIn();
  let dir: string;
  let checkedFile: string;
  beforeEach(() => {
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    dir = path.join(folder, `verdicts-${Date.now()}`);
    checkedFile = path.join(folder, '.vscode', 'citefinder-checked.json');
    mkdirSync(dir, { recursive: true });
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(checkedFile, { force: true });
  });

  it('puts each verdict in the Problems panel, offers replace / mark as checked, and keeps a hand-checked entry quiet', async () => {
    await api();
    const bib = path.join(dir, 'refs.bib');
    const tex = path.join(dir, 'main.tex');
    copyFileSync(fixturePath('bibcheck', 'user.bib'), bib);
    writeFileSync(bib, readFileSync(bib, 'utf8') + WRONG_YEAR);
    // \nocite{*}: every entry is the paper's, so each gets its verdict; only the \cite sites get one too.
    writeFileSync(tex, '\\documentclass{article}\n\\begin{document}\nAs shown~\\cite{perlmutter1999, ghost2020}.\\nocite{*}\n\\bibliography{refs}\n\\end{document}\n');
    const bibUri = vscode.Uri.file(bib);
    const texUri = vscode.Uri.file(tex);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(tex));
    const pick = stubWindow('showQuickPick', async () => []);
    try {
      await vscode.commands.executeCommand('citefinder.checkBibliography');
    } finally {
      pick.restore();
    }
    await waitFor(() => ours(bibUri).some((d) => d.code === 'wrong-year') && ours(texUri).length > 0);
    const ghostLine = readFileSync(bib, 'utf8').split('\n').findIndex((l) => l.startsWith('@article{ghost2020'));
    const ghost = ours(bibUri).find((d) => d.range.start.line === ghostLine);
    assert.equal(ghost?.code, 'not-found');
    assert.equal(ghost?.severity, vscode.DiagnosticSeverity.Warning);
    const cite = ours(texUri);
    assert.deepEqual(cite.map((d) => [d.code, d.range.start.line]), [['not-found', 2]], 'the \\cite of the not-found entry, not of the fixable one');

    // The hover shows the authority's record beside the entry.
    const original = readFileSync(bib, 'utf8');
    const wrongLine = original.split('\n').findIndex((l) => l.startsWith('@article{tosatto-wrong-year'));
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', bibUri, new vscode.Position(wrongLine, 3));
    const hoverText = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(hoverText, /mismatch — wrong-year/);
    assert.match(hoverText, /2009.*\|.*2015/);

    // Replace with the authority's entry: one edit, only that entry, one undo.
    const document = await vscode.workspace.openTextDocument(bibUri);
    await vscode.window.showTextDocument(document);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', bibUri, new vscode.Range(wrongLine, 0, wrongLine, 5));
    const replace = actions.find((a) => a.title.startsWith('Replace tosatto-wrong-year'));
    assert.ok(replace?.command, actions.map((a) => a.title).join(' | '));
    await vscode.commands.executeCommand(replace.command.command, ...(replace.command.arguments ?? []));
    const replaced = document.getText();
    assert.equal(replaced.slice(0, replaced.indexOf('@article{tosatto-wrong-year')), original.slice(0, original.indexOf('@article{tosatto-wrong-year')), 'every entry before it stays byte for byte');
    assert.match(replaced, /@article\{tosatto-wrong-year,\n[\s\S]*year\s+= \{2015\}/);
    await undoIn(document);
    await waitFor(() => document.getText() === original, 5_000);

    // Mark as checked by hand: kept in the workspace, quiet now and at the next check.
    const ghostActions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', bibUri, new vscode.Range(ghostLine, 0, ghostLine, 5));
    const mark = ghostActions.find((a) => a.title === 'Mark ghost2020 as checked by hand');
    assert.ok(mark?.command);
    await vscode.commands.executeCommand(mark.command.command, ...(mark.command.arguments ?? []));
    assert.ok(existsSync(checkedFile));
    assert.match(readFileSync(checkedFile, 'utf8'), /refs\.bib#ghost2020/);
    assert.equal(ours(bibUri).some((d) => d.range.start.line === ghostLine), false);
    await document.save();
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(tex));
    const again = stubWindow('showQuickPick', async () => []);
    try {
      await vscode.commands.executeCommand('citefinder.checkBibliography');
    } finally {
      again.restore();
    }
    await waitFor(() => ours(bibUri).some((d) => d.code === 'wrong-year'));
    assert.equal(ours(bibUri).some((d) => d.range.start.line === ghostLine), false, 'a hand-checked entry stays quiet');
    assert.equal(ours(texUri).length, 0);
  });
});
