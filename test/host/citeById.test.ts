// In the extension host: "Cite by DOI, arXiv ID, PMID or URL" from the input box and from the code
// action on a selected identifier: the authority's BibTeX goes through the normal insert flow,
// one undo reverts the \cite and the entry, and an identifier nobody has inserts nothing.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { api, deleteTempDirsAfterEach, stubWindow, tempDir, undoIn, useStandIn, waitFor } from './helpers';

const SENTENCE = 'The expansion of the universe is accelerating.';

function project(body: string): { tex: string; bib: string } {
  const dir = tempDir('citefinder-citeid-');
  const tex = path.join(dir, 'main.tex');
  const bib = path.join(dir, 'refs.bib');
  writeFileSync(tex, `\\documentclass{article}\n\\begin{document}\n${body}\n\\bibliography{refs}\n\\end{document}\n`);
  writeFileSync(bib, '@misc{mine, title = {Kept as is}}\n');
  return { tex, bib };
}

async function editorAt(file: string, text: string, offsetInText: number, length = 0): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
  const start = document.getText().indexOf(text) + offsetInText;
  editor.selection = new vscode.Selection(document.positionAt(start), document.positionAt(start + length));
  return editor;
}

describe('citefinder: cite by DOI, arXiv ID, PMID or URL', function () {
  useStandIn();
  deleteTempDirsAfterEach();

  it('cites an arXiv link typed in the input box before the sentence\'s full stop; one undo reverts both files', async () => {
    await api();
    const { tex, bib } = project(SENTENCE);
    const bibBefore = readFileSync(bib, 'utf8');
    const editor = await editorAt(tex, SENTENCE, SENTENCE.length);
    const input = stubWindow('showInputBox', async () => 'https://arxiv.org/abs/astro-ph/9812133v1');
    try {
      const outcome = (await vscode.commands.executeCommand('citefinder.citeByIdentifier')) as { key: string } | undefined;
      assert.ok(outcome?.key, 'inserted');
      assert.ok(editor.document.getText().includes(`accelerating~\\cite{${outcome.key}}.`), editor.document.getText());
      const bibText = readFileSync(bib, 'utf8');
      assert.ok(bibText.startsWith(bibBefore), 'the existing entry untouched');
      assert.match(bibText, new RegExp(`@article\\{${outcome.key},[\\s\\S]*10\\.1086/307221`, 'i'));
      await undoIn(editor.document);
      assert.equal(editor.document.getText().includes('\\cite'), false, 'undo removed the \\cite');
      const bibDocument = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === bib);
      await waitFor(() => bibDocument?.getText() === bibBefore).catch(() => undefined); // its change may come a message later
      assert.equal(bibDocument?.getText(), bibBefore, 'and the entry, in the same undo');
    } finally {
      input.restore();
    }
  });

  it('offers a code action on a selected DOI that replaces it by the citation', async () => {
    await api();
    const body = 'Grasping is studied in 10.1186/s12984-017-0305-3 today.';
    const { tex } = project(body);
    const doi = '10.1186/s12984-017-0305-3';
    const editor = await editorAt(tex, body, body.indexOf(doi), doi.length);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', editor.document.uri, editor.selection);
    const cite = actions.find((a) => a.command?.command === 'citefinder.citeByIdentifier');
    assert.ok(cite, 'the code action is offered');
    assert.equal(cite.title, `Citefinder: Cite ${doi} here`);
    const outcome = (await vscode.commands.executeCommand(cite.command!.command, ...(cite.command!.arguments ?? []))) as
      { key: string } | undefined;
    assert.ok(outcome?.key);
    assert.ok(editor.document.getText().includes(`Grasping is studied in~\\cite{${outcome.key}} today.`), editor.document.getText());
  });

  it('offers the code action on a selected PMID and cites the Crossref entry of the DOI Europe PMC names', async () => {
    await api();
    const body = 'Variants were screened by prime editing PMID:40120586 in haploid cells.';
    const { tex, bib } = project(body);
    const pmid = 'PMID:40120586';
    const editor = await editorAt(tex, body, body.indexOf(pmid), pmid.length);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', editor.document.uri, editor.selection);
    const cite = actions.find((a) => a.command?.command === 'citefinder.citeByIdentifier');
    assert.ok(cite, 'the code action is offered');
    const outcome = (await vscode.commands.executeCommand(cite.command!.command, ...(cite.command!.arguments ?? []))) as
      { key: string } | undefined;
    assert.ok(outcome?.key);
    assert.ok(editor.document.getText().includes(`prime editing~\\cite{${outcome.key}} in haploid cells.`), editor.document.getText());
    await waitFor(() => /10\.1016\/j\.xgen\.2025\.100814/i.test(readFileSync(bib, 'utf8')));
  });

  it('says plainly that a DOI names no work, and inserts nothing', async () => {
    await api();
    const { tex, bib } = project(SENTENCE);
    const bibBefore = readFileSync(bib, 'utf8');
    const editor = await editorAt(tex, SENTENCE, SENTENCE.length);
    const texBefore = editor.document.getText();
    const input = stubWindow('showInputBox', async () => '10.1371/notarealdoi');
    const errors = stubWindow('showErrorMessage', async () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('citefinder.citeByIdentifier'), undefined);
      assert.deepEqual(errors.calls.map((c) => c[0]), ['Citefinder: Crossref has no work with DOI 10.1371/notarealdoi. Nothing was inserted.']);
      assert.equal(editor.document.getText(), texBefore);
      assert.equal(readFileSync(bib, 'utf8'), bibBefore);
    } finally {
      input.restore();
      errors.restore();
    }
  });
});
