// Dismissals the writer takes back: "Undo" on the note a dismissal shows, and "Restore Dismissed
// Uncited Claims" (the view's menu), which lists every claim dismissed in the workspace (a sentence
// or a named theorem's title). A dismissal is remembered for good, so a slip must not be.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SentenceCoverage } from '../../core/coverage';
import { dismissalKey, type UncitedClaims } from './claims';
import { NOTHING_DISMISSED, RESTORE_PLACEHOLDER, restoredNote } from './restoreWording';

export const RESTORE_DISMISSED_COMMAND = 'citefinder.restoreDismissedClaims';

/** Dismisses the sentence, with an Undo on the note that says so. */
export async function dismissWithUndo(claims: UncitedClaims, sentence: SentenceCoverage): Promise<void> {
  await claims.dismiss(sentence);
  const short = sentence.text.length > 60 ? sentence.text.slice(0, 59) + '…' : sentence.text;
  void vscode.window
    .showInformationMessage(`Citefinder: "${short}" will not be listed again.`, 'Undo')
    .then((chosen) => (chosen === 'Undo' ? claims.restore([dismissalKey(sentence)]) : 0));
}

/** Lets the writer pick dismissed claims to list again; how many dismissals were forgotten. */
export async function restoreDismissed(claims: UncitedClaims): Promise<number> {
  const dismissed = claims.dismissedSentences();
  if (dismissed.length === 0) {
    void vscode.window.showInformationMessage(NOTHING_DISMISSED);
    return 0;
  }
  const picked = await vscode.window.showQuickPick(
    dismissed.map((d) => ({ label: d.text, description: path.basename(d.file), key: d.key })),
    { title: 'Restore dismissed uncited claims', placeHolder: RESTORE_PLACEHOLDER, canPickMany: true, matchOnDescription: true },
  );
  if (!picked?.length) return 0;
  const back = await claims.restore(picked.map((p) => p.key));
  void vscode.window.showInformationMessage(restoredNote(picked.length, picked.length - back));
  return picked.length;
}
