// Notices about other works are no candidates, whichever service answers with one: their titles
// (recorded in Europe PMC's answer to a "cancer" search) carry the article's own words.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { CandidateStore } from '../../../../src/core/candidates/store';
import { isNoticeTitle } from '../../../../src/core/candidates/notices';
import type { PaperRecord } from '../../../../src/core/types';

const recorded = (JSON.parse(readFileSync(fixturePath('europepmc', 'search_query-cancer_resultType-core_med-records-1-5-6-11-14.json'), 'utf8')) as {
  resultList: { result: { title: string }[] };
}).resultList.result.map((r) => r.title);

describe('notices about other works', () => {
  it('reads the recorded notices\' titles as notices, and articles about corrections or retraction as articles', () => {
    const notices = recorded.filter(isNoticeTitle);
    assert.deepEqual(notices, ['Department of Error.', 'Correction: Spatial organization of B lymphocytes and prognosis prediction in patients with gastric cancer.']);
    for (const title of ['Correction to: Deep Residual Learning', 'Erratum: A survey', 'Retraction Note: Stem cells', 'Expression of Concern: X', 'Correction.', 'Corrigendum to: Y']) {
      assert.ok(isNoticeTitle(title), title);
    }
    for (const title of ['Correction of refractive errors in children', 'Retraction of the tongue during swallowing', 'Corrections and the law: a review', 'Erratum-free decoding']) {
      assert.ok(!isNoticeTitle(title), title);
    }
  });

  it('are left out of the candidates whichever service sent them, the article they correct kept', () => {
    const correction = recorded.find((t) => t.startsWith('Correction: '))!;
    const record = (id: string, title: string): PaperRecord => ({ id, source: 'semanticscholar', title, authors: ['A. Author'], year: 2025 });
    const store = new CandidateStore([{ keywords: ['B lymphocytes', 'gastric cancer'] }], 'B lymphocytes in gastric cancer', 10, () => {});
    store.addHits([
      { record: record('s2:notice', correction), queryIndex: 0, rank: 0 },
      { record: record('s2:article', correction.replace('Correction: ', '')), queryIndex: 0, rank: 1 },
    ]);
    assert.deepEqual(store.list().map((c) => c.id), ['s2:article']);
  });
});
