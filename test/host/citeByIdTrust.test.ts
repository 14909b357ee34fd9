// In the extension host: "Cite by DOI, arXiv ID, PMID or URL" on a retracted work asks first, as
// Insert does on a retracted card. Declined, nothing is inserted; accepted, the normal insert
// flow runs (which here stops at the missing BibTeX: no recording of this DOI's BibTeX exists).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { api, deleteTempDirsAfterEach, stubWindow, tempDir, useStandIn } from './helpers';

const SENTENCE = 'Vaccines were once linked to autism.';
const LANCET = '10.1016/S0140-6736(97)11096-0';

async function openProject(): Promise<{ editor: vscode.TextEditor; bib: string }> {
  const dir = tempDir('citefinder-citeid-trust-');
  const tex = path.join(dir, 'main.tex');
  const bib = path.join(dir, 'refs.bib');
  writeFileSync(tex, `\\documentclass{article}\n\\begin{document}\n${SENTENCE}\n\\bibliography{refs}\n\\end{document}\n`);
  writeFileSync(bib, '@misc{mine, title = {Kept as is}}\n');
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(tex));
  const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
  const end = document.positionAt(document.getText().indexOf(SENTENCE) + SENTENCE.length);
  editor.selection = new vscode.Selection(end, end);
  return { editor, bib };
}

describe('citefinder: cite by identifier asks before citing a retracted work', function () {
  useStandIn();
  deleteTempDirsAfterEach();

  it('asks, naming the retraction notice; declined, it inserts nothing', async () => {
    await api();
    const { editor, bib } = await openProject();
    const texBefore = editor.document.getText();
    const bibBefore = readFileSync(bib, 'utf8');
    const input = stubWindow('showInputBox', async () => LANCET);
    const warning = stubWindow('showWarningMessage', async () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('citefinder.citeByIdentifier'), undefined);
      assert.equal(warning.calls.length, 1, 'asked once');
      const [message, options, choice] = warning.calls[0] as [string, { modal?: boolean }, string];
      assert.match(message, /was retracted \(notice doi:10\.1016\/s0140-6736\(10\)60175-.*retraction-watch\)\. Cite it anyway\?/);
      assert.equal(options.modal, true);
      assert.equal(choice, 'Cite anyway');
      assert.equal(editor.document.getText(), texBefore);
      assert.equal(readFileSync(bib, 'utf8'), bibBefore);
    } finally {
      input.restore();
      warning.restore();
    }
  });

  it('accepted, goes on to the insert flow', async () => {
    await api();
    await openProject();
    const input = stubWindow('showInputBox', async () => LANCET);
    const warning = stubWindow('showWarningMessage', async () => 'Cite anyway');
    const errors = stubWindow('showErrorMessage', async () => undefined);
    try {
      await vscode.commands.executeCommand('citefinder.citeByIdentifier');
      assert.equal(warning.calls.length, 1);
      assert.ok(errors.calls.some((c) => /no BibTeX from the authority for this paper/.test(String(c[0]))), errors.calls.map((c) => c[0]).join(' | '));
    } finally {
      input.restore();
      warning.restore();
      errors.restore();
    }
  });
});
