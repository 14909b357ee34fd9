// "Insert citation": the \cite in the manuscript, the entry in the right .bib and, when that .bib
// is new to the manuscript, the line that adds it, applied as ONE WorkspaceEdit so one undo
// reverts them all (VS Code asks "Undo in N Files?" for such an edit; each file is opened as a
// TextDocument so it has an undo stack). The .bib is saved so the entry is on disk, and saved
// again when an undo or redo changes it. Settings are read for the manuscript's folder.
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BibIdentity, NewWork } from '../core/manuscript/bibUpdate';
import type { TextEditPlan } from '../core/manuscript/citeInsert';
import type { Settings } from '../core/settings';
import { fromProject } from '../core/settingScopes';
import type { Candidate } from '../core/types';
import { resolveConfiguredBib, writableBib } from './bibSetting';
import { chooseBibTarget, skippedSummary } from './bibTarget';
import { rememberTouchedBib } from './bibSaver';
import type { Heavy } from './lazy';
import { withInsertTurn } from './bibLock';
import { loadHeavy } from './lazy';
import { log } from './log';
import { projectFiles } from './projectFiles';
import type { SearchOrigin } from './searchController';
import { readSettings } from './settings';

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

export function insertCitation(candidate: Candidate, origin: SearchOrigin, memento: vscode.Memento): Promise<InsertOutcome | undefined> {
  return withInsertTurn(() => insertInTurn(candidate, origin, memento));
}

async function insertInTurn(candidate: Candidate, origin: SearchOrigin, memento: vscode.Memento): Promise<InsertOutcome | undefined> {
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

  const root = await core.resolveRootFile(tex.uri.fsPath, texText, projectFiles);
  const tree = await core.walkIncludes(root.file, root.text, projectFiles);
  const bibliography = await core.findProjectBibliography(tree, projectFiles.exists);
  const notes = bibliography.skipped.length ? [skippedSummary(bibliography)] : [];
  log(`Root ${root.file} (${root.reason}); ${tree.files.length} file(s); bibliography: ${bibliography.files.join(', ') || 'none'}${notes.length ? '; ' + notes[0] : ''}.`);

  const indexed = unique([...bibliography.files, ...(configured ? [configured.file] : [])]);
  const existing: BibIdentity[] = [];
  for (const file of indexed) {
    const text = await projectFiles.read(file);
    if (text !== undefined) existing.push(...core.indexBibFile(text, file));
  }
  const decision = core.decideBibUpdate(existing, newWork(candidate));
  const cite = chooseCite(core, settings, bibliography, texText, claim, decision.key);

  const edits = new PlannedEdits();
  if (cite.edit) edits.add(tex.uri.fsPath, cite.edit);
  if (origin.replace && texText.slice(origin.replace.offset, origin.replace.offset + origin.replace.length) === origin.replacedText) {
    edits.add(tex.uri.fsPath, { offset: origin.replace.offset, deleteLength: origin.replace.length, insert: '' });
  }
  let bibFile = decision.action === 'reuse' ? (decision.file ?? indexed[0] ?? '') : '';
  if (decision.action === 'append') {
    const target = await chooseBibTarget({ tree, bibliography, configured: configured?.file, memento, core, readBib: (f) => projectFiles.read(f) });
    if (!target) return undefined;
    const refusal = await refuseLinkedBib(target.file);
    if (refusal) {
      void vscode.window.showErrorMessage(`Citefinder: ${refusal}`);
      return undefined;
    }
    bibFile = target.file;
    if (target.lineEdit) {
      edits.add(target.lineEdit.file, target.lineEdit.edit);
      notes.push(`added ${target.lineEdit.describe} to ${path.basename(target.lineEdit.file)}`);
    }
    const bibText = await projectFiles.read(target.file);
    if (bibText === undefined) edits.create(target.file);
    edits.add(target.file, core.appendEntryEdit(bibText ?? '', decision.entry, { keepAuthorityLayout: settings['bib.keepAuthorityLayout'] }));
  }

  if (edits.empty) {
    void vscode.window.showInformationMessage(`Citefinder: already cited here as ${decision.key}.`);
    return { key: decision.key, bibFile, reused: true, citeChanged: false, command: cite.command, notes };
  }
  const bibWasDirty = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === bibFile)?.isDirty ?? false;
  if (!(await edits.apply())) {
    void vscode.window.showErrorMessage('Citefinder: the editor refused the edit; nothing was inserted.');
    return undefined;
  }
  if (decision.action === 'append') await saveBib(bibFile, bibWasDirty);
  log(`Cited ${candidate.id} as ${cite.command}{${decision.key}} (${cite.reason}; ${decision.action === 'reuse' ? 'existing entry' : 'appended to ' + bibFile}).`);
  return { key: decision.key, bibFile, reused: decision.action === 'reuse', citeChanged: Boolean(cite.edit), command: cite.command, notes };
}

function newWork(candidate: Candidate): NewWork {
  return {
    bibtex: candidate.bibtex!,
    key: candidate.citeKey!,
    doi: candidate.doi,
    publishedDoi: candidate.publishedDoi,
    arxivId: candidate.arxivId,
    title: candidate.title,
  };
}

/**
 * The cite command the document calls for, and where the key goes. An informal citation
 * selected ("[Riess 1998]", "as Perlmutter et al. (1999) showed") is replaced, not cited after.
 */
function chooseCite(
  core: Heavy,
  settings: Settings,
  packages: { natbib: boolean; biblatex: boolean },
  texText: string,
  claim: { start: number; end: number },
  key: string,
): { command: string; reason: string; edit?: TextEditPlan } {
  const choice = core.chooseCiteCommand(settings['cite.command'], packages);
  return { ...choice, edit: core.planCitation(texText, claim.start, claim.end, key, choice.command).edit };
}

/** `citefinder.bib.file` for the document's folder; a workspace's value must stay inside it. */
function configuredBib(settings: Settings, uri: vscode.Uri): ReturnType<typeof resolveConfiguredBib> {
  const inspected = vscode.workspace.getConfiguration('citefinder', uri).inspect<string>('bib.file');
  const fromEnv = process.env.CITEFINDER_BIB_FILE !== undefined;
  const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri.fsPath ?? path.dirname(uri.fsPath);
  return resolveConfiguredBib(settings['bib.file'], { fromProject: !fromEnv && fromProject(inspected), folder, home: os.homedir() });
}

/** A reason not to write `file`: a link (say, planted in a cloned repository) to a file that is no .bib. */
async function refuseLinkedBib(file: string): Promise<string | undefined> {
  const real = await fs.realpath(file).catch(() => file);
  return writableBib(file, real);
}

/**
 * The edits of one insertion, grouped per file: VS Code applies a WorkspaceEdit's operations in
 * order, checking each document's version per run of text edits, so a new file comes first and
 * the edits of one document stay together (the \cite and a \bibliography line often share one).
 */
class PlannedEdits {
  private readonly created: string[] = [];
  private readonly byFile = new Map<string, TextEditPlan[]>();

  get empty(): boolean {
    return this.byFile.size === 0;
  }

  create(file: string): void {
    this.created.push(file);
  }

  add(file: string, plan: TextEditPlan): void {
    this.byFile.set(file, [...(this.byFile.get(file) ?? []), plan]);
  }

  async apply(): Promise<boolean> {
    const edit = new vscode.WorkspaceEdit();
    for (const file of this.created) edit.createFile(vscode.Uri.file(file), { ignoreIfExists: true });
    for (const [file, plans] of this.byFile) {
      const uri = vscode.Uri.file(file);
      if (this.created.includes(file)) {
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

function unique(files: string[]): string[] {
  return [...new Set(files.map((f) => path.normalize(f)))];
}
