// Keeps a .bib we appended to saved on disk through undo and redo, so LaTeX sees what the
// editor shows. Tiny on purpose: it is registered at activation.
import * as vscode from 'vscode';

const touchedBibs = new Set<string>();

export function rememberTouchedBib(uri: vscode.Uri): void {
  touchedBibs.add(uri.toString());
}

export function saveBibsAfterUndo(): vscode.Disposable {
  return vscode.workspace.onDidChangeTextDocument((event) => {
    if (event.reason === undefined || !touchedBibs.has(event.document.uri.toString())) return;
    void event.document.save();
  });
}
