// The lightbulb on a selected sentence in a LaTeX file: "Find Citations for Selection".
import * as vscode from 'vscode';

const FIND_CITATIONS_KIND = vscode.CodeActionKind.QuickFix.append('citefinder');

/** A selection worth searching for: at least three words. */
function looksLikeClaim(text: string): boolean {
  return (text.match(/\p{L}{2,}/gu) ?? []).length >= 3;
}

/**
 * A selection shaped like an identifier (a DOI, an arXiv id, a doi.org/arXiv/bioRxiv/medRxiv
 * link). A cheap check: the command parses it properly, and this shell stays free of the core.
 */
export function looksLikeIdentifier(text: string): boolean {
  const value = text.trim();
  return (
    !/\s/.test(value) &&
    /^(?:(?:https?:\/\/)?(?:dx\.)?doi\.org\/|doi:)?10\.\d{4,9}\/\S+$|^(?:arxiv:)?(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?\/\d{7})(?:v\d+)?$|^(?:https?:\/\/)?(?:www\.|export\.)?(?:arxiv|biorxiv|medrxiv)\.org\//i.test(value)
  );
}

export class FindCitationsCodeActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [FIND_CITATIONS_KIND] };

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): vscode.CodeAction[] {
    if (range.isEmpty) return [];
    const text = document.getText(range);
    if (looksLikeIdentifier(text)) {
      const cite = new vscode.CodeAction(`Citefinder: Cite ${text.trim().slice(0, 60)} here`, FIND_CITATIONS_KIND);
      cite.command = { command: 'citefinder.citeByIdentifier', title: 'Cite by DOI, arXiv ID or URL', arguments: [{ identifier: text.trim(), replaceSelection: true }] };
      return [cite];
    }
    if (!looksLikeClaim(text)) return [];
    const action = new vscode.CodeAction('Citefinder: Find Citations for Selection', FIND_CITATIONS_KIND);
    action.command = { command: 'citefinder.findCitations', title: 'Find Citations for Selection' };
    return [action];
  }
}
