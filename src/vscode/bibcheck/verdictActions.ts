// What the user can do with a verdict: the hover (the authority's record beside the entry, field
// by field), the code actions (replace the entry with the authority's, one edit and one undo;
// open the record; mark as checked by hand) and the list of entries that need a look.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BibCheckEntry } from '../../core/bibcheck';
import { authorityLabel } from '../../core/bibcheck/verdict';
import { webLink } from '../../webview/links';
import { openWebLink } from '../openLink';
import { rememberTouchedBib } from '../bibSaver';
import { loadHeavy } from '../lazy';
import { markCheckedByHand } from './checkedByHand';
import { BIBCHECK_SOURCE, type BibVerdicts } from './verdictFindings';

export const REPLACE_ENTRY_COMMAND = 'citefinder.bibcheck.replaceEntry';
export const OPEN_RECORD_COMMAND = 'citefinder.bibcheck.openRecord';
export const MARK_CHECKED_COMMAND = 'citefinder.bibcheck.markChecked';
export const WALK_VERDICTS_COMMAND = 'citefinder.bibcheck.walk';

/** Verdicts that ask for the user's attention, in the walkable list. */
const NEEDS_A_LOOK = new Set(['mismatch', 'not-found', 'future-date', 'no-title', 'unavailable', 'verified-fixable']);

function recordUrl(entry: BibCheckEntry): string | undefined {
  const record = entry.verdict.record;
  if (!record) return undefined;
  if (record.authority === 'dblp') return record.url ?? `https://dblp.org/rec/${record.id}`;
  return record.url ?? (record.doi ? `https://doi.org/${record.doi}` : record.arxivId ? `https://arxiv.org/abs/${record.arxivId}` : undefined);
}

export function verdictHover(entry: BibCheckEntry): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, false);
  md.isTrusted = false;
  md.supportHtml = false;
  const v = entry.verdict;
  md.appendMarkdown(`**Citefinder: ${v.verdict}${v.kind ? ` — ${v.kind}` : ''}**`);
  md.appendText(` (confidence ${v.confidence.toFixed(2)}${v.authority ? `, ${authorityLabel(v.authority)}` : ''})`);
  md.appendMarkdown('\n\n');
  if (v.evidence.length) {
    md.appendMarkdown('| | this entry | the authority |\n|---|---|---|\n');
    const cell = (text: string | undefined) => (text ?? '—').replace(/[\\`*_{}[\]()#+\-.!|<>]/g, (c) => `\\${c}`).replace(/\n/g, ' ').slice(0, 300);
    for (const e of v.evidence) {
      if (e.status === 'unknown' && !e.entry) continue;
      const mark = e.status === 'agrees' ? '✓' : e.status === 'missing' ? '+' : e.status === 'differs' ? '✗' : '?';
      md.appendMarkdown(`| ${mark} ${e.field} | ${cell(e.entry)} | ${cell(e.authority)}${e.note ? ` *(${cell(e.note)})*` : ''} |\n`);
    }
    md.appendMarkdown('\n');
  }
  const url = webLink(recordUrl(entry));
  if (url) md.appendMarkdown(`[Open the record](${url.replace(/[()]/g, encodeURIComponent)})\n\n`);
  md.appendText(entry.message);
  return md;
}

export class VerdictHoverProvider implements vscode.HoverProvider {
  constructor(private readonly verdicts: BibVerdicts) {}
  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const entry = this.verdicts.at(document.uri.fsPath, position);
    return entry ? new vscode.Hover(verdictHover(entry)) : undefined;
  }
}

export class VerdictCodeActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly verdicts: BibVerdicts) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const ours = context.diagnostics.filter((d) => d.source === BIBCHECK_SOURCE);
    if (!ours.length) return [];
    return this.verdicts.within(document.uri.fsPath, range).flatMap((entry) => {
      const actions: vscode.CodeAction[] = [];
      const action = (title: string, command: string) => {
        const a = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
        a.command = { command, title, arguments: [entry] };
        a.diagnostics = ours;
        actions.push(a);
      };
      const who = entry.verdict.authority ? authorityLabel(entry.verdict.authority) : 'the authority';
      if (entry.authority && entry.verdict.verdict !== 'verified') action(`Replace ${entry.key} with ${who}'s entry`, REPLACE_ENTRY_COMMAND);
      if (recordUrl(entry)) action(`Open ${who}'s record`, OPEN_RECORD_COMMAND);
      // What is kept as checked by hand is a .bib entry's text; a \bibitem is not one.
      if (entry.file.endsWith('.bib')) action(`Mark ${entry.key} as checked by hand`, MARK_CHECKED_COMMAND);
      return actions;
    });
  }
}

/** The entry replaced by the authority's, as one WorkspaceEdit (one undo); nothing else changes. */
export async function replaceEntry(entry: BibCheckEntry, verdicts: BibVerdicts): Promise<boolean> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(entry.file));
  const plan = (await loadHeavy()).replaceEntryEdit(entry.file, document.getText(), entry);
  if (!plan) {
    void vscode.window.showWarningMessage(`Citefinder: ${entry.key} changed since the check; check the bibliography again.`);
    return false;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(
    document.uri,
    new vscode.Range(document.positionAt(plan.offset), document.positionAt(plan.offset + plan.deleteLength)),
    plan.insert,
  );
  if (!(await vscode.workspace.applyEdit(edit))) return false;
  rememberTouchedBib(document.uri);
  verdicts.quiet(entry);
  return true;
}

export async function markChecked(entry: BibCheckEntry, verdicts: BibVerdicts): Promise<boolean> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(entry.file));
  const current = (await loadHeavy()).readBibEntries(entry.file, document.getText()).entries.find((e) => e.key === entry.key);
  if (!current) return false;
  const saved = await markCheckedByHand(entry.file, entry.key, document.getText().slice(current.start, current.end));
  if (!saved) void vscode.window.showWarningMessage('Citefinder: this .bib is outside the workspace; open its folder to keep what was checked by hand.');
  verdicts.quiet(entry);
  return saved;
}

/** The entries that need a look, one pick at a time: the picked entry is revealed in its .bib. */
export async function walkVerdicts(verdicts: BibVerdicts, title = 'Bibliography entries to look at'): Promise<void> {
  const entries = verdicts.all().filter((e) => NEEDS_A_LOOK.has(e.verdict.verdict));
  if (!entries.length) {
    void vscode.window.showInformationMessage('Citefinder: no entry of the last check needs a look.');
    return;
  }
  const order = ['mismatch', 'not-found', 'future-date', 'no-title', 'unavailable', 'verified-fixable'];
  entries.sort((a, b) => order.indexOf(a.verdict.verdict) - order.indexOf(b.verdict.verdict));
  const picked = await vscode.window.showQuickPick(
    entries.map((entry) => ({
      label: entry.key,
      description: `${entry.verdict.verdict}${entry.verdict.kind ? `: ${entry.verdict.kind}` : ''} · ${path.basename(entry.file)}:${entry.line + 1}`,
      detail: entry.message,
      entry,
    })),
    { title, placeHolder: 'Pick an entry to go to it (its hover shows the authority\'s record)', matchOnDescription: true, matchOnDetail: true },
  );
  if (!picked) return;
  const editor = await vscode.window.showTextDocument(vscode.Uri.file(picked.entry.file));
  const at = new vscode.Position(picked.entry.line, 0);
  editor.selection = new vscode.Selection(at, at);
  editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenter);
}

export function registerVerdictActions(verdicts: BibVerdicts, selector: vscode.DocumentSelector): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.languages.registerHoverProvider(selector, new VerdictHoverProvider(verdicts)),
    vscode.languages.registerCodeActionsProvider(selector, new VerdictCodeActions(verdicts), VerdictCodeActions.metadata),
    vscode.commands.registerCommand(REPLACE_ENTRY_COMMAND, (entry: BibCheckEntry) => replaceEntry(entry, verdicts)),
    vscode.commands.registerCommand(OPEN_RECORD_COMMAND, (entry: BibCheckEntry) => openWebLink(recordUrl(entry), 'the authority\'s record')),
    vscode.commands.registerCommand(MARK_CHECKED_COMMAND, (entry: BibCheckEntry) => markChecked(entry, verdicts)),
    vscode.commands.registerCommand(WALK_VERDICTS_COMMAND, () => walkVerdicts(verdicts)),
  );
}
