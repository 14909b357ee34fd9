// Full-text extraction speed.
//
//   node dist/bench/fulltext.js [FIXTURES_DIR] [--runs N] [--json] [--misses]
//
// FIXTURES_DIR (default test/fixtures) holds grobid-tei/*.tei.xml and pdf/*.pdf.
// TEI → paragraphs: median ms per paper over N runs (goal < 20 ms).
// pdfjs: pages per second over N runs of every PDF, one after another in one process (goal ≥ 20),
// with the time split between pdfjs (reading text items) and our layout (lines → paragraphs).
// pdfjs vs GROBID: for each PDF with a TEI of the same paper (NAME.pdf, NAME_grobid-*.tei.xml),
// recall and precision of pdfjs's body paragraphs against GROBID's, by two measures (see
// bench/lib/paragraphMatch.ts): "coverage" (the text is there; the measure of docs/measurements.md) and
// "same paragraph" (the text is there and cut into the same paragraphs). Goal ≥ 0.95 each.
// --misses lists the paragraphs the coverage measure counts as missed, each way, to audit them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseTei } from '../src/core/fulltext/tei';
import { loadPdfjs, readPages } from '../src/core/fulltext/pdfjs';
import { pageLines } from '../src/core/fulltext/layout';
import { buildDocument } from '../src/core/fulltext/paragraphs';
import { bodyParagraphs } from '../src/core/fulltext/model';
import { extractWithPdfjs } from '../src/core/fulltext/pdfjs';
import { coverageMisses, paragraphAgreement, type ParagraphAgreement } from './lib/paragraphMatch';
import { median } from './lib/median';

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function benchTei(dir: string, runs: number) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.tei.xml'));
  return files.map((file) => {
    const xml = readFileSync(join(dir, file), 'utf8');
    for (let i = 0; i < 3; i++) parseTei(xml); // warm the JIT
    const times: number[] = [];
    let paragraphs = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      paragraphs = bodyParagraphs(parseTei(xml)).length;
      times.push(performance.now() - start);
    }
    return { file, kb: Math.round(xml.length / 1024), paragraphs, medianMs: median(times) };
  });
}

async function benchPdfjs(dir: string, runs: number) {
  const loadStart = performance.now();
  await loadPdfjs();
  const loadMs = performance.now() - loadStart;
  const files = readdirSync(dir).filter((f) => f.endsWith('.pdf'));
  const pdfs = files.map((file) => ({ file, bytes: new Uint8Array(readFileSync(join(dir, file))) }));
  await readPages(pdfs[0].bytes); // warm-up
  let pages = 0;
  let readMs = 0;
  let layoutMs = 0;
  const perFile = new Map<string, { pages: number; ms: number }>();
  for (let run = 0; run < runs; run++) {
    for (const { file, bytes } of pdfs) {
      const t0 = performance.now();
      const pageRuns = await readPages(bytes);
      const t1 = performance.now();
      buildDocument(pageRuns.flatMap((page) => pageLines(page)));
      const t2 = performance.now();
      pages += pageRuns.length;
      readMs += t1 - t0;
      layoutMs += t2 - t1;
      const entry = perFile.get(file) ?? { pages: 0, ms: 0 };
      perFile.set(file, { pages: entry.pages + pageRuns.length, ms: entry.ms + (t2 - t0) });
    }
  }
  const totalMs = readMs + layoutMs;
  return {
    pdfjsImportMs: loadMs,
    pages,
    pagesPerSecond: (pages / totalMs) * 1000,
    msPerPage: { total: totalMs / pages, pdfjs: readMs / pages, layout: layoutMs / pages },
    files: [...perFile].map(([file, v]) => ({ file, pagesPerSecond: (v.pages / v.ms) * 1000 })),
  };
}

async function agreementWithGrobid(dir: string): Promise<{ file: string; agreement: ParagraphAgreement }[]> {
  const teis = readdirSync(join(dir, 'grobid-tei')).filter((f) => f.endsWith('.tei.xml'));
  const results: { file: string; agreement: ParagraphAgreement }[] = [];
  for (const file of readdirSync(join(dir, 'pdf')).filter((f) => f.endsWith('.pdf'))) {
    const tei = teis.find((t) => t.startsWith(`${file.slice(0, -'.pdf'.length)}_grobid-`));
    if (!tei) continue;
    const grobid = parseTei(readFileSync(join(dir, 'grobid-tei', tei), 'utf8'));
    const pdfjs = await extractWithPdfjs(new Uint8Array(readFileSync(join(dir, 'pdf', file))));
    results.push({ file, agreement: paragraphAgreement(grobid, pdfjs) });
    if (process.argv.includes('--misses')) {
      for (const text of coverageMisses(grobid, pdfjs)) console.log(`  ${file} GROBID's, not in pdfjs: ${text.slice(0, 160)}`);
      for (const text of coverageMisses(pdfjs, grobid)) console.log(`  ${file} pdfjs's, not in GROBID: ${text.slice(0, 160)}`);
    }
  }
  return results;
}

function printAgreement(results: { file: string; agreement: ParagraphAgreement }[]): void {
  const pair = (m: { recall: number; precision: number }) => `${m.recall.toFixed(3)} / ${m.precision.toFixed(3)}`;
  console.log('pdfjs paragraphs vs GROBID (recall / precision, 80 % of trigrams; goal ≥ 0.95)');
  for (const { file, agreement } of results) {
    console.log(`  ${file}: coverage ${pair(agreement.coverage)}; same paragraph ${pair(agreement.sameParagraph)}`);
  }
}

async function main(): Promise<void> {
  const dir = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : join('test', 'fixtures');
  const runs = Number(argValue('--runs') ?? 10);
  const tei = benchTei(join(dir, 'grobid-tei'), runs * 2);
  const pdfjs = await benchPdfjs(join(dir, 'pdf'), runs);
  const agreement = await agreementWithGrobid(dir);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ tei, pdfjs, agreement }, null, 2));
    return;
  }
  console.log(`TEI → paragraphs (median of ${runs * 2} runs; goal < 20 ms per paper)`);
  for (const t of tei) console.log(`  ${t.file}: ${t.medianMs.toFixed(2)} ms (${t.kb} KB, ${t.paragraphs} body paragraphs)`);
  console.log(`pdfjs extraction (${runs} runs over ${pdfjs.files.length} PDFs; goal ≥ 20 pages/s)`);
  console.log(`  ${pdfjs.pagesPerSecond.toFixed(1)} pages/s over ${pdfjs.pages} pages — ${pdfjs.msPerPage.total.toFixed(1)} ms/page` +
    ` (pdfjs ${pdfjs.msPerPage.pdfjs.toFixed(1)} + layout ${pdfjs.msPerPage.layout.toFixed(1)}); first import of pdfjs ${pdfjs.pdfjsImportMs.toFixed(0)} ms`);
  for (const f of pdfjs.files) console.log(`  ${f.file}: ${f.pagesPerSecond.toFixed(1)} pages/s`);
  printAgreement(agreement);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
