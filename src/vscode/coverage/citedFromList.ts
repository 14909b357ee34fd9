// Which listed sentences were cited since the list was made, from their own rows or from the
// results panel, kept true to the documents: an undo that takes the citation out lists the
// sentence as uncited again, and a redo marks it again (InsertedCitations follows the edits).
import * as vscode from 'vscode';
import type { SentenceCoverage } from '../../core/coverage';
import type { InsertOutcome } from '../insertCitation';
import { InsertedCitations } from '../insertedCitations';
import type { PanelInsert } from '../results/register';
import type { UncitedClaims } from './claims';

export class CitationsFromList implements vscode.Disposable {
  private readonly followed = new Map<string, { sentence: SentenceCoverage; candidateId: string }>();
  private readonly tracker = new InsertedCitations((change) => {
    const item = this.followed.get(change.id);
    if (!item) return;
    if (change.cited) this.claims.markCited(item.sentence, change.key, item.candidateId);
    else this.claims.unmarkCited(item.sentence, item.candidateId);
  });

  constructor(private readonly claims: UncitedClaims) {}

  /** `candidateId` was cited in the listed `sentence`. */
  cited(sentence: SentenceCoverage, candidateId: string, outcome: InsertOutcome): void {
    const id = `${sentence.file}\n${sentence.start}\n${candidateId}`;
    this.followed.set(id, { sentence, candidateId });
    this.claims.markCited(sentence, outcome.key, candidateId);
    const source = this.claims.sourceOf(sentence);
    const where = source === undefined ? undefined : { source, start: sentence.start };
    this.tracker.track(id, outcome.key, vscode.Uri.file(sentence.file), outcome.bibFile, outcome.reused, where);
  }

  /** A citation inserted from the results panel: its sentence is marked, if the list holds it. */
  insertedFromPanel({ origin, candidateId, outcome }: PanelInsert): void {
    const sentence = this.claims.listedAt(origin.uri.fsPath, origin.selection, origin.start, origin.end);
    if (sentence) this.cited(sentence, candidateId, outcome);
  }

  dispose(): void {
    this.tracker.dispose();
  }
}
