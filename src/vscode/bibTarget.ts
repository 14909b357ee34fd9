// Which .bib file a new entry goes to: the `bib.file` setting, else the root's only
// bibliography, else a QuickPick remembered per workspace; with no bibliography at all, an
// offer to create references.bib and add the \bibliography / \addbibresource line.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Bibliography } from '../core/manuscript/project';
import type { TextEditPlan } from '../core/manuscript/citeInsert';
import type { Settings } from '../core/settings';

export interface BibTarget {
  file: string;
  exists: boolean;
  /** The line that makes the root use a newly created .bib. */
  rootEdit?: TextEditPlan;
}

export const CREATE_BIB_ACTION = 'Create references.bib';
const MEMENTO_PREFIX = 'citefinder.bibFile:';

export async function fileExists(file: string): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(vscode.Uri.file(file));
    return true;
  } catch {
    return false;
  }
}

/** `rootEdit` makes the edit that adds a new references.bib to the root. */
export async function chooseBibFile(
  rootFile: string,
  bibliography: Bibliography,
  settings: Settings,
  memento: vscode.Memento,
  rootEdit: (bibFile: string) => TextEditPlan,
): Promise<BibTarget | undefined> {
  const configured = settings['bib.file'].trim();
  if (configured) {
    const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(rootFile))?.uri.fsPath ?? path.dirname(rootFile);
    const file = path.resolve(folder, configured);
    return { file, exists: await fileExists(file) };
  }
  const files = bibliography.files;
  if (files.length === 1) return { file: files[0]!, exists: await fileExists(files[0]!) };
  if (files.length > 1) {
    const file = await pickBibFile(rootFile, files, memento);
    return file ? { file, exists: await fileExists(file) } : undefined;
  }
  return offerNewBibFile(rootFile, bibliography, rootEdit);
}

async function pickBibFile(rootFile: string, files: string[], memento: vscode.Memento): Promise<string | undefined> {
  const key = MEMENTO_PREFIX + rootFile;
  const remembered = memento.get<string>(key);
  if (remembered && files.includes(remembered)) return remembered;
  const dir = path.dirname(rootFile);
  const picked = await vscode.window.showQuickPick(
    files.map((file) => ({ label: path.relative(dir, file), description: file, file })),
    { title: 'Citefinder: which .bib file gets new entries?', placeHolder: 'Remembered for this workspace', ignoreFocusOut: true },
  );
  if (!picked) return undefined;
  await memento.update(key, picked.file);
  return picked.file;
}

async function offerNewBibFile(
  rootFile: string,
  bibliography: Bibliography,
  rootEdit: (bibFile: string) => TextEditPlan,
): Promise<BibTarget | undefined> {
  const line = bibliography.biblatex ? '\\addbibresource{references.bib}' : '\\bibliography{references}';
  const answer = await vscode.window.showInformationMessage(
    `Citefinder: ${path.basename(rootFile)} has no bibliography. Create references.bib next to it and add ${line}?`,
    CREATE_BIB_ACTION,
  );
  if (answer !== CREATE_BIB_ACTION) return undefined;
  const file = path.join(path.dirname(rootFile), 'references.bib');
  return { file, exists: await fileExists(file), rootEdit: rootEdit('references.bib') };
}
