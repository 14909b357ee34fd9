// Audit benchmark: `citefinder audit --json` on a generated 100-citation project whose .bib names
// works the stand-in has records for (every recorded arXiv entry and Crossref work), with the
// stand-in latencies of bench/pipeline.ts (Crossref as doi.org's). It reports the first run (time,
// requests per service, and the physical bound: the round trips the network and the services'
// etiquette force, bench/lib/auditBound.ts; beside it the bound of asking Crossref one DOI a
// request, as citefinder did before the audit's crossrefBatch.ts), the re-run with everything
// cached (goal < 2 s), and a re-run after one sentence was edited.
// Usage: node dist/bench/audit.js [--setup default|grobid] [--all-pdfs] [--log] [--cpu-prof]
// (--log prints each run's requests with their times; --cpu-prof profiles each CLI run).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, standInEnv, type StandIn } from '../test/standin';
import { fixturePath } from '../test/standin/server';
import { CROSSREF_ANNOUNCED_CONCURRENCY, WORK_FIXTURE_BY_DOI } from '../test/standin/crossref';
import { installGrobid } from '../test/standin/grobid';
import { ARXIV_PDF_BY_ID, RXIV_STAND_IN_PDF } from '../test/standin/files';
import { closedPort } from '../test/helpers/ports';
import { warmPdfjsParseMs } from './lib/pdfjsParse';
import { splitSentences } from '../src/core/text/sentences';
import { auditBound, type BoundWork } from './lib/auditBound';

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
  /** arXiv id, or the DOI. */
  id: string;
  /** Its authority's record has an abstract. */
  hasAbstract: boolean;
  /** Another DOI whose Crossref record tells its trust: an arXiv entry's journal DOI, a preprint's published version. */
  journalDoi?: string;
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
      const journalDoi = tag(entry, 'arxiv:doi').toLowerCase() || undefined;
      works.set(id, { key: `arxiv${works.size}`, kind: 'arxiv', id, hasAbstract: true, journalDoi, sentences: splitSentences(latexSafe(tag(entry, 'summary')), 'paper'), bib: `title = {${title}},\n  eprint = {${id}},\n  archivePrefix = {arXiv}` });
    }
  }
  for (const [doi, file] of Object.entries(WORK_FIXTURE_BY_DOI)) {
    type Message = { title?: string[]; abstract?: string; relation?: Record<string, { id: string }[]> };
    const work = (JSON.parse(readFileSync(fixturePath('crossref', file), 'utf8')) as { message: Message }).message;
    const title = latexSafe(work.title?.[0] ?? '');
    const abstract = latexSafe((work.abstract ?? '').replace(/<[^>]+>/g, ' ').replace(/^\s*abstract/i, ''));
    const kind = doi.startsWith('10.1101/') ? 'biorxiv' : 'doi';
    const journalDoi = work.relation?.['is-preprint-of']?.[0]?.id.toLowerCase();
    works.set(doi, { key: `doi${works.size}`, kind, id: doi, hasAbstract: abstract.trim() !== '', journalDoi, sentences: abstract.trim() ? splitSentences(abstract, 'paper') : [title], bib: `title = {${title}},\n  doi = {${doi}}` });
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

/** arXiv ids by the journal DOI their entry names (`<arxiv:doi>`), in the recorded feeds. */
function arxivVersionsByDoi(): Map<string, string> {
  const byDoi = new Map<string, string>();
  for (const file of readdirSync(fixturePath('arxiv-atom')).filter((f) => f.endsWith('.atom.xml'))) {
    for (const [entry] of readFileSync(fixturePath('arxiv-atom', file), 'utf8').matchAll(/<entry>[\s\S]*?<\/entry>/g)) {
      const id = /abs\/(.+?)(v\d+)?$/.exec(tag(entry, 'id'))?.[1];
      const doi = tag(entry, 'arxiv:doi').toLowerCase();
      if (id && doi) byDoi.set(doi, id);
    }
  }
  return byDoi;
}

/**
 * What each work costs the network on a cold run (bench/lib/auditBound.ts): arXiv works resolve
 * with the one id_list request and have a PDF link; a DOI at Crossref (then the bioRxiv API, whose
 * preprints have a PDF the stand-in serves); a DOI work with neither abstract nor PDF is read
 * through its arXiv version, and one without a PDF is asked of Europe PMC. A PDF is served when
 * the stand-in holds it, and then read by GROBID.
 */
function boundWorks(works: Work[], readingMs: (pdf: string) => number): BoundWork[] {
  const versions = arxivVersionsByDoi();
  const arxivReading = (id: string) => {
    const pdf = ARXIV_PDF_BY_ID[id] ?? (ALL_PDFS ? STAND_IN_ARXIV_PDF : undefined);
    return pdf ? readingMs(pdf) : undefined;
  };
  return works.map((work) => {
    if (work.kind === 'arxiv') return { label: 'arXiv', resolvedMs: LATENCY.arxiv, hasPdf: true, readingMs: arxivReading(work.id), needsArxivVersion: false };
    const biorxiv = work.kind === 'biorxiv';
    const version = versions.get(work.id.toLowerCase());
    return {
      label: biorxiv ? 'bioRxiv' : 'DOI',
      resolvedMs: LATENCY.crossref + (biorxiv ? LATENCY.biorxiv : 0),
      hasPdf: biorxiv,
      readingMs: biorxiv ? readingMs(RXIV_STAND_IN_PDF) : undefined,
      needsArxivVersion: !biorxiv && !work.hasAbstract,
      version: version ? { hasPdf: true, readingMs: arxivReading(version) } : undefined,
      // The stand-in serves no PDF of a journal DOI: its full text is looked for at Europe PMC.
      asksEuropePmc: !biorxiv,
    };
  });
}

/**
 * When each DOI a one-DOI-a-request plan asks Crossref about is known: a .bib DOI at once; an arXiv
 * entry's journal DOI with the id_list answer; a preprint's published version after its record.
 */
function crossrefDoisReady(works: Work[]): number[] {
  const ready = new Map<string, number>();
  const at = (doi: string, ms: number) => ready.set(doi, Math.min(ready.get(doi) ?? Infinity, ms));
  for (const work of works) {
    if (work.kind !== 'arxiv') at(work.id.toLowerCase(), 0);
    if (work.journalDoi) at(work.journalDoi, work.kind === 'arxiv' ? LATENCY.arxiv : LATENCY.crossref);
  }
  return [...ready.values()];
}

/** How long pdfjs reads each PDF the stand-in serves, in a warm worker (best of 3): the default user's reading. */
async function measurePdfjsParses(): Promise<Map<string, number>> {
  const parses = new Map<string, number>();
  for (const name of [RXIV_STAND_IN_PDF, ...Object.values(ARXIV_PDF_BY_ID)]) parses.set(name, await warmPdfjsParseMs(name));
  return parses;
}

/** The default fulltext.concurrency: at most this many PDF downloads at once, whatever their host. */
const PDF_CONCURRENCY = 5;
/** The default grobid.concurrency; pdfjs reads on min(4, cores) worker threads (fulltext/parsePool.ts). */
const GROBID_CONCURRENCY = 5;
const PARSE_WORKERS = Math.max(1, Math.min(4, availableParallelism()));

/**
 * `--all-pdfs`: the stand-in serves a PDF for every arXiv work, as arXiv would (the one recorded
 * arXiv PDF, that of 1805.02262, stands in for the papers whose PDF is not recorded), so the
 * readings of a real audit are measured too. Without it only two PDFs are served.
 */
const ALL_PDFS = process.argv.includes('--all-pdfs');
const STAND_IN_ARXIV_PDF = ARXIV_PDF_BY_ID['1805.02262']!;

function serveEveryArxivPdf(standIn: StandIn): void {
  const real = standIn.handlerOf('files')!;
  const pdf = readFileSync(fixturePath('pdf', STAND_IN_ARXIV_PDF));
  standIn.handle('files', (req, res) => {
    if (!/^\/arxiv\/pdf\//.test(req.path)) return real(req, res);
    res.writeHead(200, { 'content-type': 'application/pdf' });
    // Each paper its own bytes (a comment after %%EOF): a reading cached by the PDF's hash must not
    // stand in for the next paper's.
    res.end(Buffer.concat([pdf, Buffer.from(`\n% stand-in for ${req.path}\n`)]));
  });
}

async function runAudit(
  standIn: StandIn,
  dir: string,
  home: string,
  setupEnv: Partial<Record<string, string>>,
): Promise<{ ms: number; result: AuditJson; services: string }> {
  const from = standIn.requests.length;
  const env = { ...process.env, ...standInEnv(standIn), XDG_CACHE_HOME: home, CITEFINDER_CACHE_DIR: join(home, 'cache'), CITEFINDER_LLM_MODEL: '', ...setupEnv };
  const started = performance.now();
  const out = await new Promise<string>((resolve, reject) => {
    // --cpu-prof: each CLI process writes its CPU profile to the working directory.
    const profile = process.argv.includes('--cpu-prof') ? ['--cpu-prof'] : [];
    const child = spawn(process.execPath, [...profile, CLI, 'audit', join(dir, 'main.tex'), '--json'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`citefinder audit exited with ${code}`))));
  });
  const ms = performance.now() - started;
  if (process.argv.includes('--log')) printTimeline(standIn.requests.slice(from), Date.now() - Math.round(ms));
  const requests = standIn.requests.slice(from);
  const repeated = requests.length - new Set(requests.map((r) => `${r.method} ${r.url} ${r.body.length}:${r.body.slice(0, 2000)}`)).size;
  const services = (summarise(requests.map((r) => r.service)) || 'none') + (repeated ? ` (${repeated} asked again)` : '');
  return { ms, result: JSON.parse(out) as AuditJson, services };
}

/** Each request the run made, relative to the CLI's start (`--log`): where the time went. */
function printTimeline(requests: StandIn['requests'], startedAt: number): void {
  for (const r of requests) {
    const end = r.endAt === undefined ? '    …' : String(r.endAt - startedAt).padStart(5);
    console.log(`  ${String(r.at - startedAt).padStart(5)} → ${end} ${String(r.status ?? '').padEnd(3)} ${r.service} ${r.url.slice(0, 110)}`);
  }
}

function summarise(services: string[]): string {
  const counts = new Map<string, number>();
  for (const s of services) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${s}×${n}`).join(', ');
}

/**
 * The default user (no GROBID: its port refuses at once, pdfjs reads the PDFs) and the GROBID
 * user (GROBID_MS a paper), each with a fresh cache; `--setup default|grobid` runs one.
 */
async function main(): Promise<void> {
  const only = process.argv.find((a, i) => process.argv[i - 1] === '--setup');
  const standIn = await startStandIn({
    latency: { arxiv: LATENCY.arxiv, europepmc: LATENCY.europepmc, biorxiv: LATENCY.biorxiv, doi: LATENCY.doi, crossref: LATENCY.crossref,
      arxivBibtex: LATENCY.arxivBibtex, files: LATENCY.pdf, biorxivContent: LATENCY.pdf, medrxivContent: LATENCY.pdf },
    arxivSpacingMs: ARXIV_SPACING_MS,
    anyPreprintPdf: true,
  });
  installGrobid(standIn).setMode('slow', { slowMs: LATENCY.grobid });
  if (ALL_PDFS) serveEveryArxivPdf(standIn);
  const works = recordedWorks();
  const parses = await measurePdfjsParses();
  console.log(`${works.length} works (${works.filter((w) => w.kind === 'arxiv').length} arXiv, ${works.filter((w) => w.kind !== 'arxiv').length} DOI); ` +
    `pdfjs reads the served PDFs in ${[...parses].map(([name, ms]) => `${ms} ms (${name})`).join(', ')} in a warm worker`);
  const setups: Setup[] = [
    { name: 'default', env: { CITEFINDER_GROBID_URL: `http://127.0.0.1:${await closedPort()}` }, readingMs: (pdf: string) => parses.get(pdf)!, readers: PARSE_WORKERS },
    { name: 'grobid', env: {}, readingMs: () => LATENCY.grobid, readers: GROBID_CONCURRENCY },
  ].filter((s) => !only || s.name === only);
  try {
    for (const setup of setups) {
      const home = mkdtempSync(join(tmpdir(), 'citefinder-bench-audit-'));
      try {
        await arxivQuiet(standIn);
        console.log(`\n--- ${setup.name === 'default' ? 'default user: no GROBID (refused at once), pdfjs' : `GROBID user: ${LATENCY.grobid} ms a paper`}`);
        await runSetup(standIn, home, works, setup);
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    }
  } finally {
    await standIn.close();
  }
}

/** A fresh cache starts with no arXiv timetable: wait until the stand-in's arXiv would take a request. */
async function arxivQuiet(standIn: StandIn): Promise<void> {
  const last = standIn.requests.filter((r) => r.service === 'arxiv').at(-1);
  const wait = last ? last.at + ARXIV_SPACING_MS + 100 - Date.now() : 0;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

interface Setup {
  name: string;
  env: Partial<Record<string, string>>;
  /** How long reading each served PDF takes (pdfjs measured, or GROBID's latency). */
  readingMs: (pdf: string) => number;
  /** How many PDFs are read at once: pdfjs's worker threads, or grobid.concurrency. */
  readers: number;
}

async function runSetup(standIn: StandIn, home: string, works: Work[], setup: Setup): Promise<void> {
  const dir = mkdtempSync(join(home, 'project-'));
  writeProject(dir, works);
  const cold = await runAudit(standIn, dir, home, setup.env);
  const limits = { arxivSpacingMs: ARXIV_SPACING_MS, pdfConcurrency: PDF_CONCURRENCY, readingConcurrency: setup.readers };
  const costs = boundWorks(works, setup.readingMs);
  const bound = auditBound(costs, LATENCY, limits);
  console.log(`${cold.result.citations.length} citations; summary: ${JSON.stringify(cold.result.summary)}`);
  console.log(`first run: ${cold.ms.toFixed(0)} ms with process start-up; requests ${cold.services}`);
  const ratio = (cold.ms / bound.ms).toFixed(2);
  console.log(`physical bound ${bound.ms} ms (${bound.chain}): first run ÷ bound = ${ratio} (goal ≤ 1.3)`);
  const crossrefOnePerDoi = { readyMs: crossrefDoisReady(works), latencyMs: LATENCY.crossref, concurrency: CROSSREF_ANNOUNCED_CONCURRENCY };
  const perDoi = auditBound(costs, LATENCY, { ...limits, crossrefOnePerDoi });
  console.log(`(asking Crossref one DOI a request, as citefinder did before crossrefBatch.ts: ${perDoi.ms} ms, ${perDoi.chain}; first run ÷ that = ${(cold.ms / perDoi.ms).toFixed(2)})`);
  const unlimited = { arxivSpacingMs: 0, pdfConcurrency: Infinity, readingConcurrency: Infinity };
  const unpaced = auditBound(costs, LATENCY, unlimited);
  console.log(`(were arXiv's spacing and the PDF and reading queues no limit: ${unpaced.ms} ms, ${unpaced.chain})`);
  const warm = await runAudit(standIn, dir, home, setup.env);
  console.log(`re-run, everything cached: ${warm.ms.toFixed(0)} ms (goal < 2000 ms); requests ${warm.services}`);
  const main = join(dir, 'main.tex');
  writeFileSync(main, readFileSync(main, 'utf8').replace(/^(\S+ \S+)/m, '$1 indeed'));
  const edited = await runAudit(standIn, dir, home, setup.env);
  console.log(`re-run after editing one sentence: ${edited.ms.toFixed(0)} ms; requests ${edited.services}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
