// Every edit one "insert citation" makes, as text edits per file: the \cite after the claim, the
// entry appended to the .bib the root names (found as LaTeX Workshop finds it), and the
// bibliography line when that .bib is new. Pure planning over file access, for the CLI; the
// extension asks the user where LaTeX Workshop's rules leave a choice.
import * as path from 'node:path';
import type { Settings } from '../settings';
import { chooseCiteCommand } from './citeCommand';
import { type TextEditPlan } from './citeInsert';
import { planCitation } from './informalInsert';
import { appendEntryEdit, decideBibUpdate, indexBibFile, type BibIdentity, type NewWork } from './bibUpdate';
import type { TexFiles } from './project';
import { addBibliographyEdit, findProjectBibliography } from './projectBibliography';
import { resolveRootFile } from './projectRoot';
import { walkIncludes } from './projectTree';

export interface InsertFiles extends TexFiles {
  exists(file: string): Promise<boolean>;
}

export interface PlannedInsert {
  key: string;
  bibFile: string;
  reused: boolean;
  command: string;
  /** File → its edits (offsets in the file's current text). */
  edits: Map<string, TextEditPlan[]>;
  /** Files that do not exist yet (a new references.bib). */
  created: string[];
  notes: string[];
}

/** New .bib for a manuscript that names none, beside its root. */
const NEW_BIB_NAME = 'references.bib';

export async function planInsert(
  texFile: string,
  texText: string,
  claim: { start: number; end: number },
  work: NewWork,
  files: InsertFiles,
  settings: Pick<Settings, 'cite.command'> & Partial<Pick<Settings, 'bib.keepAuthorityLayout'>>,
): Promise<PlannedInsert> {
  const root = await resolveRootFile(texFile, texText, files);
  const tree = await walkIncludes(root.file, root.text, files);
  const bibliography = await findProjectBibliography(tree, files.exists);
  const notes = bibliography.skipped.map((s) => `skipped ${s.name}: ${s.reason}`);
  const existing: BibIdentity[] = [];
  for (const file of bibliography.files) {
    const text = await files.read(file);
    if (text !== undefined) existing.push(...indexBibFile(text, file));
  }
  const decision = decideBibUpdate(existing, work);
  const choice = chooseCiteCommand(settings['cite.command'], bibliography);
  const plan: PlannedInsert = { key: decision.key, bibFile: '', reused: decision.action === 'reuse', command: choice.command, edits: new Map(), created: [], notes };
  const add = (file: string, edit: TextEditPlan) => plan.edits.set(file, [...(plan.edits.get(file) ?? []), edit]);
  const cite = planCitation(texText, claim.start, claim.end, decision.key, choice.command);
  if (cite.edit) add(texFile, cite.edit);
  if (decision.action === 'reuse') {
    plan.bibFile = decision.file ?? bibliography.files[0] ?? '';
    return plan;
  }
  const target = bibliography.files[0] ?? path.join(path.dirname(tree.root), NEW_BIB_NAME);
  plan.bibFile = target;
  const bibText = await files.read(target);
  if (bibText === undefined) plan.created.push(target);
  add(target, appendEntryEdit(bibText ?? '', decision.entry, { keepAuthorityLayout: settings['bib.keepAuthorityLayout'] }));
  if (!bibliography.files.includes(target)) {
    const line = addBibliographyEdit(tree, bibliography, target);
    add(line.file, line.edit);
    notes.push(`added ${line.describe} to ${path.basename(line.file)}`);
  }
  return plan;
}

/** A text with its edits applied (offsets of the original text; applied from the end). */
export function applyEdits(text: string, edits: TextEditPlan[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.offset - a.offset)) out = out.slice(0, e.offset) + e.insert + out.slice(e.offset + e.deleteLength);
  return out;
}
