// The audit's pieces in the editor, registered together: the command, the Problems-panel
// diagnostics, the hover on a key, the code actions and the summary view.
import * as vscode from 'vscode';
import type { AuditWork } from '../../core/audit/types';
import { LATEX_LANGUAGE_IDS } from '../languages';
import { loadHeavy } from '../lazy';
import { openWebLink } from '../openLink';
import type { SearchController } from '../searchController';
import { readApiKey } from '../settings';
import type { Settings } from '../../core/settings';
import { AuditRunner, AUDIT_COMMAND } from './auditCommand';
import { AuditCodeActions, FIND_FOR_SENTENCE_COMMAND, OPEN_AUDITED_PAPER_COMMAND, SEARCH_SENTENCE_IN_PLACE_COMMAND } from './codeActions';
import { AuditFindings } from './findings';
import { AuditHoverProvider } from './hover';
import { AUDIT_VIEW_ID, AuditSummaryProvider } from './summaryView';
import type { BibVerdicts } from '../bibcheck/verdictFindings';
import { verifyBibliography } from '../bibcheck/auditVerdicts';

export function registerAudit(deps: {
  search: SearchController;
  secrets: vscode.SecretStorage;
  bibVerdicts?: BibVerdicts;
}): vscode.Disposable {
  const findings = new AuditFindings();
  const verdicts = deps.bibVerdicts;
  const runner = new AuditRunner({
    findings,
    settings: (uri) => deps.search.runSettings(uri),
    apiKey: (settings) => readApiKey(deps.secrets, settings),
    ...(verdicts
      ? {
          verifyBibliography: (document: vscode.TextDocument, settings: Settings, signal: AbortSignal) =>
            verifyBibliography(document, settings, verdicts, signal),
        }
      : {}),
  });
  const summary = new AuditSummaryProvider(findings);
  const selector = LATEX_LANGUAGE_IDS.map((language) => ({ language }));
  return vscode.Disposable.from(
    findings,
    runner,
    summary,
    vscode.window.registerTreeDataProvider(AUDIT_VIEW_ID, summary),
    vscode.languages.registerHoverProvider(selector, new AuditHoverProvider(findings)),
    vscode.languages.registerCodeActionsProvider(selector, new AuditCodeActions(findings), AuditCodeActions.metadata),
    vscode.commands.registerCommand(AUDIT_COMMAND, (scope?: 'file' | 'project') => runner.run(scope)),
    vscode.commands.registerCommand(FIND_FOR_SENTENCE_COMMAND, async (uri: vscode.Uri, range: vscode.Range, expected?: string) => {
      const editor = await vscode.window.showTextDocument(uri, { viewColumn: textColumnFor(uri) });
      const found = await sentenceNow(editor.document, range, expected);
      if (!found) return undefined;
      editor.selection = new vscode.Selection(found.start, found.end);
      editor.revealRange(found, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      return deps.search.findForEditor(editor);
    }),
    vscode.commands.registerCommand(SEARCH_SENTENCE_IN_PLACE_COMMAND, async (uri: vscode.Uri, range: vscode.Range, expected?: string) => {
      const document = await vscode.workspace.openTextDocument(uri);
      const found = await sentenceNow(document, range, expected);
      return found && deps.search.findForRange(document, found);
    }),
    vscode.commands.registerCommand(OPEN_AUDITED_PAPER_COMMAND, (work: AuditWork) =>
      openWebLink(
        work.url ?? (work.doi ? `https://doi.org/${work.doi}` : work.arxivId ? `https://arxiv.org/abs/${work.arxivId}` : undefined),
        'the cited paper',
      ),
    ),
  );
}

/**
 * The group to show `uri` in: where it is on screen, else a group showing a text editor. Never the
 * active group as such: run from the results panel's list, that is the panel's own group, and the
 * file would open over the panel.
 */
function textColumnFor(uri: vscode.Uri): vscode.ViewColumn {
  const editors = vscode.window.visibleTextEditors;
  const shown = editors.find((e) => e.document.uri.toString() === uri.toString()) ?? editors.find((e) => e.viewColumn !== undefined);
  return shown?.viewColumn ?? vscode.ViewColumn.One;
}

/**
 * Where a sentence listed earlier is now: an edit since (a citation inserted before it on its
 * line) moves it; its text is looked for nearest to where it was. Undefined, with a warning,
 * when it is gone.
 */
async function sentenceNow(
  document: vscode.TextDocument,
  range: vscode.Range,
  expected: string | undefined,
): Promise<vscode.Range | undefined> {
  if (expected === undefined || document.getText(range) === expected) return range;
  const core = await loadHeavy();
  const at = core.locateClaim(document.getText(), expected, document.offsetAt(range.start));
  if (at) return new vscode.Range(document.positionAt(at.start), document.positionAt(at.end));
  void vscode.window.showWarningMessage('Citefinder: that sentence is no longer in the document as it was listed; run "Find Uncited Claims" again.');
  return undefined;
}
