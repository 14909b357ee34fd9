// Which .bib file a new entry goes to: the `bib.file` setting, else the manuscript's only
// bibliography, else a QuickPick remembered per workspace; with no bibliography at all, an
// offer to create references.bib. A file Zotero's Better BibTeX keeps exporting is not written
// behind its back: the user is offered another .bib. A project whose references are a
// thebibliography written by hand is offered none (the CLI's inserts refuse it too). Whenever the
// chosen file is not yet part of the manuscript's bibliography, the line that adds it comes along
// (after asking).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ProjectBibliography } from '../core/manuscript/projectBibliography';
import type { ProjectTree } from '../core/manuscript/projectTree';
import type { BibTarget } from '../core/manuscript/insertPlan';
import type { Heavy } from './lazy';

export type { BibTarget } from '../core/manuscript/insertPlan';

export interface BibChoice {
  tree: ProjectTree;
  bibliography: ProjectBibliography;
  /** The file `citefinder.bib.file` names (already checked), if any. */
  configured?: string;
  memento: vscode.Memento;
  core: Heavy;
  /** The text of an existing .bib (undefined when there is no such file). */
  readBib(file: string): Promise<string | undefined>;
}

export const CREATE_BIB_ACTION = 'Create references.bib';
export const ADD_LINE_ACTION = 'Add the line';
export const ENTRY_ONLY_ACTION = 'Only add the entry';
export const WRITE_ANYWAY_ACTION = 'Add here anyway';
const PICK_MEMENTO = 'citefinder.bibFile:';
const AUTO_EXPORT_OK_MEMENTO = 'citefinder.autoExportAccepted:';

export async function chooseBibTarget(choice: BibChoice): Promise<BibTarget | undefined> {
  // A named .bib the project lacks (IEEEabrv, a ~/texmf library) is not offered beside one it has.
  const listed = choice.core.entryTargets(choice.bibliography);
  if (choice.configured) return withLine(choice, await avoidAutoExport(choice, choice.configured), true);
  if (listed.length === 1) return withLine(choice, await avoidAutoExport(choice, listed[0]!), false);
  if (listed.length > 1) {
    const picked = await pickBibFile(choice, listed);
    return picked ? { file: picked } : undefined;
  }
  // A \bibliography line beside a hand-written thebibliography would print a second list.
  const byHand = choice.core.referencesByHand(choice.tree, choice.bibliography);
  if (byHand) {
    const why = new choice.core.ReferencesByHandError(byHand, choice.tree.root).message;
    void vscode.window.showErrorMessage(`Citefinder: ${why}. Nothing inserted.`);
    return undefined;
  }
  return offerNewBibFile(choice);
}

/** A file the user picked or confirmed, plus the bibliography line it needs (asking for it). */
async function withLine(choice: BibChoice, target: BibTarget | undefined, fromSetting: boolean): Promise<BibTarget | undefined> {
  if (!target || target.lineEdit || choice.bibliography.files.includes(target.file)) return target;
  const lineEdit = choice.core.addBibliographyEdit(choice.tree, choice.bibliography, target.file);
  const name = path.basename(choice.tree.root);
  const answer = await vscode.window.showInformationMessage(
    `Citefinder: ${name} does not use ${path.basename(target.file)}${fromSetting ? ' (citefinder.bib.file)' : ''}, so LaTeX would not find the new entry. Add ${lineEdit.describe} to ${path.basename(lineEdit.file)}?`,
    ADD_LINE_ACTION,
    ENTRY_ONLY_ACTION,
  );
  if (answer === ADD_LINE_ACTION) return { ...target, lineEdit };
  return answer === ENTRY_ONLY_ACTION ? target : undefined;
}

/** `file`, unless it is a Better BibTeX export and the user takes the other .bib offered. */
async function avoidAutoExport(choice: BibChoice, file: string): Promise<BibTarget | undefined> {
  if (choice.memento.get<boolean>(AUTO_EXPORT_OK_MEMENTO + file)) return { file };
  const text = await choice.readBib(file);
  const found = text === undefined ? undefined : choice.core.detectBetterBibtexExport(text);
  if (!found) return { file };
  const alternative = await alternativeBib(choice, file);
  const useAlternative = `Use ${path.basename(alternative)}`;
  const answer = await vscode.window.showWarningMessage(
    `Citefinder: ${path.basename(file)} looks like a Better BibTeX auto-export from Zotero (${found.evidence}). Zotero's next export would remove an entry added there. Put new entries in ${path.basename(alternative)} instead?`,
    useAlternative,
    WRITE_ANYWAY_ACTION,
  );
  if (answer === WRITE_ANYWAY_ACTION) {
    await choice.memento.update(AUTO_EXPORT_OK_MEMENTO + file, true);
    return { file };
  }
  if (answer !== useAlternative) return undefined;
  await choice.memento.update(PICK_MEMENTO + choice.tree.root, alternative);
  const listed = choice.bibliography.files.includes(alternative);
  return {
    file: alternative,
    lineEdit: listed ? undefined : choice.core.addBibliographyEdit(choice.tree, choice.bibliography, alternative),
  };
}

/** Another listed .bib that is no export, else citefinder.bib next to the root file. */
async function alternativeBib(choice: BibChoice, exported: string): Promise<string> {
  for (const other of choice.core.entryTargets(choice.bibliography)) {
    if (other === exported) continue;
    const text = await choice.readBib(other);
    if (text === undefined || !choice.core.detectBetterBibtexExport(text)) return other;
  }
  return path.join(path.dirname(choice.tree.root), 'citefinder.bib');
}

async function pickBibFile(choice: BibChoice, files: string[]): Promise<string | undefined> {
  const key = PICK_MEMENTO + choice.tree.root;
  const remembered = choice.memento.get<string>(key);
  if (remembered && files.includes(remembered)) return remembered;
  const dir = path.dirname(choice.tree.root);
  const items = await Promise.all(
    files.map(async (file) => {
      const text = await choice.readBib(file);
      const exported = text !== undefined && choice.core.detectBetterBibtexExport(text);
      const detail = exported ? '$(warning) A Better BibTeX auto-export: Zotero would overwrite an entry added here.' : undefined;
      return { label: path.relative(dir, file), description: file, detail, file };
    }),
  );
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Citefinder: which .bib file gets new entries?',
    placeHolder: 'Remembered for this workspace',
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  await choice.memento.update(key, picked.file);
  return picked.file;
}

async function offerNewBibFile(choice: BibChoice): Promise<BibTarget | undefined> {
  const file = path.join(path.dirname(choice.tree.root), 'references.bib');
  const lineEdit = choice.core.addBibliographyEdit(choice.tree, choice.bibliography, file);
  const skipped = choice.bibliography.skipped.length ? ` (${skippedSummary(choice.bibliography)})` : '';
  const answer = await vscode.window.showInformationMessage(
    `Citefinder: ${path.basename(choice.tree.root)} has no local bibliography${skipped}. Create references.bib next to it and add ${lineEdit.describe}?`,
    CREATE_BIB_ACTION,
  );
  return answer === CREATE_BIB_ACTION ? { file, lineEdit } : undefined;
}

/** `skipped https://…/x.bib (a remote resource …)`, for messages and the log. */
export function skippedSummary(bibliography: ProjectBibliography): string {
  return bibliography.skipped.map((s) => `skipped ${s.name}: ${s.reason}`).join('; ');
}
