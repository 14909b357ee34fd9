// Bibliography-check benchmark: `citefinder bib check --json` on generated .bib files of 500 and
// 2,000 entries naming works the stand-in has records for (every recorded arXiv entry and
// Crossref work, each entry with a user error or two), with the stand-in latencies of
// bench/pipeline.ts. Reports the time, the requests per service, the peak memory of the CLI
// process, and the physical bound: the round trips the network forces given each service's
// concurrency (arXiv: one id_list request per 100 ids, 3 s apart).
//
//   node dist/bench/bibcheck.js
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, standInEnv, type StandIn } from '../test/standin';
import { fixturePath } from '../test/standin/server';
import { WORK_FIXTURE_BY_DOI } from '../test/standin/crossref';

const LATENCY = { arxiv: 800, doi: 300, crossref: 300, biorxiv: 300 };
const ARXIV_SPACING_MS = 3000;
const CONCURRENT_ENTRIES = 8;
const CLI = join(__dirname, '..', 'cli.js');

const tag = (xml: string, name: string) => new RegExp(`<${name}[^>]*>([\\s\\S]*?)</${name}>`).exec(xml)?.[1]?.replace(/\s+/g, ' ').trim() ?? '';
const safe = (text: string) => text.replace(/&amp;/g, 'and').replace(/&[a-z]+;/g, ' ').replace(/[\\{}$%#&_^~]/g, ' ');

/** One .bib body per recorded work: arXiv eprints and Crossref DOIs. */
function recordedWorks(): { id: string; fields: string; kind: 'arxiv' | 'doi' }[] {
  const works = new Map<string, { id: string; fields: string; kind: 'arxiv' | 'doi' }>();
  for (const file of readdirSync(fixturePath('arxiv-atom')).filter((f) => f.endsWith('.atom.xml'))) {
    for (const [entry] of readFileSync(fixturePath('arxiv-atom', file), 'utf8').matchAll(/<entry>[\s\S]*?<\/entry>/g)) {
      const id = /abs\/(.+?)(v\d+)?$/.exec(tag(entry, 'id'))?.[1];
      if (!id || tag(entry, 'id').includes('/api/errors') || works.has(id)) continue;
      const year = tag(entry, 'published').slice(0, 4);
      works.set(id, { id, kind: 'arxiv', fields: `title = {${safe(tag(entry, 'title'))}},\n  year = {${Number(year) - 1}},\n  eprint = {${id}}` });
    }
  }
  for (const [doi, file] of Object.entries(WORK_FIXTURE_BY_DOI)) {
    const work = (JSON.parse(readFileSync(fixturePath('crossref', file), 'utf8')) as { message: { title?: string[] } }).message;
    works.set(doi, { id: doi, kind: 'doi', fields: `title = {${safe(work.title?.[0] ?? '')}},\n  doi = {${doi}}` });
  }
  return [...works.values()];
}

function writeBib(file: string, count: number, works: ReturnType<typeof recordedWorks>): void {
  const entries = Array.from({ length: count }, (_, i) => `@article{entry${i},\n  ${works[i % works.length]!.fields}\n}\n`);
  writeFileSync(file, entries.join('\n'));
}

async function runCheck(
  standIn: StandIn,
  file: string,
  home: string,
): Promise<{ ms: number; peakMb: number; summary: Record<string, number>; services: string }> {
  const from = standIn.requests.length;
  const env = { ...process.env, ...standInEnv(standIn), XDG_CACHE_HOME: home, CITEFINDER_CACHE_DIR: join(home, `cache-${Date.now()}`) };
  const started = performance.now();
  let peakKb = 0;
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'bib', 'check', file, '--json'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    const poll = setInterval(() => {
      try {
        const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
        if (hwm) peakKb = Math.max(peakKb, Number(hwm));
      } catch {
        // the process has just ended
      }
    }, 25);
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(poll);
      if (code === 0) resolve(text);
      else reject(new Error(`citefinder bib check exited with ${code}`));
    });
  });
  const counts = new Map<string, number>();
  for (const r of standIn.requests.slice(from)) counts.set(r.service, (counts.get(r.service) ?? 0) + 1);
  return {
    ms: performance.now() - started,
    peakMb: peakKb / 1024,
    summary: (JSON.parse(out) as { summary: Record<string, number> }).summary,
    services: [...counts].map(([s, n]) => `${s}×${n}`).join(', '),
  };
}

/**
 * What the network forces for `count` entries over these works, each distinct work asked once
 * (repeats are answered from the cache): arXiv's id_list requests spaced 3 s apart, then per
 * DOI a lookup and the authority's BibTeX, `CONCURRENT_ENTRIES` entries at a time.
 */
function bound(count: number, works: ReturnType<typeof recordedWorks>): number {
  const distinct = works.slice(0, Math.min(count, works.length));
  const arxivIds = distinct.filter((w) => w.kind === 'arxiv').length;
  const arxiv = arxivIds ? LATENCY.arxiv + (Math.ceil(arxivIds / 100) - 1) * ARXIV_SPACING_MS : 0;
  const dois = distinct.filter((w) => w.kind === 'doi').length;
  const doiRounds = Math.ceil(dois / CONCURRENT_ENTRIES) * (LATENCY.crossref + LATENCY.doi);
  return Math.max(arxiv + LATENCY.doi + LATENCY.crossref, doiRounds);
}

async function main(): Promise<void> {
  const standIn = await startStandIn({ latency: LATENCY, arxivSpacingMs: ARXIV_SPACING_MS });
  const home = mkdtempSync(join(tmpdir(), 'citefinder-bench-bib-'));
  try {
    const works = recordedWorks();
    for (const count of [500, 2000]) {
      const file = join(home, `refs-${count}.bib`);
      writeBib(file, count, works);
      const run = await runCheck(standIn, file, home);
      const floor = bound(count, works);
      console.log(`${count} entries over ${works.length} distinct works: ${run.ms.toFixed(0)} ms with process start-up, peak RSS ${run.peakMb.toFixed(0)} MB`);
      console.log(`  summary ${JSON.stringify(run.summary)}; requests ${run.services}`);
      console.log(`  physical bound ${floor} ms: ÷ bound = ${(run.ms / floor).toFixed(2)}`);
    }
  } finally {
    await standIn.close();
    rmSync(home, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
