// A paper's shortlist for a claim (its best paragraphs, scored) is kept in the cache: a warm repeat
// in a new process takes it from there and ranks no reading again. The key holds the scorer, the
// claim, the queries and the reading, so another claim, a changed reading or another scorer never
// gets a stored shortlist.
import { strict as assert } from 'node:assert';
import cacache from 'cacache';
import type { StandIn } from '../../../standin';
import { closePreprintCache, openPreprintCache } from '../../../helpers/preprintCache';
import { createPipeline } from '../../../../src/core/pipeline/index';
import type { Settings } from '../../../../src/core/settings/index';
import { SUPPORT_KEY_PREFIX } from '../../../../src/core/net/cacheSweep';
import { scorerIdentity, shortlistKey, type Shortlist, type ShortlistInput } from '../../../../src/core/scoring/shortlistCache';
import type { FindResult } from '../../../../src/core/types';

const CLAIM = 'Machine learning models can predict in-hospital mortality from electronic health records.';
const OTHER_CLAIM = 'Machine learning models predict in-hospital mortality of patients from their electronic health records.';
const MARK = 'kept: ';

describe('the support shortlist cache', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  let cacheDir: string;
  let settings: Settings;
  beforeEach(async () => ({ standIn, cacheDir, settings } = await openPreprintCache('citefinder-shortlists-')));
  afterEach(() => closePreprintCache({ standIn, cacheDir, settings }));

  /** Marks every stored shortlist's reasons, so a result built from one shows it; returns how many there were. */
  async function markStoredShortlists(): Promise<number> {
    const entries = Object.values(await cacache.ls(cacheDir)).filter((e) => e.key.startsWith(SUPPORT_KEY_PREFIX));
    for (const entry of entries) {
      const stored = JSON.parse((await cacache.get(cacheDir, entry.key)).data.toString('utf8')) as Shortlist;
      const marked = { ...stored, ranked: stored.ranked.map((p) => ({ ...p, reason: MARK + p.reason })) };
      await cacache.put(cacheDir, entry.key, JSON.stringify(marked));
    }
    return entries.length;
  }

  const reasons = (result: FindResult) => result.candidates.flatMap((c) => (c.paragraphs ?? []).map((p) => p.reason));

  it('gives a repeat of the claim, in a new pipeline, every paper\'s shortlist from the cache', async () => {
    const first = await createPipeline({ settings, llm: null }).find({ selection: CLAIM });
    assert.ok(first.candidates.some((c) => c.fulltext === 'jats'), 'full texts were read');
    const stored = await markStoredShortlists();
    assert.equal(stored, first.candidates.length, 'one shortlist per candidate');
    const again = await createPipeline({ settings, llm: null, reuseResults: false }).find({ selection: CLAIM });
    assert.ok(reasons(again).length > 0);
    assert.ok(reasons(again).every((r) => r.includes(MARK)), `every paragraph came from the cache: ${reasons(again).join(' | ')}`);
    assert.deepEqual(again.candidates.map((c) => [c.id, c.score]), first.candidates.map((c) => [c.id, c.score]));
  });

  it('gives another claim none of them, even for the same papers', async () => {
    const first = await createPipeline({ settings, llm: null }).find({ selection: CLAIM });
    assert.ok(await markStoredShortlists() > 0);
    const other = await createPipeline({ settings, llm: null }).find({ selection: OTHER_CLAIM });
    const shared = other.candidates.filter((c) => first.candidates.some((f) => f.id === c.id));
    assert.ok(shared.length > 0, 'the other claim finds some of the same papers');
    assert.ok(reasons(other).length > 0);
    assert.ok(reasons(other).every((r) => !r.includes(MARK)), 'no shortlist of the first claim was used');
  });
});

describe('shortlistKey', () => {
  const input: ShortlistInput = {
    claim: { text: 'Aspirin lowers the risk of stroke.', sentences: ['Aspirin lowers the risk of stroke.'] },
    queries: [{ keywords: ['aspirin', 'stroke risk'] }],
    document: {
      title: 'Aspirin and stroke', abstract: 'We studied aspirin.', captions: [], references: [],
      sections: [{ head: 'Results', paragraphs: [{ text: 'Aspirin lowered stroke risk by 20%.', sentences: ['Aspirin lowered stroke risk by 20%.'] }] }],
    },
    paper: { title: 'Aspirin and stroke', abstract: 'We studied aspirin.' },
    count: 3,
  };
  const key = shortlistKey(input);

  it('is the same for the same claim, queries, reading and scorer', () => {
    assert.equal(shortlistKey(structuredClone(input)), key);
    assert.ok(key.startsWith(SUPPORT_KEY_PREFIX));
  });

  it('changes with the claim, its queries, the reading, the paper, the count and the scorer', () => {
    const changed: ShortlistInput[] = [
      { ...input, claim: { ...input.claim, text: 'Aspirin raises the risk of stroke.' } },
      { ...input, claim: { ...input.claim, sentences: ['Aspirin lowers', 'the risk of stroke.'] } },
      { ...input, queries: [{ keywords: ['aspirin'] }] },
      { ...input, document: { ...input.document, sections: [{ head: 'Results', paragraphs: [{ text: 'Aspirin lowered stroke risk by 30%.', sentences: ['Aspirin lowered stroke risk by 30%.'] }] }] } },
      { ...input, paper: { ...input.paper, abstract: 'We studied aspirin in 2,000 adults.' } },
      { ...input, count: 5 },
    ];
    for (const other of changed) assert.notEqual(shortlistKey(other), key);
    assert.notEqual(shortlistKey(input, `${scorerIdentity()}-retrained`), key);
  });
});
