// `citefinder coverage FILE.tex --find --insert`: each listed sentence gets its citation as its
// search finishes, when the work it means is clear (core/coverage/clearCitation.ts); the rest are
// left for the writer, each with the reason. The sentence is found again by its LaTeX source nearest
// to where it was listed (an earlier insert on its line moves it), the edits are the ones
// `citefinder insert` makes, and each file is replaced whole: Ctrl-C keeps the citations written.
import * as path from 'node:path';
import { BY_WORDS_ONLY, clearCitation } from '../core/coverage/clearCitation';
import type { SentenceResult } from '../core/coverage/batch';
import { newWorkOf, planInsert, type InsertFiles } from '../core/manuscript/insertPlan';
import { locateClaim } from '../core/manuscript/citeInsert';
import type { Settings } from '../core/settings/index';
import { plural } from '../core/text/plural';
import { writePlan } from './files';
import type { ProjectTree } from '../core/manuscript/projectTree';
import { findProjectBibliography } from '../core/manuscript/projectBibliography';
import { ReferencesByHandError, referencesByHand } from '../core/manuscript/referencesByHand';
import { FileRefusedError } from './io';

export type InsertedCitation = {
  key: string;
  command: string;
  bibFile: string;
  /** The entry was in a .bib already. */
  reused: boolean;
  id: string;
  title: string;
  /** Who read the support: the LLM judge, or the calibrated scale of shared words. */
  supportBy: 'llm' | 'lexical';
  /** Why this work is the one the sentence means ("it supports the sentence, 0.12 above the next work found"). */
  why: string;
  notes: string[];
};

/** What --insert did for one sentence: the citation written, or why none was. */
export type InsertOutcome = { inserted: InsertedCitation; notInserted?: undefined } | { inserted?: undefined; notInserted: string };

/**
 * Why the project (`tree`, as the coverage run read it from `root`) takes no insert: its references
 * are a thebibliography written by hand, so every citation would need a .bib it does not have (and a
 * second list in the PDF). Reads no .tex again; asks only whether the named .bib files exist.
 */
export async function referencesByHandWhy(root: string, tree: ProjectTree, files: InsertFiles): Promise<string | undefined> {
  const byHand = referencesByHand(tree, await findProjectBibliography(tree, files.exists));
  return byHand && new ReferencesByHandError(byHand, root).message;
}

/** Refuses such a project before any search. */
export async function refuseReferencesByHand(root: string, tree: ProjectTree, files: InsertFiles): Promise<void> {
  const why = await referencesByHandWhy(root, tree, files);
  if (why) throw new FileRefusedError(`--insert: ${why}; --find lists the works`);
}

/** Cites the clear work of a finished search in its sentence, on disk. */
export async function insertClearCitation(
  done: SentenceResult,
  source: string | undefined,
  files: InsertFiles,
  settings: Settings,
): Promise<InsertOutcome> {
  if (!done.result) return { notInserted: `the search failed: ${done.error ?? 'no answer'}` };
  const choice = clearCitation(done.result.candidates, done.sentence.text);
  if (!choice.candidate) return { notInserted: choice.reason };
  const file = done.sentence.file;
  const text = await files.read(file);
  const claim = text === undefined || source === undefined ? undefined : locateClaim(text, source, done.sentence.start);
  if (!claim || text === undefined) return { notInserted: 'the sentence is no longer where it was listed (the file changed)' };
  const plan = await planInsert(file, text, claim, newWorkOf(choice.candidate), files, settings);
  // The manuscript's edits are offsets of the text just read; a .bib was read by the plan a moment ago.
  await writePlan(plan, async (target) => (target === file ? text : ((await files.read(target)) ?? '')));
  const { key, command, bibFile, reused, notes } = plan;
  const { id, title, support } = choice.candidate;
  return { inserted: { key, command, bibFile, reused, id, title, supportBy: support?.by ?? 'lexical', why: choice.why, notes } };
}

/** The line under a sentence's candidates: the citation written, or why the writer must choose. */
export function outcomeText(outcome: InsertOutcome, root: string): string {
  if (!outcome.inserted) return `  not cited: ${outcome.notInserted}\n`;
  const { command, key, title, bibFile, reused, why, notes } = outcome.inserted;
  const bib = path.relative(path.dirname(root), bibFile) || bibFile;
  return `  cited ${command}{${key}} (${title}); ${reused ? 'entry already in' : 'entry added to'} ${bib}\n    why: ${why}\n${notes.map((n) => `  ${n}\n`).join('')}`;
}

/** The batch's last line with --insert. */
export function insertSummary(outcomes: InsertOutcome[], listed: number): string {
  const cited = outcomes.filter((o) => o.inserted).length;
  const searched = outcomes.length < listed ? ` (${outcomes.length} of ${listed} searched before the stop)` : '';
  const byWords = outcomes.some((o) => o.inserted?.supportBy === 'lexical') ? `\n${BY_WORDS_ONLY}` : '';
  return `\nCited ${cited} of ${plural(listed, 'listed sentence')}${searched}; ${outcomes.length - cited} left for you: no work is clearly the one, or see why above.${byWords}\n`;
}
