// "Citefinder: Check Bibliography": the project's .bib files (or the active one) checked against
// the authorities, then a review: the proposed changes side by side (a diff of each file against
// the same file with the authority's fields), and a pick of the entries to accept. Nothing is
// written without that accept; the accepted changes are ONE edit, so one undo reverts them.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BibCheckEntry, BibCheckReport } from '../../core/bibcheck';
import type { ComparedField } from '../../core/bibcheck/compare';
import { verdictsCountedOnce } from '../../core/bibcheck/counts';
import type { Settings } from '../../core/settings/index';
import { rememberTouchedBib } from '../bibSaver';
import { documentForCommand } from '../lastLatexEditor';
import { loadHeavy } from '../lazy';
import { log } from '../log';
import { projectFiles } from '../projectFiles';
import { checkAndPublish, projectToCheck } from './publish';
import { WALK_VERDICTS_COMMAND } from './verdictActions';
import type { BibVerdicts } from './verdictFindings';

export const CHECK_BIBLIOGRAPHY_COMMAND = 'citefinder.checkBibliography';
export const PROPOSED_SCHEME = 'citefinder-bibcheck';

/** The .bib files with the authority's fields applied, shown on the right of the diff. */
export class ProposedBibs implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  set(file: string, text: string): vscode.Uri {
    this.texts.set(file, text);
    return vscode.Uri.from({ scheme: PROPOSED_SCHEME, path: file });
  }
  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? '';
  }
}

export interface CheckResult {
  report: BibCheckReport;
  applied: string[];
}

export async function checkBibliographyCommand(
  settings: (uri: vscode.Uri) => Settings,
  proposed: ProposedBibs,
  verdicts?: BibVerdicts,
  picked?: vscode.Uri,
): Promise<CheckResult | undefined> {
  // The .bib the explorer's menu was opened on; else, from the results panel or the chat (no active
  // text editor), the LaTeX file last edited.
  const document = picked ? await vscode.workspace.openTextDocument(picked) : documentForCommand();
  if (!document) {
    void vscode.window.showWarningMessage('Citefinder: open the manuscript (or a .bib file) to check its bibliography.');
    return undefined;
  }
  const core = await loadHeavy();
  const { bibFiles: files, manuscript } = await projectToCheck(document, core);
  if (files.length === 0) {
    void vscode.window.showWarningMessage('Citefinder: the manuscript names no .bib file to check.');
    return undefined;
  }
  const texts = await Promise.all(files.map(async (file) => ({ file, text: (await projectFiles.read(file)) ?? '' })));
  const config = settings(document.uri);
  // Each verdict reaches the Problems panel as it comes: a cancelled or failing check keeps them.
  const { report, quietKeys } = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Citefinder: checking the bibliography', cancellable: true },
    (progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      return checkAndPublish(core, manuscript, texts, config, verdicts, controller.signal, (done, total) =>
        progress.report({ message: `${done} of ${total}`, increment: 100 / Math.max(1, total) }),
      );
    },
  );
  if (!report) return undefined;
  for (const b of report.broken)
    log(`Check Bibliography: ${b.file}:${b.line + 1}: ${b.key ?? 'an entry'} cannot be read (${b.message}); left as it is.`);
  const v = verdictsCountedOnce(report.entries);
  const missing = report.missing?.length ? `; cited and in no .bib: ${report.missing.join(', ')}` : '';
  const uncited = (report.uncited ? `; ${report.uncited} the manuscript does not cite left out (check the .bib itself for every entry)` : '') + missing;
  const summary = `${v.verified} verified, ${v['verified-fixable']} fixable, ${v.mismatch} mismatch, ${v['not-found']} not found, ${v['future-date'] + v['no-title']} impossible or untitled, ${v.unavailable} unavailable${report.summary.duplicate ? `, ${report.summary.duplicate} duplicate` : ''}${report.broken.length ? `, ${report.broken.length} unreadable` : ''}${uncited}`;
  // Only entries verified as the same work are offered for update; a mismatch is the user's call (its code actions).
  const differing = report.entries.filter(
    (e) => e.verdict.verdict === 'verified-fixable' && e.status !== 'duplicate' && Object.keys(e.fields).length > 0,
  );
  const flagged = report.entries.filter(
    (e) => ['mismatch', 'not-found', 'future-date', 'no-title', 'unavailable'].includes(e.verdict.verdict) && !quietKeys.has(e.key),
  ).length;
  if (flagged > 0) {
    void vscode.window
      .showInformationMessage(`Citefinder: bibliography checked: ${summary}.`, `Go through the ${flagged} to look at`)
      .then((choice) => {
        if (choice) void vscode.commands.executeCommand(WALK_VERDICTS_COMMAND);
      });
  }
  if (differing.length === 0) {
    if (flagged === 0) void vscode.window.showInformationMessage(`Citefinder: bibliography checked: ${summary}. Nothing to update.`);
    return { report, applied: [] };
  }
  await showDiffs(texts, report, differing, proposed, core);
  const accepted = await pickAccepted(differing, summary);
  if (!accepted?.length) return { report, applied: [] };
  await applyAccepted(texts, report, accepted, core);
  return { report, applied: accepted.map((e) => e.key) };
}

function allFields(entry: BibCheckEntry): ComparedField[] {
  return Object.keys(entry.fields) as ComparedField[];
}

/** Each file with differences beside the same file with every difference offered applied. */
async function showDiffs(
  texts: { file: string; text: string }[],
  report: BibCheckReport,
  offered: BibCheckEntry[],
  proposed: ProposedBibs,
  core: Awaited<ReturnType<typeof loadHeavy>>,
): Promise<void> {
  const all = new Map(offered.map((e) => [e.key, allFields(e)]));
  for (const { file, text } of texts) {
    const edits = core.bibCheckEdits(file, text, report.entries, all);
    if (edits.length === 0) continue;
    const right = proposed.set(file, core.applyEdits(text, edits));
    await vscode.commands.executeCommand('vscode.diff', vscode.Uri.file(file), right, `${path.basename(file)} ↔ the authorities' records`, {
      preview: true,
    });
  }
}

async function pickAccepted(differing: BibCheckEntry[], summary: string): Promise<BibCheckEntry[] | undefined> {
  const items = differing.map((entry) => ({
    label: entry.key,
    description: path.basename(entry.file) + `:${entry.line + 1}`,
    detail: Object.entries(entry.fields).map(([name, d]) => `${name}: ${d!.ours ?? '(none)'} → ${d!.authority}`).join(' · '),
    entry,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    canPickMany: true,
    title: `Check Bibliography: ${summary}`,
    placeHolder: 'Tick the entries to update with the authority\'s fields (your keys stay); nothing is written otherwise',
    ignoreFocusOut: true,
  });
  return picked?.map((p) => p.entry);
}

/** One WorkspaceEdit for every accepted entry of every file: one undo reverts the refresh. */
async function applyAccepted(
  texts: { file: string; text: string }[],
  report: BibCheckReport,
  accepted: BibCheckEntry[],
  core: Awaited<ReturnType<typeof loadHeavy>>,
): Promise<void> {
  const chosen = new Map(accepted.map((e) => [e.key, allFields(e)]));
  const edit = new vscode.WorkspaceEdit();
  const touched: vscode.TextDocument[] = [];
  for (const { file } of texts) {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    const text = document.getText();
    const edits = core.bibCheckEdits(file, text, report.entries, chosen);
    if (edits.length === 0) continue;
    touched.push(document);
    for (const e of edits)
      edit.replace(document.uri, new vscode.Range(document.positionAt(e.offset), document.positionAt(e.offset + e.deleteLength)), e.insert);
  }
  if (!(await vscode.workspace.applyEdit(edit, { isRefactoring: false }))) {
    void vscode.window.showErrorMessage('Citefinder: the editor refused the edit; nothing was changed.');
    return;
  }
  for (const document of touched) {
    rememberTouchedBib(document.uri);
    await document.save();
  }
  log(`Check Bibliography: updated ${accepted.map((e) => e.key).join(', ')}.`);
  void vscode.window.showInformationMessage(
    `Citefinder: updated ${accepted.length} entr${accepted.length === 1 ? 'y' : 'ies'} with the authority's fields (Undo reverts all of them).`,
  );
}
