// "Insert the Clear Citations": after "Find Citations for All Listed", every listed sentence whose
// work is clear (core/coverage/clearCitation.ts, the rule of the CLI's
// `coverage --insert`) is cited as its row's "Insert Citation" would cite it: each citation its own
// WorkspaceEdit, so each can be undone alone, and its row marked. The others stay listed with their
// candidates; why each was left goes to the Citefinder output. A question the writer declines (create
// references.bib? which .bib?) stops the batch: the next sentence would only ask it again.
import * as vscode from 'vscode';
import type { SentenceCoverage } from '../../core/coverage';
import { plural } from '../../core/text/plural';
import type { Candidate } from '../../core/types';
import { loadHeavy } from '../lazy';
import { log, outputChannel } from '../log';
import type { UncitedClaims } from './claims';

export const INSERT_CLEAR_COMMAND = 'citefinder.insertClearCitations';

/** Cites one candidate in its listed sentence; undefined when the insert did not happen. */
export type CiteInSentence = (
  sentence: SentenceCoverage,
  candidate: Candidate,
  onDeclined: () => void,
) => Promise<{ key: string } | undefined>;

/** Each searched, uncited sentence's clear work, or why it has none. */
export async function clearChoices(
  claims: UncitedClaims,
): Promise<{ sentence: SentenceCoverage; candidate?: Candidate; why?: string; reason?: string }[]> {
  const core = await loadHeavy();
  return claims
    .all()
    .filter((sentence) => !claims.citedAs(sentence) && claims.resultOf(sentence))
    .map((sentence) => ({ sentence, ...core.clearCitation(claims.resultOf(sentence)!.candidates, sentence.text) }));
}

/** The number of sentences cited. */
export async function insertClearCitations(claims: UncitedClaims, cite: CiteInSentence): Promise<number> {
  const choices = await clearChoices(claims);
  if (choices.length === 0) {
    void vscode.window.showInformationMessage('Citefinder: no listed sentence has been searched yet; run "Find Citations for All Listed" first.');
    return 0;
  }
  let cited = 0;
  let byWords = false;
  let declined = false;
  for (const { sentence, candidate, why, reason } of choices) {
    const where = `${vscode.workspace.asRelativePath(sentence.file)}:${sentence.line + 1}`;
    const outcome = candidate && (await cite(sentence, candidate, () => (declined = true)));
    if (outcome) cited++;
    if (outcome && candidate.support?.by !== 'llm') byWords = true;
    log(outcome ? `Uncited claims: ${where} cited as ${outcome.key}: ${why}.` : `Uncited claims: ${where} left for you: ${reason ?? 'the insert did not happen'}.`);
    if (declined) return stopDeclined(cited, choices.length);
  }
  const left = choices.length - cited;
  const leftNote = left ? `; ${left} left for you, where no work is clearly the one meant` : '';
  // The note comes with the heavy bundle: its module would bring the term table into activation's.
  const byWordsNote = byWords ? ` ${(await loadHeavy()).BY_WORDS_ONLY}` : '';
  const message = `Citefinder: cited ${cited} of ${plural(choices.length, 'searched sentence')}${leftNote}.${byWordsNote}`;
  void vscode.window.showInformationMessage(message, ...(left ? ['Show Why'] : [])).then((pick) => pick && outputChannel().show(true));
  return cited;
}

function stopDeclined(cited: number, total: number): number {
  log(`Uncited claims: stopped after ${plural(cited, 'citation')}: a question was declined, so nothing more was inserted.`);
  void vscode.window.showInformationMessage(
    `Citefinder: stopped: you declined, so no more citations were inserted (${cited} of ${plural(total, 'searched sentence')} cited). Run "Insert the Clear Citations" again to go on.`,
  );
  return cited;
}
