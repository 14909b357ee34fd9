// "Insert citation": the \cite in the manuscript, the entry in the right .bib and, when that .bib
// is new to the manuscript, the line that adds it, applied as ONE WorkspaceEdit so one undo
// reverts them all (VS Code asks "Undo in N Files?" for such an edit; each file is opened as a
// TextDocument so it has an undo stack). The .bib is saved so the entry is on disk, and saved
// again when an undo or redo changes it. Settings are read for the manuscript's folder.
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TextEditPlan } from '../core/manuscript/citeInsert';
import type { InsertProject } from '../core/manuscript/insertPlan';
import type { Settings } from '../core/settings/index';
import { fromProject } from '../core/settings/scopes';
import type { Candidate } from '../core/types';
import { resolveConfiguredBib, writableBib } from './bibSetting';
import { chooseBibTarget, skippedSummary } from './bibTarget';
import { rememberTouchedBib } from './bibSaver';
import { withInsertTurn } from './bibLock';
import { loadHeavy, type Heavy } from './lazy';
import { log } from './log';
import { projectFiles } from './projectFiles';
import type { SearchOrigin } from './searchController';
import { readSettings } from './settings';
import { confirmUntrusted } from './trustActions';

export interface InsertOutcome {
  key: string;
  bibFile: string;
  /** The .bib already held this work: nothing appended. */
  reused: boolean;
  /** False when the key was already cited at the claim. */
  citeChanged: boolean;
  /** The cite command used, e.g. `\citep`. */
  command: string;
  /** What the user should know: resources skipped, a bibliography line added. */
  notes: string[];
}

/** Told when the user answers no (or dismisses) a question the insert asked: a batch then stops asking. */
export type OnDeclined = () => void;

/**
 * Every insert, from a card, the chat, the Uncited Claims view or an identifier: a retracted or
 * withdrawn work is cited only after the user says so (asked before the turn is taken, so a
 * pending question holds no other insert).
 */
export async function insertCitation(
  candidate: Candidate,
  origin: SearchOrigin,
  memento: vscode.Memento,
  onDeclined?: OnDeclined,
): Promise<InsertOutcome | undefined> {
  if (!(await confirmUntrusted(candidate))) {
    onDeclined?.();
    return undefined;
  }
  return withInsertTurn(() => insertInTurn(candidate, origin, memento, onDeclined));
}

async function insertInTurn(
  candidate: Candidate,
  origin: SearchOrigin,
  memento: vscode.Memento,
  onDeclined?: OnDeclined,
): Promise<InsertOutcome | undefined> {
  if (!candidate.bibtex || !candidate.citeKey) {
    const why = candidate.bibtexWhy ?? candidate.bibtexError ? ` (${candidate.bibtexWhy ?? candidate.bibtexError})` : '';
    void vscode.window.showErrorMessage(`Citefinder: no BibTeX from the authority for this paper${why}; nothing inserted.`);
    return undefined;
  }
  if (origin.uri.scheme !== 'file') {
    void vscode.window.showErrorMessage('Citefinder: save the LaTeX file first, so its bibliography can be found.');
    return undefined;
  }
  const settings = readSettings(log, origin.uri);
  const core = await loadHeavy();
  const tex = await vscode.workspace.openTextDocument(origin.uri);
  // Read in this insert's turn (withInsertTurn), so an insert just before is already in the text.
  const texText = tex.getText();
  const claim = core.locateClaim(texText, origin.selection, origin.start);
  if (!claim) {
    void vscode.window.showErrorMessage('Citefinder: the claim changed since the search; select it and search again.');
    return undefined;
  }
  const configured = configuredBib(settings, origin.uri);
  if (configured && 'refused' in configured) {
    void vscode.window.showErrorMessage(`Citefinder: ${configured.refused}`);
    return undefined;
  }
  let refused: string | undefined;
  const plan = await core.planInsert(tex.uri.fsPath, texText, claim, core.newWorkOf(candidate), projectFiles, settings, {
    configuredBib: configured?.file,
    replace: origin.replace && { ...origin.replace, text: origin.replacedText ?? '' },
    chooseTarget: async ({ tree, bibliography }: InsertProject) => {
      const target = await chooseBibTarget({
        tree,
        bibliography,
        configured: configured?.file,
        memento,
        core,
        readBib: (f) => projectFiles.read(f),
      });
      if (!target) onDeclined?.();
      refused = target && (await refuseLinkedBib(target.file, core.danglingLinkRefusal));
      return refused ? undefined : target;
    },
  });
  if (refused) void vscode.window.showErrorMessage(`Citefinder: ${refused}`);
  if (!plan) return undefined;
  const notes = plan.bibliography.skipped.length ? [skippedSummary(plan.bibliography)] : [];
  notes.push(...plan.notes.filter((n) => n.startsWith('added ')));
  log(`Root ${plan.root.file} (${plan.root.reason}); bibliography: ${plan.bibliography.files.join(', ') || 'none'}${notes.length ? '; ' + notes[0] : ''}.`);

  const outcome: InsertOutcome = {
    key: plan.key,
    bibFile: plan.bibFile,
    reused: plan.reused,
    citeChanged: plan.citeChanged,
    command: plan.command,
    notes,
  };
  if (plan.edits.size === 0) {
    void vscode.window.showInformationMessage(`Citefinder: already cited here as ${plan.key}.`);
    return { ...outcome, reused: true, citeChanged: false };
  }
  const bibWasDirty = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === plan.bibFile)?.isDirty ?? false;
  if (!(await applyPlannedEdits(plan.created, plan.edits))) {
    void vscode.window.showErrorMessage('Citefinder: the editor refused the edit; nothing was inserted.');
    return undefined;
  }
  if (!plan.reused) await saveBib(plan.bibFile, bibWasDirty);
  log(`Cited ${candidate.id} as ${plan.command}{${plan.key}} (${plan.commandReason}; ${plan.reused ? 'existing entry' : 'appended to ' + plan.bibFile}).`);
  return outcome;
}

/** `citefinder.bib.file` for the document's folder; a workspace's value must stay inside it. */
function configuredBib(settings: Settings, uri: vscode.Uri): ReturnType<typeof resolveConfiguredBib> {
  const inspected = vscode.workspace.getConfiguration('citefinder', uri).inspect<string>('bib.file');
  const fromEnv = process.env.CITEFINDER_BIB_FILE !== undefined;
  const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri.fsPath ?? path.dirname(uri.fsPath);
  return resolveConfiguredBib(settings['bib.file'], { fromProject: !fromEnv && fromProject(inspected), folder, home: os.homedir() });
}

/**
 * A reason not to write `file`: a link whose target is missing (the edit would create a file
 * replacing the link, or where it points), or a link (say, planted in a cloned repository) to a
 * file that is no .bib. The dangling-link check comes from the heavy bundle: the shell holds no core.
 */
async function refuseLinkedBib(file: string, danglingLinkRefusal: Heavy['danglingLinkRefusal']): Promise<string | undefined> {
  const dangling = await danglingLinkRefusal(file);
  if (dangling) return `${dangling}; nothing was written.`;
  const real = await fs.realpath(file).catch(() => file);
  return writableBib(file, real);
}

/**
 * The edits of one insertion as ONE WorkspaceEdit. VS Code applies its operations in order,
 * checking each document's version per run of text edits, so a new file comes first and the
 * edits of one document stay together (the \cite and a \bibliography line often share one).
 */
async function applyPlannedEdits(created: string[], byFile: Map<string, TextEditPlan[]>): Promise<boolean> {
  const edit = new vscode.WorkspaceEdit();
  for (const file of created) edit.createFile(vscode.Uri.file(file), { ignoreIfExists: true });
  for (const [file, plans] of byFile) {
    const uri = vscode.Uri.file(file);
    if (created.includes(file)) {
      for (const plan of plans) edit.insert(uri, new vscode.Position(0, 0), plan.insert);
      continue;
    }
    const document = await vscode.workspace.openTextDocument(uri);
    for (const plan of plans) {
      const range = new vscode.Range(document.positionAt(plan.offset), document.positionAt(plan.offset + plan.deleteLength));
      edit.replace(uri, range, plan.insert);
    }
  }
  return vscode.workspace.applyEdit(edit, { isRefactoring: false });
}

/**
 * Saves the .bib so the entry is on disk, and keeps it saved through undo and redo; unless the
 * user had unsaved edits of their own in it: saving then (now or after an undo) would write those.
 */
async function saveBib(file: string, wasDirty: boolean): Promise<void> {
  if (wasDirty) return;
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  rememberTouchedBib(document.uri);
  await document.save();
}
