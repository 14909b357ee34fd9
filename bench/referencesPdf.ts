// The PDF reference-list reader (pdf.js text, no GROBID) against GROBID 0.6.1's TEI of the same
// three real papers: how many references each finds, and for how many of GROBID's titles the
// pdf.js path reads the same title from the item's string (titles compared as the verdict engine
// compares them). Offline; no verdicts (the papers' works are not in the stand-in).
//
//   node dist/bench/referencesPdf.js [FIXTURES_DIR]   (default test/fixtures: pdf/ and grobid-tei/)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareTitles } from '../src/core/bibcheck/titles';
import { fieldsOfItem, teiItems } from '../src/core/references';
import { pdfjsReferences } from '../src/core/references/pdf';

const dir = process.argv[2] ?? 'test/fixtures';
const PAPERS = ['acl2020-specter-cs', 'naacl2018-semantic-scholar-literature-graph-cs', 'jneuroengrehab2016-fes-hand-opening'];

async function main(): Promise<void> {
  let teiTitles = 0;
  let agreeing = 0;
  console.log('paper                                              pdf.js items  GROBID items  untitled (pdf.js)  GROBID titles read the same');
  for (const paper of PAPERS) {
    const started = performance.now();
    const pdf = await pdfjsReferences(new Uint8Array(readFileSync(join(dir, 'pdf', `${paper}.pdf`))));
    const ms = performance.now() - started;
    const tei = teiItems(readFileSync(join(dir, 'grobid-tei', `${paper}_grobid-0.6.1.tei.xml`), 'utf8'));
    const ours = pdf.items.map((i) => fieldsOfItem(i).title).filter((t): t is string => t !== undefined);
    const theirs = tei.items.map((i) => i.fields?.title).filter((t): t is string => t !== undefined);
    const same = theirs.filter((t) => ours.some((o) => compareTitles(o, t).agreement === 'same')).length;
    teiTitles += theirs.length;
    agreeing += same;
    const untitled = pdf.items.length - ours.length;
    console.log(`${paper.padEnd(50)} ${String(pdf.items.length).padStart(12)}  ${String(tei.items.length).padStart(12)}  ${String(untitled).padStart(17)}  ${same}/${theirs.length}  (${ms.toFixed(0)} ms)`);
  }
  console.log(`GROBID's titles read the same from the pdf.js strings: ${agreeing}/${teiTitles} (${((100 * agreeing) / teiTitles).toFixed(1)}%)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
