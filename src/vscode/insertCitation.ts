// "Insert citation": the \cite in the manuscript and the entry in the right .bib, applied as
// ONE WorkspaceEdit so one undo reverts both (VS Code asks "Undo in 2 Files?" for such an
// edit; the .bib is opened as a TextDocument so it has an undo stack). The .bib is saved so
// the entry is on disk, and saved again when an undo or redo changes it.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BibIdentity } from '../core/latex/bibUpdate';
import type { TextEditPlan } from '../core/latex/citeInsert';
import type { TexFiles } from '../core/latex/project';
import type { Settings } from '../core/settings';
import type { Candidate } from '../core/types';
import { chooseBibFile, fileExists, type BibTarget } from './bibTarget';
import { rememberTouchedBib } from './bibSaver';
import { withBibLock } from './bibLock';
import type { SearchOrigin } from './searchController';
import { loadHeavy } from './lazy';
import type { Heavy } from './heavy';
import { log } from './log';

export interface InsertOutcome {
  key: string;
  bibFile: string;
  /** The .bib already held this work: nothing appended. */
  reused: boolean;
  /** False when the key was already cited at the claim. */
  citeChanged: boolean;
}

/** Reads the workspace's .tex files, preferring the editor's unsaved text. */
const workspaceTexFiles: TexFiles = {
  async read(file) {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file);
    if (open) return open.getText();
    return fs.readFile(file, 'utf8').catch(() => undefined);
  },
  async list() {
    const uris = await vscode.workspace.findFiles('**/*.tex', '**/node_modules/**', 500);
    return uris.map((u) => u.fsPath);
  },
};

export async function insertCitation(
  candidate: Candidate,
  origin: SearchOrigin,
  settings: Settings,
  memento: vscode.Memento,
): Promise<InsertOutcome | undefined> {
  if (!candidate.bibtex || !candidate.citeKey) {
    const why = candidate.bibtexError ? ` (${candidate.bibtexError})` : '';
    void vscode.window.showErrorMessage(`Citefinder: no BibTeX from the authority for this paper${why}; nothing inserted.`);
    return undefined;
  }
  const cited = { ...candidate, bibtex: candidate.bibtex, citeKey: candidate.citeKey };
  if (origin.uri.scheme !== 'file') {
    void vscode.window.showErrorMessage('Citefinder: save the LaTeX file first, so its bibliography can be found.');
    return undefined;
  }
  const core = await loadHeavy();
  const tex = await vscode.workspace.openTextDocument(origin.uri);
  const texText = tex.getText();
  if (!core.locateClaim(texText, origin.selection, origin.start)) {
    void vscode.window.showErrorMessage('Citefinder: the claim changed since the search; select it and search again.');
    return undefined;
  }

  const rootFile = await core.findRootFile(tex.uri.fsPath, texText, workspaceTexFiles);
  const root = await vscode.workspace.openTextDocument(vscode.Uri.file(rootFile));
  const bibliography = core.findBibliography(rootFile, root.getText());
  const chosen = await chooseBibFile(rootFile, bibliography, settings, memento, (bibFile) =>
    core.bibliographyCommandEdit(root.getText(), bibFile, bibliography),
  );
  if (!chosen) return undefined;
  // From here on the .bib and the manuscript are read afresh, decided on and edited with no
  // other insert into the same .bib in between (two clicks at once).
  return withBibLock(chosen.file, async () => {
    const currentText = tex.getText();
    const claim = core.locateClaim(currentText, origin.selection, origin.start);
    if (!claim) {
      void vscode.window.showErrorMessage('Citefinder: the claim changed since the search; select it and search again.');
      return undefined;
    }
    // An insert just before this one may have created the .bib and added it to the root.
    const listed = core.findBibliography(rootFile, root.getText());
    const rootEdit = chosen.rootEdit && !listed.files.includes(chosen.file)
      ? core.bibliographyCommandEdit(root.getText(), path.basename(chosen.file), listed)
      : undefined;
    const target = { ...chosen, exists: await fileExists(chosen.file), rootEdit };
    return insertLocked(core, cited, tex, currentText, claim, root, listed.files, target, settings);
  });
}

async function insertLocked(
  core: Heavy,
  candidate: Candidate & { bibtex: string; citeKey: string },
  tex: vscode.TextDocument,
  texText: string,
  claim: { start: number; end: number },
  root: vscode.TextDocument,
  listedBibs: string[],
  target: BibTarget,
  settings: Settings,
): Promise<InsertOutcome | undefined> {
  const bibFiles = unique([...listedBibs, target.file]);
  const bibDocs = new Map<string, vscode.TextDocument>();
  for (const file of bibFiles) {
    if (file === target.file ? target.exists : await fileExists(file)) {
      bibDocs.set(file, await vscode.workspace.openTextDocument(vscode.Uri.file(file)));
    }
  }
  const existing: BibIdentity[] = [...bibDocs].flatMap(([file, doc]) => core.indexBibFile(doc.getText(), file));
  const decision = core.decideBibUpdate(existing, {
    bibtex: candidate.bibtex,
    key: candidate.citeKey,
    doi: candidate.doi,
    publishedDoi: candidate.publishedDoi,
    arxivId: candidate.arxivId,
    title: candidate.title,
  });

  // VS Code applies a WorkspaceEdit's operations in order, checking each document's version per
  // run of text edits: so the new file comes first, and the edits of one document stay together
  // (the \cite and the \bibliography line often land in the same file).
  const edit = new vscode.WorkspaceEdit();
  const targetDoc = bibDocs.get(target.file);
  const bibUri = vscode.Uri.file(target.file);
  const creatingBib = decision.action === 'append' && !targetDoc;
  if (creatingBib) edit.createFile(bibUri, { ignoreIfExists: true });
  const cite = core.planCiteInsertion(texText, claim.start, claim.end, decision.key, settings['cite.command']);
  if (cite.edit) applyPlan(edit, tex, cite.edit);
  if (target.rootEdit) applyPlan(edit, root, target.rootEdit);
  if (decision.action === 'append') {
    if (targetDoc) applyPlan(edit, targetDoc, core.appendEntryEdit(targetDoc.getText(), decision.entry));
    else edit.insert(bibUri, new vscode.Position(0, 0), core.appendEntryEdit('', decision.entry).insert);
  }

  const bibFile = decision.action === 'reuse' ? (decision.file ?? target.file) : target.file;
  if (edit.size === 0) {
    void vscode.window.showInformationMessage(`Citefinder: already cited here as ${decision.key}.`);
    return { key: decision.key, bibFile, reused: true, citeChanged: false };
  }
  const wasDirty = targetDoc?.isDirty ?? false;
  if (!(await vscode.workspace.applyEdit(edit, { isRefactoring: false }))) {
    void vscode.window.showErrorMessage('Citefinder: the editor refused the edit; nothing was inserted.');
    return undefined;
  }
  if (decision.action === 'append') await saveBib(target.file, wasDirty);
  log(`Cited ${candidate.id} as ${decision.key} (${decision.action === 'reuse' ? 'existing entry' : 'appended to ' + target.file}).`);
  return { key: decision.key, bibFile, reused: decision.action === 'reuse', citeChanged: Boolean(cite.edit) };
}

function applyPlan(edit: vscode.WorkspaceEdit, document: vscode.TextDocument, plan: TextEditPlan): void {
  const range = new vscode.Range(document.positionAt(plan.offset), document.positionAt(plan.offset + plan.deleteLength));
  edit.replace(document.uri, range, plan.insert);
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
