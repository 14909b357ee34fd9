// Keeps a .bib we appended to saved on disk through undo and redo, so LaTeX sees what the
// editor shows. Tiny on purpose: it is registered at activation.
import * as vscode from 'vscode';
import { log } from './log';

const touchedBibs = new Set<string>();

export function rememberTouchedBib(uri: vscode.Uri): void {
  touchedBibs.add(uri.toString());
}

export function saveBibsAfterUndo(): vscode.Disposable {
  return vscode.workspace.onDidChangeTextDocument((event) => {
    if (!touchedBibs.has(event.document.uri.toString())) return;
    if (event.reason === undefined) return;
    const what = event.reason === vscode.TextDocumentChangeReason.Undo ? 'undo' : 'redo';
    // An undo that also removes a .bib citefinder created leaves nothing to save.
    void vscode.workspace.fs.stat(event.document.uri).then(
      () => event.document.save().then((ok) => log(`${ok ? 'Saved' : 'Could not save'} ${event.document.uri.fsPath} after ${what}.`)),
      () => log(`${event.document.uri.fsPath} is gone after ${what}: nothing to save.`),
    );
  });
}
