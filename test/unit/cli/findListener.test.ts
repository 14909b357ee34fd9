// The progress lines `citefinder find` prints on stderr: a count of candidates once per count (a merge
// that adds no card sends the candidate list again), every other line as it comes.
import { strict as assert } from 'node:assert';
import { findListener } from '../../../src/cli/findSetup';
import type { Candidate, PipelineEvent } from '../../../src/core/types';

function progress(events: PipelineEvent[], json = false): string[] {
  const lines: string[] = [];
  const listen = findListener({ json }, { stdout: () => {}, stderr: (text) => lines.push(text) });
  for (const event of events) listen(event);
  return lines;
}

// Only the list's length is printed; the cards themselves are not read.
const cards = (n: number) => Array.from({ length: n }, () => ({}) as Candidate);

describe('find progress on stderr', () => {
  it('says each count of candidates once, and a new count again', () => {
    const lines = progress([
      { type: 'candidates', candidates: cards(1) },
      { type: 'candidates', candidates: cards(1) },
      { type: 'candidates', candidates: cards(3) },
      { type: 'warning', message: 'the PDF download failed' },
      { type: 'candidates', candidates: cards(3) },
    ]);
    assert.deepEqual(lines, ['• 1 candidate so far\n', '• 3 candidates so far\n', '! the PDF download failed\n']);
  });

  it('prints nothing when the result is JSON', () => {
    assert.deepEqual(progress([{ type: 'candidates', candidates: cards(2) }], true), []);
  });
});
