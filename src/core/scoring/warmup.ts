// Compiles the lexical scorer on a made-up paper while a real one is on the network. In a new
// process the first paper's scores run cold code (15–23 ms on the main thread for the medRxiv
// claim's first JATS, ~5 for the next), between that paper's arrival and the end of the run.
// The made-up paper is scored a section at a time with a turn of the event loop between, so
// answers that arrive meanwhile are handled at once.
import type { FulltextDocument } from '../fulltext/model';
import { madeUpSentence } from '../text/madeUp';
import { scoreParagraphsLexically } from './lexical';

/** Scorings of the made-up paper: enough for the scorer's functions to leave the interpreter. */
const ROUNDS = 3;
/**
 * After the papers' requests have left and while the parse worker compiles its own reader: the
 * slices then take the main thread when it has nothing else to do.
 */
const START_DELAY_MS = 100;

let started = false;

/**
 * Starts the warm-up once per process, in the background: a paper's text is on its way from the
 * network, so scores are to come. Never called when every reading is cached (a repeat needs none).
 */
export function warmScorerWhileWaiting(): void {
  if (started) return;
  started = true;
  setTimeout(() => void scoreMadeUpPaper(), START_DELAY_MS).unref?.();
}

async function scoreMadeUpPaper(): Promise<void> {
  const claim = madeUpSentence(5, 14);
  const paper = madeUpPaper();
  for (let round = 0; round < ROUNDS; round++) {
    for (const section of paper.sections) {
      scoreParagraphsLexically({ text: claim, sentences: [claim] }, [{ keywords: ['patients', 'mortality risk'] }], { ...paper, sections: [section] });
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** Eight sections of six paragraphs, with the counts, p-values and years results carry. */
function madeUpPaper(): FulltextDocument {
  const sentence = (seed: number, words: number) =>
    `${madeUpSentence(seed, words).slice(0, -1)} (n = ${seed + 40}, p < 0.0${(seed % 9) + 1}, ${2000 + (seed % 24)}).`;
  return {
    title: madeUpSentence(1, 9),
    abstract: `${sentence(2, 25)} ${sentence(3, 20)}`,
    sections: Array.from({ length: 8 }, (_, s) => ({
      head: s % 2 ? 'Results' : 'Methods',
      paragraphs: Array.from({ length: 6 }, (_, p) => {
        const sentences = [0, 1, 2, 3, 4].map((k) => sentence(s * 13 + p * 5 + k, 12 + k * 3));
        return { text: sentences.join(' '), sentences };
      }),
    })),
    captions: [],
    references: [],
  };
}
