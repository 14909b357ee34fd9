// Audit benchmark: `citefinder audit --json` on a generated 100-citation project whose .bib names
// works the stand-in has records for (every recorded arXiv entry and Crossref work), with the
// stand-in latencies of bench/pipeline.ts (Crossref, which it does not use, as doi.org's). It
// reports the first run (time, requests per service, and the physical bound: the round trips the
// network forces), the re-run with everything cached (goal < 2 s), and a re-run after one
// sentence was edited.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, standInEnv, type StandIn } from '../test/standin';
import { fixturePath } from '../test/standin/server';
import { WORK_FIXTURE_BY_DOI } from '../test/standin/crossref';
import { installGrobid } from '../test/standin/grobid';
import { splitSentences } from '../src/core/text/sentences';

/** What `citefinder audit --json` prints (the part this bench reads). */
interface AuditJson {
  citations: { status: string }[];
  summary: Record<string, number>;
}

const LATENCY: Record<'arxiv' | 'europepmc' | 'biorxiv' | 'doi' | 'arxivBibtex' | 'pdf' | 'grobid' | 'crossref', number> = { arxiv: 800, europepmc: 600, biorxiv: 300, doi: 300, arxivBibtex: 300, pdf: 500, grobid: 1500, crossref: 300 };
const ARXIV_SPACING_MS = 3000;
const CITATIONS = 100;
const CLI = join(__dirname, '..', 'cli.js');

interface Work {
  key: string;
  bib: string;
  /** Sentences to cite it for: its abstract's, else its title. */
  sentences: string[];
  kind: 'arxiv' | 'doi' | 'biorxiv';
}

const tag = (xml: string, name: string) => new RegExp(`<${name}[^>]*>([\\s\\S]*?)</${name}>`).exec(xml)?.[1]?.replace(/\s+/g, ' ').trim() ?? '';
const latexSafe = (text: string) => text.replace(/&amp;/g, 'and').replace(/&[a-z]+;/g, ' ').replace(/[\\{}$%#&_^~]/g, ' ');

function recordedWorks(): Work[] {
  const works = new Map<string, Work>();
  for (const file of readdirSync(fixturePath('arxiv-atom')).filter((f) => f.endsWith('.atom.xml'))) {
    for (const [entry] of readFileSync(fixturePath('arxiv-atom', file), 'utf8').matchAll(/<entry>[\s\S]*?<\/entry>/g)) {
      const id = /abs\/(.+?)(v\d+)?$/.exec(tag(entry, 'id'))?.[1];
      if (!id || tag(entry, 'id').includes('/api/errors') || works.has(id)) continue;
      const title = latexSafe(tag(entry, 'title'));
      works.set(id, { key: `arxiv${works.size}`, kind: 'arxiv', sentences: splitSentences(latexSafe(tag(entry, 'summary')), 'paper'), bib: `title = {${title}},\n  eprint = {${id}},\n  archivePrefix = {arXiv}` });
    }
  }
  for (const [doi, file] of Object.entries(WORK_FIXTURE_BY_DOI)) {
    const work = (JSON.parse(readFileSync(fixturePath('crossref', file), 'utf8')) as { message: { title?: string[]; abstract?: string } }).message;
    const title = latexSafe(work.title?.[0] ?? '');
    const abstract = latexSafe((work.abstract ?? '').replace(/<[^>]+>/g, ' ').replace(/^\s*abstract/i, ''));
    works.set(doi, { key: `doi${works.size}`, kind: doi.startsWith('10.1101/') ? 'biorxiv' : 'doi', sentences: abstract.trim() ? splitSentences(abstract, 'paper') : [title], bib: `title = {${title}},\n  doi = {${doi}}` });
  }
  return [...works.values()].filter((w) => w.sentences.length > 0);
}

/** CITATIONS sentences, each citing one work, cycling over the works and their sentences. */
function writeProject(dir: string, works: Work[]): void {
  const body: string[] = [];
  for (let i = 0; i < CITATIONS; i++) {
    const work = works[i % works.length]!;
    const sentence = work.sentences[Math.floor(i / works.length) % work.sentences.length]!.replace(/[.!?]*\s*$/, '');
    body.push(`${sentence} \\cite{${work.key}}.${i % 5 === 4 ? '\n' : ''}`);
  }
  writeFileSync(join(dir, 'main.tex'), `\\documentclass{article}\n\\begin{document}\n${body.join('\n')}\n\\bibliography{refs}\n\\end{document}\n`);
  writeFileSync(join(dir, 'refs.bib'), works.map((w) => `@article{${w.key},\n  ${w.bib}\n}\n`).join('\n'));
}

/**
 * The round trips the network forces on a cold run: every lookup goes out at once, so the
 * bound is the longest chain of one work — arXiv's one id_list request (after the spacing it
 * imposes), a DOI at Crossref (then the bioRxiv API for a bioRxiv DOI), then its PDF, then GROBID
 * for a PDF that was served. Requests the code adds beyond these count against it.
 */
function physicalBound(works: Work[], pdfServed: (w: Work) => boolean): { ms: number; chain: string } {
  let best = { ms: 0, chain: 'none' };
  for (const work of works) {
    const lookup = work.kind === 'arxiv' ? LATENCY.arxiv : LATENCY.crossref + (work.kind === 'biorxiv' ? LATENCY.biorxiv : 0);
    const ms = lookup + LATENCY.pdf + (pdfServed(work) ? LATENCY.grobid : 0);
    const chain = `${work.kind} lookup → PDF${pdfServed(work) ? ' → GROBID' : ' (none served)'}`;
    if (ms > best.ms) best = { ms, chain };
  }
  return best;
}

/** The default fulltext.concurrency: PDF downloads queue in rounds of this many. */
const PDF_CONCURRENCY = 5;

/** The arXiv works' PDFs, asked after the one id_list answer, in rounds of PDF_CONCURRENCY. */
function pdfQueueBound(works: Work[]): number {
  const arxiv = works.filter((w) => w.kind === 'arxiv').length;
  return LATENCY.arxiv + Math.ceil(arxiv / PDF_CONCURRENCY) * LATENCY.pdf;
}

async function runAudit(
  standIn: StandIn,
  dir: string,
  home: string,
  cacheDir: string,
): Promise<{ ms: number; result: AuditJson; services: string }> {
  const from = standIn.requests.length;
  const env = { ...process.env, ...standInEnv(standIn), XDG_CACHE_HOME: home, CITEFINDER_CACHE_DIR: cacheDir, CITEFINDER_LLM_MODEL: '' };
  const started = performance.now();
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'audit', join(dir, 'main.tex'), '--json'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`citefinder audit exited with ${code}`))));
  });
  const ms = performance.now() - started;
  if (process.argv.includes('--log')) printTimeline(standIn.requests.slice(from), Date.now() - ms);
  return { ms, result: JSON.parse(out) as AuditJson, services: summarise(standIn.requests.slice(from).map((r) => r.service)) || 'none' };
}

/** Each request the run made, relative to the CLI's start (`--log`): where the time went. */
function printTimeline(requests: StandIn['requests'], startedAt: number): void {
  for (const r of requests) {
    const end = r.endAt === undefined ? '   …' : String(r.endAt - startedAt).padStart(5);
    console.log(`  ${String(r.at - startedAt).padStart(5)} → ${end} ${String(r.status ?? '').padEnd(3)} ${r.service} ${r.url.slice(0, 110)}`);
  }
}

function summarise(services: string[]): string {
  const counts = new Map<string, number>();
  for (const s of services) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${s}×${n}`).join(', ');
}

async function main(): Promise<void> {
  const standIn = await startStandIn({
    latency: { arxiv: LATENCY.arxiv, europepmc: LATENCY.europepmc, biorxiv: LATENCY.biorxiv, doi: LATENCY.doi, crossref: LATENCY.crossref,
      arxivBibtex: LATENCY.arxivBibtex, files: LATENCY.pdf, biorxivContent: LATENCY.pdf, medrxivContent: LATENCY.pdf },
    arxivSpacingMs: ARXIV_SPACING_MS,
    anyPreprintPdf: true,
  });
  installGrobid(standIn).setMode('slow', { slowMs: LATENCY.grobid });
  const home = mkdtempSync(join(tmpdir(), 'citefinder-bench-audit-'));
  const dir = mkdtempSync(join(home, 'project-'));
  const cacheDir = join(home, 'cache');
  try {
    const works = recordedWorks();
    writeProject(dir, works);
    const cold = await runAudit(standIn, dir, home, cacheDir);
    const bound = physicalBound(works, (w) => w.kind === 'biorxiv');
    console.log(`${cold.result.citations.length} citations of ${works.length} works (${works.filter((w) => w.kind === 'arxiv').length} arXiv, ${works.filter((w) => w.kind !== 'arxiv').length} DOI)`);
    console.log(`summary: ${JSON.stringify(cold.result.summary)}`);
    console.log(`first run: ${cold.ms.toFixed(0)} ms with process start-up; requests ${cold.services}`);
    console.log(`physical bound ${bound.ms} ms (${bound.chain}): first run ÷ bound = ${(cold.ms / bound.ms).toFixed(2)}`);
    const limited = pdfQueueBound(works);
    console.log(`with at most ${PDF_CONCURRENCY} PDF requests at a time (fulltext.concurrency): ${limited} ms: first run ÷ that = ${(cold.ms / limited).toFixed(2)}`);
    const warm = await runAudit(standIn, dir, home, cacheDir);
    console.log(`re-run, everything cached: ${warm.ms.toFixed(0)} ms (goal < 2000 ms); requests ${warm.services}`);
    const main = join(dir, 'main.tex');
    writeFileSync(main, readFileSync(main, 'utf8').replace(/^(\S+ \S+)/m, '$1 indeed'));
    const edited = await runAudit(standIn, dir, home, cacheDir);
    console.log(`re-run after editing one sentence: ${edited.ms.toFixed(0)} ms; requests ${edited.services}`);
  } finally {
    await standIn.close();
    rmSync(home, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
