// Full-text extraction speed.
//
//   node dist/bench/fulltext.js [FIXTURES_DIR] [--runs N] [--json] [--misses]
//
// Paragraph quality: each paper's pdfjs body paragraphs against GROBID's TEI of the same PDF,
// recall / precision at 80 % trigram coverage (the measure test/unit/pdfjs.test.ts asserts).
// --misses prints the paragraphs each side lacks.
//
// FIXTURES_DIR (default test/fixtures) holds grobid-tei/*.tei.xml and pdf/*.pdf.
// TEI → paragraphs: median ms per paper over N runs (goal < 20 ms).
// pdfjs: pages per second over N runs of every PDF, one after another in one process (goal ≥ 20),
// with the time split between pdfjs (reading text items) and our layout (lines → paragraphs).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseTei } from '../src/core/fulltext/tei';
import { loadPdfjs, readPages } from '../src/core/fulltext/pdfjs';
import { pageLines } from '../src/core/fulltext/layout';
import { buildDocument } from '../src/core/fulltext/paragraphs';
import { bodyParagraphs, type FulltextDocument } from '../src/core/fulltext/model';
import { extractWithPdfjs } from '../src/core/fulltext/pdfjs';

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
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

function words(text: string): string[] {
  // Hyphens vanish entirely: GROBID and pdfjs disagree on "document-level" vs "documentlevel".
  return text.normalize('NFKD').toLowerCase().replace(/-/g, '').replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
}

function shingles(text: string): string[] {
  const w = words(text);
  return w.slice(0, Math.max(0, w.length - 2)).map((_, i) => w.slice(i, i + 3).join(' '));
}

/** Reference body paragraphs (6+ trigrams) at least 80 % present in the candidate's body text. */
function coverage(reference: FulltextDocument, candidate: FulltextDocument): { share: number; missed: string[] } {
  const have = new Set(bodyParagraphs(candidate).flatMap((p) => shingles(p.paragraph.text)));
  const wanted = bodyParagraphs(reference).map((p) => p.paragraph.text).filter((t) => shingles(t).length >= 6);
  const missed = wanted.filter((t) => { const s = shingles(t); return s.filter((x) => have.has(x)).length / s.length < 0.8; });
  return { share: 1 - missed.length / wanted.length, missed };
}

async function benchQuality(dir: string) {
  const papers = readdirSync(join(dir, 'grobid-tei')).filter((f) => f.endsWith('.tei.xml')).map((f) => f.replace(/_grobid.*$/, ''));
  const results = [];
  for (const paper of papers) {
    const teiFile = readdirSync(join(dir, 'grobid-tei')).find((f) => f.startsWith(`${paper}_grobid`))!;
    const tei = parseTei(readFileSync(join(dir, 'grobid-tei', teiFile), 'utf8'));
    const pdf = await extractWithPdfjs(new Uint8Array(readFileSync(join(dir, 'pdf', `${paper}.pdf`))));
    const recall = coverage(tei, pdf);
    const precision = coverage(pdf, tei);
    results.push({ paper, recall: recall.share, precision: precision.share, lost: recall.missed, extra: precision.missed });
  }
  return results;
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

async function main(): Promise<void> {
  const dir = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : join('test', 'fixtures');
  const runs = Number(argValue('--runs') ?? 10);
  const tei = benchTei(join(dir, 'grobid-tei'), runs * 2);
  const pdfjs = await benchPdfjs(join(dir, 'pdf'), runs);
  const quality = await benchQuality(dir);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ tei, pdfjs, quality: quality.map(({ paper, recall, precision }) => ({ paper, recall, precision })) }, null, 2));
    return;
  }
  console.log('pdfjs body paragraphs vs GROBID (recall / precision at 80 % trigram coverage; goal ≥ 0.95 each)');
  for (const q of quality) {
    console.log(`  ${q.paper}: ${q.recall.toFixed(3)} / ${q.precision.toFixed(3)}`);
    if (!process.argv.includes('--misses')) continue;
    for (const text of q.lost) console.log(`    LOST  ${text.slice(0, 300)}`);
    for (const text of q.extra) console.log(`    EXTRA ${text.slice(0, 300)}`);
  }
  console.log(`TEI → paragraphs (median of ${runs * 2} runs; goal < 20 ms per paper)`);
  for (const t of tei) console.log(`  ${t.file}: ${t.medianMs.toFixed(2)} ms (${t.kb} KB, ${t.paragraphs} body paragraphs)`);
  console.log(`pdfjs extraction (${runs} runs over ${pdfjs.files.length} PDFs; goal ≥ 20 pages/s)`);
  console.log(`  ${pdfjs.pagesPerSecond.toFixed(1)} pages/s over ${pdfjs.pages} pages — ${pdfjs.msPerPage.total.toFixed(1)} ms/page` +
    ` (pdfjs ${pdfjs.msPerPage.pdfjs.toFixed(1)} + layout ${pdfjs.msPerPage.layout.toFixed(1)}); first import of pdfjs ${pdfjs.pdfjsImportMs.toFixed(0)} ms`);
  for (const f of pdfjs.files) console.log(`  ${f.file}: ${f.pagesPerSecond.toFixed(1)} pages/s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
