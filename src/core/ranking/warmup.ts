// Compiles the candidate store's merging and ranking on made-up hits while the first search
// answers are on the network. In a new process the first answer's hits are merged and ranked on
// cold code, between the answer's arrival and the first candidates (the tokenizer, the stemmer,
// BM25 and the identity keys run in the interpreter the first times). Made-up hits take that cost
// while the process only waits. One small store at a time, with a turn of the event loop between,
// so an answer that arrives meanwhile is handled at once. Before them, one made-up title with
// LaTeX loads Better BibTeX's parser (latex/unicode.ts loads it on first use, ~60 ms), which an
// arXiv or Europe PMC answer with maths in a title would otherwise wait for.
import type { PaperRecord } from '../types';
import { latexToUnicode } from '../latex/unicode';
import { CandidateStore } from '../candidates/store';
import { madeUpSentence, madeUpWord } from '../text/madeUp';
import { namedAuthors } from './namedAuthors';

/** Stores filled with made-up hits: enough for the ranking's functions to leave the interpreter. */
const ROUNDS = 4;
/** Hits per made-up answer, and answers per store (the store ranks again at each). */
const HITS = 8;
const ANSWERS = 3;
/** After the search's requests have left: their sending is the first answer's path too. */
const START_DELAY_MS = 40;
/** Endings that send the stemmer down its different rules, so it compiles them all. */
const ENDINGS = ['', 's', 'ed', 'ing', 'ation', 'ness', 'ly', 'ity', 'ical', 'ment', 'ive', 'ence'];

let started = false;
let done: Promise<void> | undefined;

/**
 * Starts the warm-up once per process, in the background: a search request has gone to the
 * network, so hits are to come. Never called when every answer is cached (a repeat needs none).
 */
export function warmRankingWhileWaiting(): void {
  if (started) return;
  started = true;
  done = new Promise((resolve) => {
    setTimeout(() => void rankMadeUpHits().then(resolve), START_DELAY_MS).unref?.();
  });
}

/** Whether this process has started the warm-up, and a promise of its end (for tests). */
export function rankingWarmup(): { started: boolean; done?: Promise<void> } {
  return { started, done };
}

/** Forgets the warm-up, as a new process would have none (for tests). */
export function resetRankingWarmup(): void {
  started = false;
  done = undefined;
}

async function rankMadeUpHits(): Promise<void> {
  latexToUnicode(`${madeUpWord(0)} of $\\Omega_m$ in R\\'{e}nyi ${madeUpWord(1)}`);
  // A claim that names authors compiles their pattern (Unicode classes) here, not on the first answer's path.
  namedAuthors('As Smith and Jones showed, and Lee et al. agree.');
  await new Promise((resolve) => setImmediate(resolve));
  for (let round = 0; round < ROUNDS; round++) {
    const queries = [{ keywords: [madeUpWord(round), madeUpWord(round + 5)] }];
    const store = new CandidateStore(queries, madeUpSentence(round, 12), 20, () => {});
    for (let answer = 0; answer < ANSWERS; answer++) {
      const hits = Array.from({ length: HITS }, (_, rank) => ({ record: madeUpRecord(round, answer * HITS + rank), queryIndex: 0, rank }));
      store.addHits(hits);
      store.list();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

function madeUpRecord(round: number, i: number): PaperRecord {
  const seed = round * 31 + i;
  const varied = (n: number) => `${madeUpSentence(seed + n, 14).slice(0, -1).split(' ').map((w, k) => w + ENDINGS[(seed + k + n) % ENDINGS.length]).join(' ')}.`;
  return {
    id: `doi:10.0000/warmup.${seed}`,
    source: 'pubmed',
    title: madeUpSentence(seed, 9),
    authors: [`${madeUpWord(seed)} A`, `${madeUpWord(seed + 1)} B`],
    year: 2000 + (seed % 25),
    doi: `10.0000/warmup.${seed}`,
    abstract: `${varied(1)} ${varied(2)} ${varied(3)}`,
  };
}
