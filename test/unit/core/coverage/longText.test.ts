// A book-length project (more sentences than the similarity pass compares in full): each sentence's
// most alike sentences are still the ones a full comparison finds, only the words used almost
// everywhere are left out, and the pass hands control back as it goes (paperContextSteps).
import assert from 'node:assert/strict';
import { paperContexts, paperContextSteps } from '../../../../src/core/coverage/paperContext';

const SENTENCES = 2400; // above the pass's 2,000
const VOCABULARY = 3000;

/** A fixed text: six of 3,000 words per sentence (a seeded generator), "throughout" in every one, every fifth sentence cited. */
function longText(): { text: string; cited: boolean; section: string }[] {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: SENTENCES }, (_, i) => {
    const words = Array.from({ length: 6 }, () => `word${String.fromCharCode(97 + (next() % 26))}${next() % VOCABULARY}`);
    return { text: `Throughout ${words.join(' ')}.`, cited: i % 5 === 0, section: 'Results' };
  });
}

/** Every pair compared: cosine of idf-weighted words, the ten most alike voting, as the pass defines it. */
function bruteForceLeans(sentences: { text: string; cited: boolean }[], leaveOut: string): number[] {
  const words = sentences.map((s) => new Set((s.text.match(/\p{L}[\p{L}'’-]{2,}/gu) ?? []).map((w) => w.toLowerCase())));
  const df = new Map<string, number>();
  for (const set of words) for (const w of set) df.set(w, (df.get(w) ?? 0) + 1);
  const n = sentences.length;
  const vectors = words.map((set) => {
    const weighted = [...set].map((w) => ({ w, x: Math.log((n + 1) / df.get(w)!) })).filter((e) => e.x > 0);
    const norm = Math.sqrt(weighted.reduce((a, e) => a + e.x * e.x, 0));
    return new Map(weighted.map((e) => [e.w, e.x / norm]));
  });
  const logit = (p: number) => Math.log(p / (1 - p));
  const citedTotal = sentences.filter((s) => s.cited).length;
  return vectors.map((vector, i) => {
    const sims = vectors.map((other, j) => {
      let sum = 0;
      for (const [w, x] of vector) if (w !== leaveOut && other.has(w)) sum += x * other.get(w)!;
      return { j, sum };
    });
    const top = sims.filter((s) => s.j !== i && s.sum > 0).sort((a, b) => b.sum - a.sum || a.j - b.j).slice(0, 10);
    const prior = (citedTotal - (sentences[i]!.cited ? 1 : 0) + 1) / (n + 1);
    const weight = top.reduce((a, s) => a + s.sum, 0);
    const citing = top.reduce((a, s) => a + (sentences[s.j]!.cited ? s.sum : 0), 0);
    return logit((citing + 0.5 * prior) / (weight + 0.5)) - logit(prior);
  });
}

describe('the paper context of a book-length project', () => {
  const text = longText();

  it('finds each sentence the sentences most like it, leaving out only a word used in nearly every one', () => {
    const leans = paperContexts(text).map((c) => c.similarLean);
    const expected = bruteForceLeans(text, 'throughout');
    assert.equal(leans.length, SENTENCES);
    const differing = leans.filter((lean, i) => Math.abs(lean - expected[i]!) > 1e-9).length;
    assert.equal(differing, 0, `${differing} sentence(s) differ from the full comparison`);
    assert.ok(leans.filter((lean) => lean > 0).length > 100, 'sentences alike with cited ones lean to citing');
  });

  it('hands control back between its passes and every 64 sentences, with the same contexts at the end', () => {
    const steps = paperContextSteps(text);
    const yielded: number[] = [];
    let step = steps.next();
    while (!step.done) {
      yielded.push(step.value);
      step = steps.next();
    }
    // Five passes over the sentences (names, words, vectors, similarity, contexts), each paused every 64.
    const slices = Math.floor((SENTENCES - 1) / 64);
    assert.ok(yielded.length >= 5 * slices, `${yielded.length} hand-backs`);
    assert.ok(yielded.every((done, i) => i === 0 || done >= yielded[i - 1]!), 'the count only moves forward');
    const similarity = Array.from({ length: slices }, (_, k) => (k + 1) * 64);
    assert.deepEqual(yielded.filter((done) => done > 0 && done < SENTENCES), similarity);
    assert.equal(yielded.at(-1), SENTENCES);
    assert.deepEqual(step.value, paperContexts(text));
  });
});
