// Builds the keyphrase stage's second collocation table: word pairs that open scientific text
// writes together ("folic acid", "bariatric surgery"), so a query keeps them as one phrase. The
// router's table (abstractDf.json's bigrams) holds the 4,000 pairs most frequent in ~4,000
// preprint abstracts, which misses the names of the life sciences that few preprints use.
//
//   npx esbuild models/build-collocations.ts --bundle --platform=node --format=cjs --log-level=warning \
//     --outfile=out/models/build-collocations.js && node out/models/build-collocations.js /work/shared/datasets
//
// Documents: the titles and abstracts of the rxiv metadata and the S2ORC sample that the router
// learns from (bench/data/rxiv.ts), of its train and dev splits only (no benchmark set it also
// reads); the body of every open-access JATS full text of fulltext-citations/; the unarXive
// sample's papers that are not held apart. Never a paper a bench
// is scored on finding, nor SciFact's or CL-SciSumm's texts: a pair learned from the papers to be
// found would flatter the bench. A pair is two neighbouring words of one clause, neither a
// stopword nor a bare number, as stems (text/stem.ts, the chunkers' own). It is kept when
// MIN_DOCUMENTS documents have it and it stands in at least MIN_SHARE of the documents that have
// its rarer word: a name's words come together, an accident of adjacency does not.
// Deterministic: the same data gives the same bytes.
//
// Output: src/core/models/collocations.json = { docs, pairs: "a b|c d|…" } (sorted).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stem } from '../src/core/text/stem';
import { isStopword } from '../src/core/text/stopwords';
import { loadLabelledDocs, splitOf } from '../bench/data/rxiv';
import { readJats } from '../bench/lib/jats-sentences';
import { isHeldApart, readUnarxive } from '../bench/lib/unarxive-sentences';

const MIN_DOCUMENTS = 3;
/** SciFact dev and train, queries bench: 0.2 and a floor of 5 documents at 0.1 did worse on train. */
const MIN_SHARE = 0.4;
const OUT = join(process.cwd(), 'src', 'core', 'models', 'collocations.json');

/** The router's sources of preprint and paper metadata, not the benchmark sets it also reads. */
const OPEN_METADATA = /^(?:\w+-daily|\w+-api-dump|biorxiv-full-authors|arxiv-cscl|arxiv-oai-head200|s2orc)$/;

function documents(data: string): string[] {
  const abstracts = loadLabelledDocs(data).filter((d) => splitOf(d) !== 'test' && OPEN_METADATA.test(d.origin));
  const docs = abstracts.map((d) => `${d.title}. ${d.abstract}`);
  for (const paper of readJats(data)) docs.push(paper.sentences.map((s) => s.text).join(' '));
  const arxiv = readUnarxive(data);
  for (const paper of arxiv.filter((p) => !isHeldApart(p, arxiv))) docs.push(paper.sentences.map((s) => s.text).join(' '));
  return docs;
}

/** The stems and the neighbouring stem pairs of one document, each once. */
function termsOf(doc: string): { words: Set<string>; pairs: Set<string> } {
  const words = new Set<string>();
  const pairs = new Set<string>();
  for (const clause of doc.split(/[.,;:!?()[\]{}"“”]+/)) {
    let previous: string | undefined;
    for (const piece of clause.split(/\s+/)) {
      const word = piece.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      if (!word || isStopword(word.toLowerCase()) || /^\d+$/.test(word)) {
        previous = undefined;
        continue;
      }
      const stemmed = stem(word);
      words.add(stemmed);
      if (previous) pairs.add(`${previous} ${stemmed}`);
      previous = stemmed;
    }
  }
  return { words, pairs };
}

function main(): void {
  const data = process.argv[2];
  if (!data) throw new Error('usage: node out/models/build-collocations.js DATASETS_DIR');
  const docs = documents(data);
  const wordDf = new Map<string, number>();
  const pairDf = new Map<string, number>();
  for (const doc of docs) {
    const { words, pairs } = termsOf(doc);
    for (const w of words) wordDf.set(w, (wordDf.get(w) ?? 0) + 1);
    for (const p of pairs) pairDf.set(p, (pairDf.get(p) ?? 0) + 1);
  }
  const kept = [...pairDf]
    .filter(([pair, n]) => {
      const [first, second] = pair.split(' ') as [string, string];
      return n >= MIN_DOCUMENTS && n / Math.min(wordDf.get(first)!, wordDf.get(second)!) >= MIN_SHARE;
    })
    .map(([pair]) => pair)
    .sort();
  writeFileSync(OUT, `${JSON.stringify({ docs: docs.length, pairs: kept.join('|') })}\n`);
  console.log(`${docs.length} documents, ${pairDf.size} pairs, ${kept.length} kept → ${OUT}`);
}

main();
