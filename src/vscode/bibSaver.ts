// Keeps a .bib we appended to saved on disk through undo and redo, so LaTeX sees what the
// editor shows. Tiny on purpose: it is registered at activation.
import * as vscode from 'vscode';
import { log } from './log';

const touchedBibs = new Set<string>();
/**
 * An undo of an insertion that created the .bib changes its text, then deletes the file: saving
 * at once would race the deletion (and VS Code reports a failed save). So the save waits this
 * long after the last undo/redo change, and happens only if the file is still there.
 */
const SETTLE_MS = 150;
const pending = new Map<string, ReturnType<typeof setTimeout>>();

export function rememberTouchedBib(uri: vscode.Uri): void {
  touchedBibs.add(uri.toString());
}

export function saveBibsAfterUndo(): vscode.Disposable {
  const listener = vscode.workspace.onDidChangeTextDocument((event) => {
    const key = event.document.uri.toString();
    if (!touchedBibs.has(key) || event.reason === undefined) return;
    const what = event.reason === vscode.TextDocumentChangeReason.Undo ? 'undo' : 'redo';
    clearTimeout(pending.get(key));
    pending.set(key, setTimeout(() => {
      pending.delete(key);
      const path = event.document.uri.fsPath;
      void vscode.workspace.fs.stat(event.document.uri).then(
        // Closed meanwhile (its editor and the undo with it): VS Code refuses to save a closed document.
        () => event.document.isClosed
          ? log(`${path} was closed after ${what}: not saved.`)
          : event.document.save().then(
            (ok) => log(`${ok ? 'Saved' : 'Could not save'} ${path} after ${what}.`),
            (error: unknown) => log(`Could not save ${path} after ${what}: ${error instanceof Error ? error.message : String(error)}`),
          ),
        () => log(`${path} is gone after ${what}: nothing to save.`),
      );
    }, SETTLE_MS));
  });
  return new vscode.Disposable(() => {
    listener.dispose();
    for (const timer of pending.values()) clearTimeout(timer);
    pending.clear();
  });
}
