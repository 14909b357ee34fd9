// The words of "Restore Dismissed Uncited Claims". A dismissed claim is a sentence or a named
// theorem's title (docs/coverage.md, "Named theorems"), which is no sentence: they say "claim".
// Kept free of `vscode` so that the wording is tested outside the editor.
import { plural } from '../../core/text/plural';

/** The picker's placeholder. */
export const RESTORE_PLACEHOLDER = 'The claims to list again';

/** Said when there is nothing to restore. */
export const NOTHING_DISMISSED = 'Citefinder: no claim is dismissed in this workspace.';

/** The note once `restored` claims are taken back, `later` of them not in the list shown (listed by the next run). */
export function restoredNote(restored: number, later: number): string {
  const count = plural(restored, 'dismissed claim');
  const next = later ? ` ${later} will be listed by the next "Find Uncited Claims".` : '';
  return `Citefinder: ${count} restored.${next}`;
}
