// Code actions on an audit diagnostic: search for better citations for the citing sentence (the
// normal results panel), open the cited paper, and cite instead the work of the bibliography that
// fits the sentence better (an undoable edit of the key, offered while the key is still there).
import * as vscode from 'vscode';
import { AUDIT_SOURCE, toRange, type AuditFindings } from './findings';

export const FIND_FOR_SENTENCE_COMMAND = 'citefinder.findForSentence';
/** The same search, leaving the editor where the user is (a batch's end must not move the cursor). */
export const SEARCH_SENTENCE_IN_PLACE_COMMAND = 'citefinder.searchSentenceInPlace';
export const OPEN_AUDITED_PAPER_COMMAND = 'citefinder.openAuditedPaper';

export class AuditCodeActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly findings: AuditFindings) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (!context.diagnostics.some((d) => d.source === AUDIT_SOURCE)) return [];
    return this.findings.within(document.uri.fsPath, range).flatMap((finding) => {
      const find = new vscode.CodeAction('Find better citations for this sentence', vscode.CodeActionKind.QuickFix);
      find.command = {
        command: FIND_FOR_SENTENCE_COMMAND,
        title: find.title,
        arguments: [document.uri, toRange(finding.site.sentenceRange)],
      };
      find.diagnostics = context.diagnostics.filter((d) => d.source === AUDIT_SOURCE);
      const actions = [find];
      const fit = finding.betterFit;
      const keyRange = toRange(finding.site.range);
      if (fit && document.getText(keyRange) === finding.site.key) {
        const swap = new vscode.CodeAction(`Cite ${fit.key} instead (fits the sentence better: ${fit.score.toFixed(2)} against ${fit.citedScore.toFixed(2)})`, vscode.CodeActionKind.QuickFix);
        swap.edit = new vscode.WorkspaceEdit();
        swap.edit.replace(document.uri, keyRange, fit.key);
        swap.diagnostics = find.diagnostics;
        actions.push(swap);
      }
      if (finding.work?.url || finding.work?.doi || finding.work?.arxivId) {
        const open = new vscode.CodeAction(`Open paper: ${finding.work.title.slice(0, 60)}`, vscode.CodeActionKind.QuickFix);
        open.command = { command: OPEN_AUDITED_PAPER_COMMAND, title: open.title, arguments: [finding.work] };
        actions.push(open);
      }
      return actions;
    });
  }
}
