// How well the audit's score tells right citations from wrong ones, threshold-free (AUC), beside a
// plain baseline (TF-IDF cosine of the sentence and the abstract with the shipped document
// frequencies, src/core/scoring/tfidf.ts), and the labels right citations get:
//
//   node dist/bench/separation.js DATA        (DATA = the datasets folder)
//
// - CL-SciSumm Training-Set-2018: each citance against its reference paper's abstract (right),
//   another reference paper's (wrong, same field) and a SciFact abstract (wrong, other field),
//   the pairs bench/calibration.ts reads (bench/lib/support-pairs.ts).
// - Citation-Integrity train and dev: accurate citations against the sentences the annotators
//   pointed at (right); inaccurate ones against theirs (wrong); each accurate citing sentence
//   against another work its citing paper cites (wrong, swapped in the reference list, drawn as
//   bench/calibration.ts draws them).
// Every case is read on its abstract only, as the audit reads most journal papers (Citation-
// Integrity's "abstract" is its pseudo-document: five sentences of the cited paper's full text,
// picked for the citing sentence); the CL-SciSumm citances are also read against the whole
// reference paper (right, and the same other one), as the audit reads a paper whose full text is
// open, and Citation-Integrity's passages as a body without an abstract.
import { clSciSummCases, clSciSummFullTextCases, integrityBodyCases, integrityCases, report, scored } from './lib/separation';

function main(): void {
  const data = process.argv[2];
  if (!data) {
    console.error('usage: node dist/bench/separation.js DATA');
    process.exit(2);
  }
  const started = performance.now();
  report('CL-SciSumm Training-Set-2018, citances against abstracts', scored(clSciSummCases(data)));
  report('CL-SciSumm Training-Set-2018, citances against whole papers (TF-IDF still on the abstract)', scored(clSciSummFullTextCases(data)));
  report('Citation-Integrity train', scored(integrityCases(data, 'train')));
  report('Citation-Integrity dev', scored(integrityCases(data, 'dev')));
  report('Citation-Integrity train, the passages read as the cited paper\'s body (no title, no abstract)', scored(integrityBodyCases(data, 'train')));
  report('Citation-Integrity dev, the passages read as the cited paper\'s body (no title, no abstract)', scored(integrityBodyCases(data, 'dev')));
  console.log(`(${Math.round(performance.now() - started)} ms)`);
}

if (require.main === module) main();
