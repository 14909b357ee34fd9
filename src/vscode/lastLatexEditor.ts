// The LaTeX file a command acts on when it is run from somewhere else: the results panel or the
// chat (webviews) have focus, so `activeTextEditor` is undefined, yet the user means the
// manuscript they were just editing. Tracks the last active editor of a saved LaTeX file.
import * as vscode from 'vscode';
import { LATEX_LANGUAGE_IDS } from './languages';

let lastLatex: vscode.Uri | undefined;

function isSavedLatex(document: vscode.TextDocument): boolean {
  return document.uri.scheme === 'file' && (LATEX_LANGUAGE_IDS as readonly string[]).includes(document.languageId);
}

/** Starts tracking (at activation); the editor active right now counts too. */
export function trackLastLatexEditor(): vscode.Disposable {
  const note = (editor: vscode.TextEditor | undefined): void => {
    if (editor && isSavedLatex(editor.document)) lastLatex = editor.document.uri;
  };
  note(vscode.window.activeTextEditor);
  return vscode.window.onDidChangeActiveTextEditor(note);
}

/**
 * The document a command should work on: the active editor's when it is a saved file (any
 * language: a .bib counts for some commands), else the LaTeX file the user was last in, if it is
 * still open.
 */
export function documentForCommand(): vscode.TextDocument | undefined {
  const active = vscode.window.activeTextEditor?.document;
  if (active && active.uri.scheme === 'file') return active;
  const wanted = lastLatex?.toString();
  const last = wanted ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === wanted && !d.isClosed) : undefined;
  // Not tracked yet (or closed since): a LaTeX editor still on screen beside the panel.
  return last ?? vscode.window.visibleTextEditors.map((e) => e.document).find(isSavedLatex);
}
