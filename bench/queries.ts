// Retrieval benchmark of the heuristic queries: does the query written without the
// part-of-speech tagger (queries/quickChunks.ts, what the first request now carries) find the
// papers SciFact's claims cite as well as the tagger's query does? Each claim's query searches
// the SciFact corpus (5,183 abstracts) the way Europe PMC and arXiv read it: keywords OR-ed, a
// phrase matched as a phrase, ranked by BM25 over title and abstract. Reported: recall@10
// (share of cited papers in the first ten), success@10 (claims with one in the first ten), MRR,
// and how long each writer takes per claim (the tagger's load timed apart).
// Usage: node dist/bench/queries.js --scifact /work/shared/datasets/scifact [--split dev|train] [--diff]
import { loadClaims, loadCorpus, argValue, type SciFactSplit } from './lib/scifact-data';
import { heuristicQueries } from '../src/core/queries/keyphrases';
import { chunkSentence } from '../src/core/queries/chunks';
import { quickChunkSentence } from '../src/core/queries/quickChunks';
import { stems, SCORING_TOKENS } from '../src/core/text/tokens';
import { splitSentences } from '../src/core/text/sentences';

const K1 = 1.2;
const B = 0.75;
const TOP = 10;

interface Indexed {
  id: number;
  words: string[];
}

function main(): void {
  const dir = argValue('scifact');
  if (!dir) throw new Error('usage: node dist/bench/queries.js --scifact DIR [--split dev|train]');
  const split = (argValue('split') ?? 'dev') as SciFactSplit;
  const claims = loadClaims(dir, split).filter((c) => c.cited_doc_ids.length > 0);
  const docs: Indexed[] = [...loadCorpus(dir).values()].map((d) => ({ id: d.doc_id, words: stems(`${d.title} ${d.abstract.join(' ')}`, SCORING_TOKENS) }));
  const avgLength = docs.reduce((n, d) => n + d.words.length, 0) / docs.length;
  const dfCache = new Map<string, number>();

  const t0 = performance.now();
  chunkSentence('The tagger loads here.');
  const taggerLoadMs = performance.now() - t0;
  console.log(`SciFact ${split}: ${claims.length} claims that cite papers, ${docs.length} abstracts; tagger load ${taggerLoadMs.toFixed(0)} ms (timed apart)`);

  const writers = { tagger: chunkSentence, 'no tagger': quickChunkSentence } as const;
  const foundBy = new Map<string, string[]>();
  for (const [name, chunker] of Object.entries(writers)) {
    let recall = 0;
    let success = 0;
    let mrr = 0;
    let writeMs = 0;
    let same = 0;
    for (const claim of claims) {
      const sentences = splitSentences(claim.claim, 'claim');
      const started = performance.now();
      const queries = heuristicQueries(sentences.length ? sentences : [claim.claim], chunker);
      writeMs += performance.now() - started;
      const tagged = heuristicQueries(sentences.length ? sentences : [claim.claim]);
      if (JSON.stringify(tagged) === JSON.stringify(queries)) same++;
      // One merged request, as the first request to a repository carries every query's keywords.
      const keywords = [...new Set(queries.flatMap((q) => q.keywords))];
      const ranked = rank(keywords, docs, avgLength, dfCache).slice(0, TOP);
      const gold = new Set(claim.cited_doc_ids);
      const found = ranked.filter((id) => gold.has(id)).length;
      if (process.argv.includes('--diff')) foundBy.set(`${claim.id}`, [...(foundBy.get(`${claim.id}`) ?? []), `${name}: ${found} ${keywords.join(' | ')}`]);
      recall += found / gold.size;
      if (found > 0) success++;
      const first = ranked.findIndex((id) => gold.has(id));
      mrr += first >= 0 ? 1 / (first + 1) : 0;
    }
    const n = claims.length;
    console.log(`${name.padEnd(10)} recall@${TOP} ${(recall / n).toFixed(3)}  success@${TOP} ${(success / n).toFixed(3)}  MRR ${(mrr / n).toFixed(3)}  ` +
      `writing ${(writeMs / n).toFixed(2)} ms a claim; same queries as the tagger's for ${same}/${n}`);
  }
  // --diff: the claims where the two writers find a different number of cited papers.
  for (const [id, lines] of foundBy) {
    const counts = new Set(lines.map((line) => line.replace(/^[^:]+: (\d+).*$/, '$1')));
    if (counts.size > 1) console.log(`claim ${id}\n  ${lines.join('\n  ')}`);
  }
}

/** Document ids by BM25 over the keywords, each keyword a term (a phrase: its stems in a row). */
function rank(keywords: string[], docs: Indexed[], avgLength: number, dfCache: Map<string, number>): number[] {
  const terms = keywords.map((k) => stems(k, SCORING_TOKENS)).filter((t) => t.length > 0);
  const scores = new Map<number, number>();
  for (const term of terms) {
    const key = term.join(' ');
    let df = dfCache.get(key);
    if (df === undefined) {
      df = docs.filter((d) => occurrences(d.words, term) > 0).length;
      dfCache.set(key, df);
    }
    if (df === 0) continue;
    const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
    for (const doc of docs) {
      const tf = occurrences(doc.words, term);
      if (tf === 0) continue;
      const score = idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.words.length) / avgLength)));
      scores.set(doc.id, (scores.get(doc.id) ?? 0) + score);
    }
  }
  return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
}

function occurrences(words: string[], term: string[]): number {
  let count = 0;
  for (let i = 0; i + term.length <= words.length; i++) {
    let match = true;
    for (let j = 0; j < term.length && match; j++) match = words[i + j] === term[j];
    if (match) count++;
  }
  return count;
}

main();
