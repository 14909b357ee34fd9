// Dismissals the writer takes back: "Undo" on the note a dismissal shows, and "Restore Dismissed
// Uncited Claims" (the view's menu), which lists every sentence dismissed in the workspace. A
// dismissal is remembered for good, so a slip must not be.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SentenceCoverage } from '../../core/coverage';
import { dismissalKey, type UncitedClaims } from './claims';

export const RESTORE_DISMISSED_COMMAND = 'citefinder.restoreDismissedClaims';

/** Dismisses the sentence, with an Undo on the note that says so. */
export async function dismissWithUndo(claims: UncitedClaims, sentence: SentenceCoverage): Promise<void> {
  await claims.dismiss(sentence);
  const short = sentence.text.length > 60 ? sentence.text.slice(0, 59) + '…' : sentence.text;
  void vscode.window
    .showInformationMessage(`Citefinder: "${short}" will not be listed again.`, 'Undo')
    .then((chosen) => (chosen === 'Undo' ? claims.restore([dismissalKey(sentence)]) : 0));
}

/** Lets the writer pick dismissed sentences to list again; how many dismissals were forgotten. */
export async function restoreDismissed(claims: UncitedClaims): Promise<number> {
  const dismissed = claims.dismissedSentences();
  if (dismissed.length === 0) {
    void vscode.window.showInformationMessage('Citefinder: no sentence is dismissed in this workspace.');
    return 0;
  }
  const picked = await vscode.window.showQuickPick(
    dismissed.map((d) => ({ label: d.text, description: path.basename(d.file), key: d.key })),
    { title: 'Restore dismissed uncited claims', placeHolder: 'The sentences to list again', canPickMany: true, matchOnDescription: true },
  );
  if (!picked?.length) return 0;
  const back = await claims.restore(picked.map((p) => p.key));
  const later = picked.length - back;
  const note = later ? ` ${later} will be listed by the next "Find Uncited Claims".` : '';
  void vscode.window.showInformationMessage(`Citefinder: ${picked.length} dismissed sentence(s) restored.${note}`);
  return picked.length;
}
