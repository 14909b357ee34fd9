// The lightbulb on a selected sentence in a LaTeX file: "Find Citations for Selection".
import * as vscode from 'vscode';

const FIND_CITATIONS_KIND = vscode.CodeActionKind.QuickFix.append('citefinder');

/** A selection worth searching for: at least three words. */
function looksLikeClaim(text: string): boolean {
  return (text.match(/\p{L}{2,}/gu) ?? []).length >= 3;
}

export class FindCitationsCodeActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [FIND_CITATIONS_KIND] };

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): vscode.CodeAction[] {
    if (range.isEmpty || !looksLikeClaim(document.getText(range))) return [];
    const action = new vscode.CodeAction('Citefinder: Find Citations for Selection', FIND_CITATIONS_KIND);
    action.command = { command: 'citefinder.findCitations', title: 'Find Citations for Selection' };
    return [action];
  }
}
