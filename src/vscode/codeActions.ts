// The lightbulb on a selected sentence in a LaTeX file: "Find Citations for Selection".
import * as vscode from 'vscode';
import { looksLikeIdentifier } from '../core/identity/patterns';

export { looksLikeIdentifier };

const FIND_CITATIONS_KIND = vscode.CodeActionKind.QuickFix.append('citefinder');

/** A selection worth searching for: at least three words. */
function looksLikeClaim(text: string): boolean {
  return (text.match(/\p{L}{2,}/gu) ?? []).length >= 3;
}

export class FindCitationsCodeActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [FIND_CITATIONS_KIND] };

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): vscode.CodeAction[] {
    if (range.isEmpty) return [];
    const text = document.getText(range);
    if (looksLikeIdentifier(text)) {
      const cite = new vscode.CodeAction(`Citefinder: Cite ${text.trim().slice(0, 60)} here`, FIND_CITATIONS_KIND);
      cite.command = { command: 'citefinder.citeByIdentifier', title: 'Cite by DOI, arXiv ID, PMID or URL', arguments: [{ identifier: text.trim(), replaceSelection: true }] };
      return [cite];
    }
    if (!looksLikeClaim(text)) return [];
    const action = new vscode.CodeAction('Citefinder: Find Citations for Selection', FIND_CITATIONS_KIND);
    action.command = { command: 'citefinder.findCitations', title: 'Find Citations for Selection' };
    return [action];
  }
}
