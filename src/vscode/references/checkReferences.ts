// "Check References" on a .tex written with thebibliography: each \bibitem gets the graded
// verdict of Check Bibliography in the Problems panel (on the item's line, with the same hover
// and "open the record" action), and the \cite sites of the flagged items get one too.
// "Check References of a PDF…" (or a .bbl, or a text file; the explorer's "Check References" on
// one) and "Check References in Selection"
// show their report as a Markdown preview of an untitled document: nothing is written to disk
// unless the user saves it. Both run with progress and can be cancelled.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BibCheckEntry } from '../../core/bibcheck';
import type { CheckedReference, ReferenceCheck, ReferenceItem } from '../../core/references';
import type { Settings } from '../../core/settings/index';
import { documentForCommand } from '../lastLatexEditor';
import { loadHeavy } from '../lazy';
import { projectFiles } from '../projectFiles';
import type { BibVerdicts } from '../bibcheck/verdictFindings';
import { plural } from '../../core/text/plural';

export const CHECK_REFERENCES_COMMAND = 'citefinder.checkReferences';
export const CHECK_REFERENCES_FILE_COMMAND = 'citefinder.checkReferencesOfFile';
/** The explorer's "Check References" on a PDF, .bbl or JATS file: the same check, the file given. */
export const CHECK_REFERENCES_THIS_FILE_COMMAND = 'citefinder.checkReferencesOfThisFile';
export const CHECK_REFERENCES_SELECTION_COMMAND = 'citefinder.checkReferencesInSelection';
export const CHECK_REFERENCES_OF_WORK_COMMAND = 'citefinder.checkReferencesOfWork';

type Core = Awaited<ReturnType<typeof loadHeavy>>;

/** Reference lists that are no manuscript: checked into a report, never marked up in place. */
const REPORTED_LISTS = /\.(bbl|txt|xml|nxml)$/i;

/** The check of `items` with a cancellable progress notification; undefined when cancelled. */
async function checkWithProgress(
  core: Core,
  items: ReferenceItem[],
  config: Settings,
  title: string,
  onEntry: (entry: BibCheckEntry) => void = () => {},
): Promise<ReferenceCheck | undefined> {
  const where = { location: vscode.ProgressLocation.Notification, title, cancellable: true };
  return vscode.window.withProgress(where, async (progress, token) => {
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    try {
      const deps = { settings: config, http: core.createHttpClient(config), signal: controller.signal };
      return await core.checkReferences(items, deps, (event) => {
        if (event.type !== 'entry') return;
        onEntry(event.entry);
        progress.report({ message: `${event.done} of ${event.total}`, increment: 100 / Math.max(1, event.total) });
      });
    } catch (error) {
      if (controller.signal.aborted) return undefined;
      throw error;
    }
  });
}

/** A checked \bibitem as the entry Check Bibliography's findings, hover and actions read (no "replace": a \bibitem is no .bib entry). */
function entryOf(reference: CheckedReference, file: string): BibCheckEntry | undefined {
  const { item, result } = reference;
  if (!result || !item.key) return undefined;
  return { ...result, key: item.key, file, line: item.line ?? 0, authority: undefined };
}

export async function checkReferencesCommand(
  settings: (uri: vscode.Uri) => Settings,
  verdicts: BibVerdicts,
): Promise<ReferenceCheck | undefined> {
  const document = documentForCommand();
  if (!document) {
    void vscode.window.showWarningMessage('Citefinder: open the .tex file whose thebibliography to check.');
    return undefined;
  }
  // A .bbl (natbib's or biber's) is LaTeX's output, not a file to mark up: its report, as from the explorer.
  if (REPORTED_LISTS.test(document.uri.fsPath)) return checkReferencesOfFileCommand(settings, document.uri);
  const core = await loadHeavy();
  const file = document.uri.fsPath;
  // A .tex holding a pasted .bbl may print crossref volumes: left out of the check, and said so.
  const { items, notices } = core.textReferences(document.getText(), '.tex');
  if (!items.length) {
    void vscode.window.showWarningMessage('Citefinder: this file has no thebibliography (\\bibitem); for a .bib, use Check Bibliography.');
    return undefined;
  }
  verdicts.reset([file]);
  // Each verdict reaches the Problems panel as it comes (the engine's entries are keyed "#n", the
  // n-th item): a cancelled check keeps what it showed.
  const shown = (entry: BibCheckEntry) => {
    const item = items[Number(entry.key.slice(1)) - 1];
    const shownEntry = item && entryOf({ item, fields: {}, result: entry }, file);
    if (shownEntry) verdicts.add(shownEntry, false);
  };
  const check = await checkWithProgress(core, items, settings(document.uri), 'Citefinder: checking the references', shown);
  if (!check) return undefined;
  for (const { item, fields, result } of check.references) {
    if (!result && item.line !== undefined) verdicts.note(file, item.line, `${item.key ?? item.number ?? 'reference'}: not checked. ${core.unidentifiedWhy(fields)}`);
  }
  const root = await core.resolveRootFile(file, document.getText(), projectFiles);
  const project = await core.walkIncludes(root.file, root.text, projectFiles);
  verdicts.showCites(core.citedKeySites(project.files), new Set());
  const unreadable = check.summary.unreadable ? `, ${check.summary.unreadable} unreadable (not identified: no title, or none an authority has)` : '';
  const notes = notices.map((n) => ` ${n}`).join('');
  void vscode.window.showInformationMessage(`Citefinder: ${plural(check.references.length, 'reference')} checked: ${summaryText(check)}${unreadable}. See the Problems panel.${notes}`);
  return check;
}

function summaryText(check: ReferenceCheck): string {
  return Object.entries(check.summary)
    .filter(([verdict]) => verdict !== 'unreadable')
    .map(([verdict, n]) => `${n} ${verdict}`)
    .join(', ');
}

/** A PDF's (or .bbl's, .tex's, text file's) references, checked and shown as a Markdown report. */
export async function checkReferencesOfFileCommand(
  settings: (uri: vscode.Uri) => Settings,
  picked?: vscode.Uri,
): Promise<ReferenceCheck | undefined> {
  const uri =
    picked ??
    (await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: 'Check references', filters: { 'Papers and reference lists': ['pdf', 'bbl', 'tex', 'txt', 'xml', 'nxml'] } }))?.[0];
  if (!uri) return undefined;
  const core = await loadHeavy();
  const config = settings(uri);
  const bytes = await vscode.workspace.fs.readFile(uri);
  let list;
  try {
    list = await core.readReferences(uri.fsPath, bytes, { settings: config, http: core.createHttpClient(config) });
  } catch (error) {
    void vscode.window.showErrorMessage(`Citefinder: the references of ${path.basename(uri.fsPath)} cannot be read: ${(error as Error).message}`);
    return undefined;
  }
  if (!list.items.length) {
    void vscode.window.showWarningMessage(`Citefinder: ${list.notices.join(' ') || `no references found in ${path.basename(uri.fsPath)}.`}`);
    return undefined;
  }
  const check = await checkWithProgress(core, list.items, config, `Citefinder: checking ${plural(list.items.length, 'reference')} of ${path.basename(uri.fsPath)}`);
  if (check) await showReport(core.markdownReport(check, path.basename(uri.fsPath), list.notices));
  return check;
}

/** The references of a work named by its DOI, arXiv id, PMID or PMCID (its JATS, Crossref's deposit or its PDF), as a Markdown report. */
export async function checkReferencesOfWorkCommand(
  settings: (uri?: vscode.Uri) => Settings,
  given?: string,
): Promise<ReferenceCheck | undefined> {
  const ask = { prompt: 'The paper whose references to check', placeHolder: 'DOI, arXiv id, PMID, PMCID, or a link to one' };
  const id = given ?? (await vscode.window.showInputBox(ask));
  if (!id?.trim()) return undefined;
  const core = await loadHeavy();
  const config = settings(vscode.window.activeTextEditor?.document.uri);
  let outcome;
  try {
    const find = (signal: AbortSignal) => core.referencesOfWork(id, { settings: config, http: core.createHttpClient(config), signal });
    const where = { location: vscode.ProgressLocation.Notification, title: `Citefinder: reading the references of ${id}`, cancellable: true };
    outcome = await vscode.window.withProgress(where, (_p, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      return find(controller.signal);
    });
  } catch (error) {
    void vscode.window.showErrorMessage(`Citefinder: the references of ${id} cannot be read: ${(error as Error).message}`);
    return undefined;
  }
  if (outcome.status !== 'found') {
    void vscode.window.showWarningMessage(`Citefinder: ${outcome.message}`);
    return undefined;
  }
  const { list, work } = outcome;
  const check = await checkWithProgress(core, list.items, config, `Citefinder: checking ${plural(list.items.length, 'reference')} of "${work.title}"`);
  if (check) await showReport(core.markdownReport(check, `"${work.title}" (${id.trim()}, from ${core.LIST_SOURCES[outcome.from]})`, list.notices));
  return check;
}

/** The selected text's references (one a line, or a paragraph each), shown as a Markdown report. */
export async function checkReferencesInSelectionCommand(settings: (uri: vscode.Uri) => Settings): Promise<ReferenceCheck | undefined> {
  const editor = vscode.window.activeTextEditor;
  const text = editor?.document.getText(editor.selection);
  if (!editor || !text?.trim()) {
    void vscode.window.showWarningMessage('Citefinder: select the references to check (one a line, or a paragraph each).');
    return undefined;
  }
  const core = await loadHeavy();
  const check = await checkWithProgress(core, core.pastedItems(text), settings(editor.document.uri), 'Citefinder: checking the selected references');
  if (check) await showReport(core.markdownReport(check, 'the selection'));
  return check;
}

/** The report in an untitled Markdown document, previewed: saved only if the user saves it. */
async function showReport(markdown: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: markdown });
  await vscode.window.showTextDocument(document, { preview: true });
  await vscode.commands.executeCommand('markdown.showPreview', document.uri);
}

export function registerReferenceCommands(settings: (uri?: vscode.Uri) => Settings, verdicts: BibVerdicts): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(CHECK_REFERENCES_COMMAND, () => checkReferencesCommand(settings, verdicts)),
    ...[CHECK_REFERENCES_FILE_COMMAND, CHECK_REFERENCES_THIS_FILE_COMMAND].map((command) =>
      vscode.commands.registerCommand(command, (uri?: unknown) =>
        checkReferencesOfFileCommand(settings, uri instanceof vscode.Uri ? uri : undefined),
      ),
    ),
    vscode.commands.registerCommand(CHECK_REFERENCES_SELECTION_COMMAND, () => checkReferencesInSelectionCommand(settings)),
    vscode.commands.registerCommand(CHECK_REFERENCES_OF_WORK_COMMAND, (id?: unknown) => checkReferencesOfWorkCommand(settings, typeof id === 'string' ? id : undefined)),
  );
}
