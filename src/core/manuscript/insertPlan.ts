// Every edit one "insert citation" makes, as text edits per file: the \cite after the claim, the
// entry appended to the .bib the root names (found as LaTeX Workshop finds it), and the
// bibliography line when that .bib is new. One planner for the CLI and the extension: the
// extension passes hooks where LaTeX Workshop's rules leave a choice (which .bib, the configured
// one, a selected identifier to replace) and only applies the edits, asks and saves.
import * as path from 'node:path';
import type { Settings } from '../settings/index';
import type { Candidate } from '../types';
import { chooseCiteCommand, documentCiteCommand } from './citeCommand';
import { type TextEditPlan } from './citeInsert';
import { citesAfterPunctuation } from './citePlacement';
import { planCitation } from './informalInsert';
import { appendEntryEdit, decideBibUpdate, indexBibFile, type BibIdentity, type NewWork } from './bibUpdate';
import type { TexFiles } from './project';
import { addBibliographyEdit, entryTargets, findProjectBibliography, type BibliographyLineEdit, type ProjectBibliography } from './projectBibliography';
import { resolveRootFile } from './projectRoot';
import { walkIncludes, type ProjectTree } from './projectTree';
import { lineEndingOf } from '../text/lineEnding';
import { ReferencesByHandError, referencesByHand } from './referencesByHand';

export interface InsertFiles extends TexFiles {
  exists(file: string): Promise<boolean>;
}

/** Where a new entry goes, and the line that makes the manuscript use that .bib when it does not yet. */
export interface BibTarget {
  file: string;
  lineEdit?: BibliographyLineEdit;
}

/** What a target chooser sees of the manuscript. */
export interface InsertProject {
  tree: ProjectTree;
  bibliography: ProjectBibliography;
}

export interface InsertHooks {
  /** A .bib named by settings (already checked): indexed beside the bibliography, so its entries are reused. */
  configuredBib?: string;
  /** Picks the .bib for a new entry; undefined cancels the insert. Default: the first listed the project has, else references.bib. */
  chooseTarget?(project: InsertProject): Promise<BibTarget | undefined>;
  /** A span of the manuscript the citation replaces (a selected identifier); skipped unless it still reads `text`. */
  replace?: { offset: number; length: number; text: string };
}

export interface PlannedInsert {
  key: string;
  bibFile: string;
  reused: boolean;
  /** The cite command written (`\citet` for a narrative mention where the project's is `\citep`). */
  command: string;
  /** Why this cite command (natbib, biblatex, the setting). */
  commandReason: string;
  /** False when the key is already cited at the claim. */
  citeChanged: boolean;
  /** File → its edits (offsets in the file's current text). */
  edits: Map<string, TextEditPlan[]>;
  /** Files that do not exist yet (a new references.bib). */
  created: string[];
  notes: string[];
  root: { file: string; reason: string };
  bibliography: ProjectBibliography;
}

/** The settings an insert reads: the cite command, and whether to keep the authority's layout. */
export type InsertSettings = Pick<Settings, 'cite.command'> & Partial<Pick<Settings, 'bib.keepAuthorityLayout'>>;

/** New .bib for a manuscript that names none, beside its root. */
const NEW_BIB_NAME = 'references.bib';

/** What the .bib needs of a candidate: its authority BibTeX, key and identity. */
export function newWorkOf(candidate: Candidate): NewWork {
  if (!candidate.bibtex || !candidate.citeKey) throw new Error(`No BibTeX from the authority for ${candidate.id}.`);
  const { bibtex, citeKey: key, doi, publishedDoi, arxivId, title } = candidate;
  return { bibtex, key, doi, publishedDoi, arxivId, title };
}

/** The plan; with a `chooseTarget` hook, undefined when the hook cancels. */
export async function planInsert(
  texFile: string,
  texText: string,
  claim: { start: number; end: number },
  work: NewWork,
  files: InsertFiles,
  settings: InsertSettings,
  hooks?: Omit<InsertHooks, 'chooseTarget'>,
): Promise<PlannedInsert>;
export async function planInsert(
  texFile: string,
  texText: string,
  claim: { start: number; end: number },
  work: NewWork,
  files: InsertFiles,
  settings: InsertSettings,
  hooks: InsertHooks,
): Promise<PlannedInsert | undefined>;
export async function planInsert(
  texFile: string,
  texText: string,
  claim: { start: number; end: number },
  work: NewWork,
  files: InsertFiles,
  settings: InsertSettings,
  hooks: InsertHooks = {},
): Promise<PlannedInsert | undefined> {
  const root = await resolveRootFile(texFile, texText, files);
  const tree = await walkIncludes(root.file, root.text, files);
  const bibliography = await findProjectBibliography(tree, files.exists);
  const notes = bibliography.skipped.map((s) => `skipped ${s.name}: ${s.reason}`);
  const indexed = unique([...bibliography.files, ...(hooks.configuredBib ? [hooks.configuredBib] : [])]);
  const decision = decideBibUpdate(await indexAll(indexed, files), work);
  const texts = tree.files.length ? tree.files.map((f) => f.text) : [texText];
  const used = documentCiteCommand(texts);
  const choice = chooseCiteCommand(settings['cite.command'], { ...bibliography, used });
  const byPackage = chooseCiteCommand(settings['cite.command'], bibliography);
  const habit = { mentionCommand: byPackage.command, afterPunctuation: citesAfterPunctuation(texts) };
  const cite = planCitation(texText, claim.start, claim.end, decision.key, choice.command, habit);
  const plan: PlannedInsert = {
    key: decision.key, bibFile: '', reused: decision.action === 'reuse',
    command: cite.command ?? choice.command, commandReason: choice.reason,
    citeChanged: Boolean(cite.edit), edits: new Map(), created: [], notes, root: { file: root.file, reason: root.reason }, bibliography,
  };
  const add = (file: string, edit: TextEditPlan) => plan.edits.set(file, [...(plan.edits.get(file) ?? []), edit]);
  if (cite.edit) add(texFile, cite.edit);
  const replace = hooks.replace;
  if (replace && texText.slice(replace.offset, replace.offset + replace.length) === replace.text) {
    add(texFile, { offset: replace.offset, deleteLength: replace.length, insert: '' });
  }
  if (decision.action === 'reuse') {
    plan.bibFile = decision.file ?? indexed[0] ?? '';
    return plan;
  }
  const target = await (hooks.chooseTarget ?? defaultTarget)({ tree, bibliography });
  if (!target) return undefined;
  plan.bibFile = target.file;
  if (target.lineEdit) {
    add(target.lineEdit.file, target.lineEdit.edit);
    notes.push(`added ${target.lineEdit.describe} to ${path.basename(target.lineEdit.file)}`);
  }
  const bibText = await files.read(target.file);
  if (bibText === undefined) {
    plan.created.push(target.file);
    notes.push(`created ${path.relative(path.dirname(tree.root), target.file) || target.file}: no such file in the project yet`);
  }
  // A new .bib beside a CRLF manuscript is written CRLF too, as everything added to its files is.
  const newFileEnding = lineEndingOf(root.text);
  add(target.file, appendEntryEdit(bibText ?? '', decision.entry, { keepAuthorityLayout: settings['bib.keepAuthorityLayout'], newFileEnding }));
  return plan;
}

/**
 * The CLI's rule: the first listed .bib the project has, else references.bib beside the root, with
 * the line that adds it; none for a project whose references are a thebibliography written by hand.
 */
async function defaultTarget({ tree, bibliography }: InsertProject): Promise<BibTarget> {
  const byHand = referencesByHand(tree, bibliography);
  if (byHand) throw new ReferencesByHandError(byHand, tree.root);
  const file = entryTargets(bibliography)[0] ?? path.join(path.dirname(tree.root), NEW_BIB_NAME);
  return bibliography.files.includes(file) ? { file } : { file, lineEdit: addBibliographyEdit(tree, bibliography, file) };
}

async function indexAll(bibFiles: string[], files: TexFiles): Promise<BibIdentity[]> {
  const existing: BibIdentity[] = [];
  for (const file of bibFiles) {
    const text = await files.read(file);
    if (text !== undefined) existing.push(...indexBibFile(text, file));
  }
  return existing;
}

function unique(files: string[]): string[] {
  return [...new Set(files.map((f) => path.normalize(f)))];
}

/** A text with its edits applied (offsets of the original text; applied from the end). */
export function applyEdits(text: string, edits: TextEditPlan[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.offset - a.offset))
    out = out.slice(0, e.offset) + e.insert + out.slice(e.offset + e.deleteLength);
  return out;
}
