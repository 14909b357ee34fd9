// What the rest of the paper says about a sentence, read from the other sentences' own citations
// as the editor sees them (never from the sentence's own): the share of its section and of the
// text that cite; the method, data set or tool it names that other sentences name with a citation
// ("names BERT, cited at line 40"), and whether this is that name's first mention; whether its
// words stand in the paper's citing sentences or in its others; and whether the sentences most
// like it cite.

export interface PaperContext {
  /** The share of the other sentences of its section, and of the whole text, that cite (0..1). */
  sectionShare: number;
  paperShare: number;
  /** A name it shares with citing sentences that leans towards them (the reason shows it); '' when none. */
  citedName: string;
  /** That name's lean towards the citing sentences (log-odds against the text's rate; 0 when none). */
  nameLean: number;
  /** 1 when that name, or another the citing sentences use, is first mentioned here. */
  firstMention: number;
  /** Its words' lean towards the citing sentences, rarer words weighing more (log-odds; 0 when none). */
  termLean: number;
  /** The lean of the NEAREST sentences most like it in wording towards citing (log-odds). */
  similarLean: number;
}

interface Sentence {
  text: string;
  cited: boolean;
  section: string;
}

interface Counts {
  n: number;
  cited: number;
}

/** Acronyms and inner capitals (BERT, ResNet-50, GPT-3), and capitalised words past the first. */
const NAME = /\b(?:[A-Z][A-Za-z]*[A-Z][A-Za-z0-9]*|[A-Z]+-?\d+[A-Za-z0-9]*|[a-z]+[A-Z][A-Za-z0-9]*)\b|(?<=\s)[A-Z][a-z]{2,}\b/g;
/** Capitalised words that name nothing cited: the paper's own furniture and sentence openers. */
const NOT_NAMES = new Set(
  'We Our The This These That Those In However For It Its Fig Figs Figure Figures Table Tables Section Sections Eq Eqs Equation Equations Appendix Theorem Lemma Proposition Corollary Definition Algorithm Chapter Remark Example Note Here Then Thus Hence Finally First Second Third Moreover Furthermore Also When While Although If As At On By From With To Of And Or But Since After Before Using Given Let Such Both Each All Some Other One Two Three Data Results Methods Supplementary Materials'.split(
    ' ',
  ),
);
const WORD = /\p{L}[\p{L}'’-]{2,}/gu;
/** A word or name seen in few other sentences is drawn towards the text's rate by this many sentences' worth of it. */
const PRIOR_WEIGHT = 4;
/** How many of the most alike sentences vote, and how much similarity the text's rate is worth among them. */
const NEAREST = 10;
const NEAREST_PRIOR = 0.5;
/** Words used in more sentences than this are left out of the similarity (see similarLeans). */
const MAX_POSTINGS = 2000;
/** The similarity pass hands control back after this many sentences (paperContextSteps). */
const STEP_SENTENCES = 64;

export function namesOf(text: string): Set<string> {
  return new Set((text.match(NAME) ?? []).filter((n) => !NOT_NAMES.has(n)));
}

function wordsOf(text: string): Set<string> {
  return new Set((text.match(WORD) ?? []).map((w) => w.toLowerCase()));
}

const logit = (p: number) => Math.log(p / (1 - p));

/** Whether the sentence at index i needs its context (a caller scoring only some sentences of the text). */
type Wanted = (i: number) => boolean;

/** Each sentence's context, in the order given (document order). */
export function paperContexts(sentences: readonly Sentence[]): PaperContext[] {
  return runToEnd(paperContextSteps(sentences));
}

/** What a stepwise pass returns, its steps run without a pause (a caller with no editor to keep responsive). */
export function runToEnd<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same, yielding every STEP_SENTENCES sentences of each pass how many the similarity pass has
 * done (0 before it, all of them after it), so that a caller in an editor can report progress, let
 * other work run and stop: a book-length project takes seconds. With `wanted`, every sentence is
 * read as part of the text but only the wanted ones get a context (the rest are undefined): the
 * per-sentence work (the nearest sentences, the cited name, the words' lean) is most of the pass.
 */
export function paperContextSteps(sentences: readonly Sentence[]): Generator<number, PaperContext[]>;
export function paperContextSteps(sentences: readonly Sentence[], wanted: Wanted): Generator<number, (PaperContext | undefined)[]>;
export function* paperContextSteps(
  sentences: readonly Sentence[],
  wanted: Wanted = () => true,
): Generator<number, (PaperContext | undefined)[]> {
  const shares = citingShares(sentences);
  const names = yield* mapInSteps(sentences.length, 0, (i) => namesOf(sentences[i]!.text));
  const words = yield* mapInSteps(sentences.length, 0, (i) => wordsOf(sentences[i]!.text));
  const nameCounts = countBy(names, sentences);
  const wordCounts = countBy(words, sentences);
  const firstSeen = new Map<string, number>();
  names.forEach((set, i) => set.forEach((n) => firstSeen.has(n) || firstSeen.set(n, i)));
  yield 0;
  const similar = yield* similarLeans(words, wordCounts, sentences, wanted);
  const contextOf = contextMaker(sentences, { names, words, nameCounts, wordCounts, firstSeen });
  return yield* mapInSteps(sentences.length, sentences.length, (i) =>
    wanted(i) ? { ...shares[i]!, ...contextOf(i), similarLean: similar[i]! } : undefined,
  );
}

/** `make` for each sentence in turn, yielding `done` every STEP_SENTENCES: a long text's pass can pause. */
function* mapInSteps<T>(count: number, done: number, make: (i: number) => T): Generator<number, T[]> {
  const made: T[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % STEP_SENTENCES === 0) yield done;
    made.push(make(i));
  }
  return made;
}

interface Tallies {
  names: Set<string>[];
  words: Set<string>[];
  nameCounts: Map<string, Counts>;
  wordCounts: Map<string, Counts>;
  firstSeen: Map<string, number>;
}

/** A sentence's cited name and its words' lean, from the whole text's tallies (a plain function: V8 optimises it). */
function contextMaker(sentences: readonly Sentence[], t: Tallies): (i: number) => Omit<PaperContext, 'sectionShare' | 'paperShare' | 'similarLean'> {
  const citedTotal = sentences.filter((s) => s.cited).length;
  return (i) => {
    const self = sentences[i]!.cited ? 1 : 0;
    // The text's rate among the other sentences (one pseudo-sentence keeps it off 0 and 1).
    const prior = (citedTotal - self + 1) / (sentences.length + 1);
    const lean = (c: Counts) => logit((c.cited - self + PRIOR_WEIGHT * prior) / (c.n - 1 + PRIOR_WEIGHT)) - logit(prior);
    const cited = [...t.names[i]!]
      .filter((n) => t.nameCounts.get(n)!.cited - self > 0)
      .map((n) => ({ n, lean: lean(t.nameCounts.get(n)!), first: t.firstSeen.get(n) === i }))
      .sort((a, b) => b.lean - a.lean);
    // The name the reason gives: one first mentioned here if any, else the one leaning most.
    const shown = cited.find((c) => c.first) ?? cited.find((c) => c.lean > 0);
    return {
      citedName: shown?.n ?? '',
      nameLean: Math.max(0, cited[0]?.lean ?? 0),
      firstMention: cited.some((c) => c.first) ? 1 : 0,
      termLean: termLean(t.words[i]!, t.wordCounts, lean, sentences.length),
    };
  };
}

function countBy(sets: Set<string>[], sentences: readonly Sentence[]): Map<string, Counts> {
  const counts = new Map<string, Counts>();
  sets.forEach((set, i) => {
    for (const key of set) {
      const c = counts.get(key) ?? { n: 0, cited: 0 };
      c.n++;
      if (sentences[i]!.cited) c.cited++;
      counts.set(key, c);
    }
  });
  return counts;
}

/** The mean lean of its words that other sentences use, each weighing its rarity in the text (idf). */
function termLean(words: Set<string>, counts: Map<string, Counts>, lean: (c: Counts) => number, total: number): number {
  let sum = 0;
  let weights = 0;
  for (const w of words) {
    const c = counts.get(w)!;
    if (c.n <= 1) continue;
    const weight = Math.log((total + 1) / c.n);
    sum += weight * lean(c);
    weights += weight;
  }
  return weights ? sum / weights : 0;
}

/**
 * For each wanted sentence (undefined for the others), the similarity-weighted citing rate of the
 * NEAREST others most like it (cosine of idf-weighted words), as log-odds against the text's. Similarities are summed word by word over
 * the sentences using it (an inverted index). In a text of more than MAX_POSTINGS sentences (a
 * book-length project), only the sentences sharing a word are reset and ranked, and a word used in
 * more than MAX_POSTINGS sentences is left out of the similarity: it weighs little there, and its
 * postings would make the pass quadratic in the project's length. A paper is read in full.
 */
function* similarLeans(
  words: Set<string>[],
  counts: Map<string, Counts>,
  sentences: readonly Sentence[],
  wanted: Wanted,
): Generator<number, (number | undefined)[]> {
  const total = sentences.length;
  const postings: Postings = new Map();
  const vectors = yield* mapInSteps(total, 0, (i) => {
    const set = words[i]!;
    const idf = [...set].map((w) => ({ word: w, weight: Math.log((total + 1) / counts.get(w)!.n) })).filter((x) => x.weight > 0);
    const norm = Math.sqrt(idf.reduce((a, x) => a + x.weight * x.weight, 0));
    for (const x of idf) {
      x.weight /= norm;
      const list = postings.get(x.word) ?? [];
      list.push({ sentence: i, weight: x.weight });
      postings.set(x.word, list);
    }
    return total > MAX_POSTINGS ? idf.filter((x) => counts.get(x.word)!.n <= MAX_POSTINGS) : idf;
  });
  yield 0;
  const leanOf = nearestLean(vectors, postings, sentences);
  const leans: (number | undefined)[] = [];
  for (let i = 0; i < total; i++) {
    if (i > 0 && i % STEP_SENTENCES === 0) yield i;
    leans.push(wanted(i) ? leanOf(i) : undefined);
  }
  return leans;
}

type Vector = { word: string; weight: number }[];
type Postings = Map<string, { sentence: number; weight: number }[]>;

/** The similarity pass's per-sentence work, outside the generator (V8 optimises a plain function's loops better). */
function nearestLean(vectors: Vector[], postings: Postings, sentences: readonly Sentence[]): (i: number) => number {
  const total = sentences.length;
  const citedTotal = sentences.filter((s) => s.cited).length;
  const sims = new Float64Array(total);
  // A paper's sentences mostly share some word: there, scanning the whole text is cheapest.
  const touched: number[] | null = total > MAX_POSTINGS ? [] : null;
  return (i) => {
    for (const { word, weight } of vectors[i]!) {
      for (const p of postings.get(word)!) {
        if (touched && sims[p.sentence] === 0) touched.push(p.sentence);
        sims[p.sentence]! += weight * p.weight;
      }
    }
    // Rank the few sentences that share a word, in order; when they are many, scan the text.
    const few = touched && touched.length * 8 < total;
    const top = nearest(sims, few ? touched.sort((a, b) => a - b) : null, i);
    const prior = (citedTotal - (sentences[i]!.cited ? 1 : 0) + 1) / (total + 1);
    const weight = top.reduce((a, j) => a + sims[j]!, 0);
    const citing = top.reduce((a, j) => a + (sentences[j]!.cited ? sims[j]! : 0), 0);
    if (few) for (const j of touched) sims[j] = 0;
    else sims.fill(0);
    if (touched) touched.length = 0;
    return logit((citing + NEAREST_PRIOR * prior) / (weight + NEAREST_PRIOR)) - logit(prior);
  };
}

/**
 * The NEAREST sentences of highest similarity, an earlier one first among equals, the sentence
 * itself left out: among the candidates (ascending indices; every other similarity is 0), or among
 * all when null. Sentences sharing no word would add nothing to the sums, so they are never ranked.
 */
function nearest(sims: Float64Array, candidates: readonly number[] | null, self: number): number[] {
  const top: number[] = [];
  const count = candidates ? candidates.length : sims.length;
  for (let c = 0; c < count; c++) {
    const j = candidates ? candidates[c]! : c;
    if (j === self || sims[j] === 0 || (top.length === NEAREST && sims[j]! <= sims[top[NEAREST - 1]!]!)) continue;
    let k = Math.min(top.length, NEAREST - 1);
    while (k > 0 && sims[top[k - 1]!]! < sims[j]!) {
      top[k] = top[k - 1]!;
      k--;
    }
    top[k] = j;
  }
  return top;
}

/**
 * The share of the other sentences citing in each sentence's section and in the whole text: a
 * field's and a paper's habit (a physics paper cites in one sentence of fifteen, a review in one
 * of two), read from the other sentences' own citations, never from the sentence's own.
 */
export function citingShares(sentences: readonly { cited: boolean; section: string }[]): { sectionShare: number; paperShare: number }[] {
  const bySection = new Map<string, Counts>();
  for (const s of sentences) {
    const counts = bySection.get(s.section) ?? { n: 0, cited: 0 };
    counts.n++;
    if (s.cited) counts.cited++;
    bySection.set(s.section, counts);
  }
  const cited = sentences.filter((s) => s.cited).length;
  const share = (citing: number, n: number, self: boolean) => (n > 1 ? (citing - (self ? 1 : 0)) / (n - 1) : 0);
  return sentences.map((s) => {
    const section = bySection.get(s.section)!;
    return { sectionShare: share(section.cited, section.n, s.cited), paperShare: share(cited, sentences.length, s.cited) };
  });
}
