// `npm run bench [-- --data DIR]`: the offline benchmarks one after another. The pipeline,
// full-text, gold-paragraph, fault (each service dead in turn) and hostile-document ones need nothing else; given
// the datasets folder (--data, holding scifact/ and rxiv-metadata/), it also runs lexical scoring
// speed, routing accuracy, query retrieval (SciFact dev), SciFact support (dev), CL-SciSumm support (Training-Set-2018) and the
// calibrated support scale (bench/calibration.ts), the reference verdicts on HALLMARK
// dev_public (hallmark/), cite-worthiness on the unarXive sample's held-apart papers and published
// search (bench/published.ts: SciFact dev, CL-SciSumm train).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { data: { type: 'string' } } });
const data = values.data;

const benches: [string, string[]][] = [
  ['pipeline', []],
  ['fulltext', []],
  // A new process's first PDF, read after the worker's warm-up, beside a warm worker's reading.
  ['firstParse', []],
  // Gold paragraph first for claims against the three papers held as PDF and TEI (dev set; held-out: --set held-out, once).
  ['paragraphs', []],
  // One fault per mechanism (timeout, connection, status with Retry-After, size); 500 and 429
  // take the 503 path: `node dist/bench/faults.js` runs them all.
  ['faults', ['--faults', 'hang,reset,503-retry-after,endless']],
  ['hostile', []],
  ['audit', []],
  ['bibcheck', []],
  // The PDF reference-list reader (pdf.js) against GROBID's TEI of the same three papers.
  ['referencesPdf', []],
  ...(data
    ? ([
        ['lexical', ['--scifact', join(data, 'scifact')]],
        ['routing', [data]],
        // Retrieval with the queries written without the tagger (the first request) beside the tagger's, SciFact dev.
        ['queries', ['--scifact', join(data, 'scifact'), '--split', 'dev']],
        ['support', ['--scifact', join(data, 'scifact'), '--split', 'dev']],
        ['support', ['--clscisumm', join(data, 'cl-scisumm'), '--split', 'train']],
        // The calibrated scale: precision of "supports" per dev set, Citation-Integrity AUC, the audit on real citing sentences.
        ['calibration', [data]],
        // The audit's separation of right from wrong citations (AUC) beside a TF-IDF baseline, and the labels right ones get.
        ['separation', [data]],
        // HALLMARK dev_public only: its other splits are held out.
        ['hallmark', [join(data, 'hallmark')]],
        // Cite-worthiness on the unarXive sample's held-apart papers, and coverage of 30 pages.
        ['citeworthiness', [data]],
        // The same entries typeset into a .bbl and checked from it (reference-list path), beside the .bib path.
        ['references', [join(data, 'hallmark')]],
        // Published lanes (Europe PMC, DBLP, Semantic Scholar) on SciFact dev and CL-SciSumm train, beside the naive baseline.
        ['published', ['--data', data]],
        // The same entries typeset by real BibTeX (plainnat, numbered) into the committed .bbl and two-column PDF; checked from both.
        ['referencesTypeset', [join(data, 'hallmark')]],
      ] as [string, string[]][])
    : []),
];

let failed = false;
for (const [name, args] of benches) {
  const file = join(__dirname, `${name}.js`);
  if (!existsSync(file)) continue;
  console.log(`\n=== ${name}`);
  const run = spawnSync(process.execPath, ['--enable-source-maps', file, ...args], { stdio: 'inherit' });
  failed ||= run.status !== 0;
}
if (!data) console.log('\n(lexical, routing and support benchmarks need the datasets: npm run bench -- --data DIR)');
process.exitCode = failed ? 1 : 0;
