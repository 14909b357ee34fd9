// Do word cues tell a false "supports" from a true one? The analysis behind docs/measurements.md "Calibrated
// support scale" (why "supports" stays under 0.9 on Check-COVID and Citation-Integrity dev), kept
// so it can be re-run when the features change. Train and dev splits only; nothing is written.
//
//   npx esbuild models/analyse-support-cues.ts --bundle --platform=node --format=cjs --log-level=warning \
//     --outfile=out/models/analyse-support-cues.js && node out/models/analyse-support-cues.js /work/shared/datasets
//
// 1. How often each cue fires on the claims' own (cited) pairs, positives against negatives, per
//    set. A cue compares the claim with the sentence of its best passage that shares the most of
//    its words (the passage the card shows).
// 2. The support model retrained (models/support-fit.ts, the same sets as the shipped model) with each
//    cue as an 11th feature: its weight, and the precision and recall of "supports" on each dev set
//    at the lowest threshold that keeps SciFact dev at 0.9 (how calibration.ts picks it).
// 3. The same without a cue, on other training data for Check-COVID: the claim against its
//    annotated sentences, or the abstract pairs without the NOTENOUGHINFO rows.
import { SUPPORT_FEATURES, supportProbability } from '../src/core/scoring/supportFeatures';
import { splitSentences } from '../src/core/text/sentences';
import { SCORING_TOKENS, stems } from '../src/core/text/tokens';
import { checkCovidPairs, checkCovidSentencePairs, clSciSummPairs, integrityPairs, scifactPairs, type SupportPair } from '../bench/lib/support-pairs';
import { bestPassage, examples, fit, precisionAt } from './support-fit';

const NEGATION = /\b(?:no|not|never|none|neither|nor|without|cannot|fail(?:s|ed)? to|unlike|lack(?:s|ed|ing)?|absence of)\b|n't\b/i;
const HEDGE = /\b(?:may|might|could|suggest(?:s|ed|ing)?|possibl[ey]|potential(?:ly)?|likely|appear(?:s|ed)? to|putative|perhaps)\b/i;
const ASSERTION = /\b(?:demonstrat(?:e|ed|es)|show(?:n|ed|s)?|prov(?:e|ed|en)|establish(?:ed)?|confirm(?:ed|s)?|found|identif(?:y|ied))\b/i;
const UP = /\b(?:increas\w*|higher|more|greater|elevat\w*|enhanc\w*|up-?regulat\w*|promot\w*|improv\w*|rise|rising)\b/i;
const DOWN = /\b(?:decreas\w*|lower|less|fewer|reduc\w*|declin\w*|diminish\w*|down-?regulat\w*|inhibit\w*|suppress\w*|impair\w*|attenuat\w*)\b/i;
const PRESCRIPTION = /\b(?:must|should|ought to|needs? to|ha(?:ve|s) to|(?:is|are) required|recommend\w*)\b/i;

/** Each cue: 1 when it fires on (claim, the passage's best-matching sentence). */
const CUES: Record<string, (claim: string, sentence: string) => boolean> = {
  negationMismatch: (c, s) => NEGATION.test(c) !== NEGATION.test(s),
  assertedButHedged: (c, s) => ASSERTION.test(c) && !HEDGE.test(c) && HEDGE.test(s),
  directionMismatch: (c, s) =>
    (UP.test(c) && !DOWN.test(c) && DOWN.test(s) && !UP.test(s)) || (DOWN.test(c) && !UP.test(c) && UP.test(s) && !DOWN.test(s)),
  prescriptionMissing: (c, s) => PRESCRIPTION.test(c) && !PRESCRIPTION.test(s),
  fewClaimWords: (c) => new Set(stems(c, SCORING_TOKENS)).size <= 3,
};
const CUE_NAMES = Object.keys(CUES);

interface Row {
  pair: SupportPair;
  features: number[];
  cues: number[];
}

function bestSentence(claim: string, text: string): string {
  const words = new Set(stems(claim, SCORING_TOKENS));
  let best = '';
  let shared = -1;
  for (const sentence of splitSentences(text, 'paper')) {
    const n = new Set(stems(sentence, SCORING_TOKENS).filter((t) => words.has(t))).size;
    if (n > shared) [best, shared] = [sentence, n];
  }
  return best;
}

function rowOf(pair: SupportPair): Row {
  const best = bestPassage(pair);
  const features = best?.features ?? SUPPORT_FEATURES.map((_, i) => (i === 0 ? 1 : 0));
  const sentence = best ? bestSentence(pair.claim, best.text) : '';
  return { pair, features, cues: CUE_NAMES.map((name) => Number(CUES[name]!(pair.claim, sentence))) };
}

const rate = (rows: Row[], cue: number) => (rows.length ? (rows.filter((r) => r.cues[cue]).length / rows.length).toFixed(2) : '—');

function precision(rows: Row[], p: (r: Row) => number, t: number): { precision: number; recall: number; said: number } {
  return precisionAt(rows.map((r) => ({ p: p(r), positive: r.pair.positive })), t);
}

function report(label: string, train: Row[][], dev: Record<string, Row[]>, cues: number[]): void {
  const vector = (r: Row) => [...r.features, ...cues.map((c) => r.cues[c]!)];
  const byPair = new Map(train.flat().map((r) => [r.pair, r]));
  const data = examples(
    train.map((rows) => rows.map((r) => r.pair)),
    (pair) => vector(byPair.get(pair)!),
  );
  const weights = fit(data, SUPPORT_FEATURES.length + cues.length);
  // The cue columns follow the model's features, so supportProbability reads its coverage as ever.
  const p = (r: Row) => supportProbability(vector(r), weights);
  const grid = Array.from({ length: 1000 }, (_, i) => i / 1000);
  const scifact = dev['SciFact dev']!;
  const t = grid.find((x) => precision(scifact, p, x).precision >= 0.9 && precision(scifact, p, x).said >= 20) ?? 1;
  const cells = Object.entries(dev).map(([name, rows]) => {
    const r = precision(rows, p, t);
    return `${name} ${r.precision.toFixed(3)} (recall ${r.recall.toFixed(3)}, ${r.said})`;
  });
  const extra = cues.map((c, i) => `${CUE_NAMES[c]} ${weights[SUPPORT_FEATURES.length + i]}`).join(', ');
  console.log(`${label}${extra ? ` [${extra}]` : ''}: threshold ${t}: ${cells.join(' | ')}`);
}

function main(): void {
  const data = process.argv[2];
  if (!data) {
    console.error('usage: node out/models/analyse-support-cues.js <datasets dir>');
    process.exit(2);
  }
  const rows = (pairs: SupportPair[]) => pairs.map(rowOf);
  const train: Record<string, Row[]> = {
    'SciFact train': rows(scifactPairs(data, 'train')),
    'Check-COVID train': rows(checkCovidPairs(data, 'train')),
    'Citation-Integrity train': rows(integrityPairs(data, 'train')),
    'CL-SciSumm train': rows(clSciSummPairs(data)),
  };
  const dev: Record<string, Row[]> = {
    'SciFact dev': rows(scifactPairs(data, 'dev')),
    'Check-COVID dev': rows(checkCovidPairs(data, 'dev')),
    'Check-COVID dev (sentences)': rows(checkCovidSentencePairs(data, 'dev')),
    'Citation-Integrity dev': rows(integrityPairs(data, 'dev')),
  };
  console.log('1. cue on the cited pairs, share of positives / of negatives:');
  for (const [name, set] of Object.entries({ ...train, ...dev })) {
    const cited = set.filter((r) => r.pair.kind === 'cited');
    const [pos, neg] = [cited.filter((r) => r.pair.positive), cited.filter((r) => !r.pair.positive)];
    console.log(`  ${name}: ${CUE_NAMES.map((cue, i) => `${cue} ${rate(pos, i)} / ${rate(neg, i)}`).join(' | ')}`);
  }
  console.log('2. retrained with a cue (precision of "supports" at the SciFact-chosen threshold):');
  const sets = Object.values(train);
  report('  none', sets, dev, []);
  CUE_NAMES.forEach((_, i) => report('  ', sets, dev, [i]));
  report('  all', sets, dev, CUE_NAMES.map((_, i) => i));
  console.log('3. other Check-COVID training pairs:');
  const sentences = rows(checkCovidSentencePairs(data, 'train'));
  const withoutNei = train['Check-COVID train']!.filter((r) => r.pair.positive || r.pair.kind !== 'cited');
  report('  claim vs annotated sentences', [train['SciFact train']!, sentences, train['Citation-Integrity train']!, train['CL-SciSumm train']!], dev, []);
  report('  abstracts without NOTENOUGHINFO', [train['SciFact train']!, withoutNei, train['Citation-Integrity train']!, train['CL-SciSumm train']!], dev, []);
}

main();
