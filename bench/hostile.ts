// Hostile-document benchmark: `citefinder score` as a CLI process on documents generated here
// (test/hostile/documents.ts; nothing committed), with the default settings, GROBID off so pdfjs
// reads the PDFs in its worker thread. Reports each run's wall time, exit code, what it said, and
// the process's peak resident memory (worker threads included; bench/rssHook.ts). Then Ctrl-C
// during a 200-page PDF: the time from SIGINT to the process's exit.
//   goals: every document handled in < 15 s and < 1,024 MB peak; Ctrl-C obeyed in < 1 s
// Usage: node dist/bench/hostile.js
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { billionLaughsTei, decompressionBombPdf, largeTei, textPdf, unbrokenTextPages, xxeTei } from '../test/hostile/documents';
import { fixturePath } from '../test/standin/server';
import { buildDocument } from '../src/core/fulltext/paragraphs';
import type { Line } from '../src/core/fulltext/layout';

const CLI = join(__dirname, '..', 'cli.js');
const HOOK = join(__dirname, 'rssHook.js');
const CLAIM = 'The measured distance modulus of each supernova agrees with an accelerating expansion.';
const GOAL_MS = 15_000;
const GOAL_MB = 1024;
const ENV = { CITEFINDER_GROBID_ENABLED: 'false', CITEFINDER_CACHE_ENABLED: 'false', CITEFINDER_LLM_MODEL: '' };

interface Outcome {
  ms: number;
  /** performance.now() when the process exited. */
  exitAt: number;
  code: number | null;
  maxRssMb: number;
  said: string;
}

function score(args: string[], env: Record<string, string>, dir: string, onStart?: (kill: () => number) => void): Promise<Outcome> {
  const rssFile = join(dir, `rss-${Math.random().toString(36).slice(2)}.json`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['-r', HOOK, CLI, 'score', '--claim', CLAIM, ...args], {
      env: { ...process.env, ...ENV, ...env, CITEFINDER_BENCH_RSS_FILE: rssFile },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    onStart?.(() => {
      child.kill('SIGINT');
      return performance.now();
    });
    child.on('exit', (code) => {
      const exitAt = performance.now();
      const ms = exitAt - started;
      let maxRssMb = NaN;
      try {
        maxRssMb = (JSON.parse(readFileSync(rssFile, 'utf8')) as { maxRssMb: number }).maxRssMb;
      } catch {
        // no figure when the process died before its exit handler ran
      }
      const said = stderr.split('\n').find((line) => line.startsWith('citefinder:') || line.startsWith('warning:')) ?? '';
      resolve({ ms, exitAt, code, maxRssMb, said });
    });
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'citefinder-bench-hostile-'));
  const file = (name: string, content: string | Uint8Array) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  try {
    const bomb = await decompressionBombPdf(400);
    const cases: [string, string[], Record<string, string>][] = [
      ['a real paper (SPECTER, 10 pages), for comparison', ['--pdf', fixturePath('pdf', 'acl2020-specter-cs.pdf')], {}],
      [`decompression bomb (${Math.round(bomb.byteLength / 1024)} KB → 400 MB)`, ['--pdf', file('bomb.pdf', bomb)], {}],
      ['2,000 pages without a paragraph break', ['--pdf', file('2000-pages.pdf', textPdf(unbrokenTextPages(2000)))], {}],
      ['2,000 pages, page and text limits lifted', ['--pdf', join(dir, '2000-pages.pdf')], { CITEFINDER_FULLTEXT_MAXPAGES: '10000', CITEFINDER_FULLTEXT_MAXTEXTCHARS: '100000000' }],
      ['TEI with an external entity (XXE)', ['--tei', file('xxe.tei.xml', xxeTei())], {}],
      ['TEI with the billion laughs', ['--tei', file('lol.tei.xml', billionLaughsTei())], {}],
      ['50 MB TEI', ['--tei', file('50mb.tei.xml', largeTei(50))], {}],
      ['50 MB TEI, size limit lifted to 64 MB', ['--tei', join(dir, '50mb.tei.xml')], { CITEFINDER_HTTP_MAXRESPONSEMB: '64' }],
    ];
    let worstMs = 0;
    let worstMb = 0;
    for (const [name, args, env] of cases) {
      const outcome = await score(args, env, dir);
      worstMs = Math.max(worstMs, outcome.ms);
      worstMb = Math.max(worstMb, outcome.maxRssMb || 0);
      console.log(`${name}\n  ${(outcome.ms / 1000).toFixed(2)} s, exit ${outcome.code}, peak ${outcome.maxRssMb.toFixed(0)} MB` +
        `${outcome.said ? `\n  ${outcome.said.slice(0, 200)}` : ''}`);
    }

    // Ctrl-C while the 2,000 pages are being read (limits lifted, so the reading lasts seconds).
    let sentAt = 0;
    const lifted = { CITEFINDER_FULLTEXT_MAXPAGES: '10000', CITEFINDER_FULLTEXT_MAXTEXTCHARS: '100000000' };
    const cancelled = await score(['--pdf', join(dir, '2000-pages.pdf')], lifted, dir, (kill) => {
      setTimeout(() => (sentAt = kill()), 1500);
    });
    const afterSigint = sentAt ? cancelled.exitAt - sentAt : NaN;
    console.log(`Ctrl-C 1.5 s into reading the 2,000 pages\n  exit ${cancelled.code} ${(afterSigint / 1000).toFixed(2)} s after SIGINT (process ran ${(cancelled.ms / 1000).toFixed(2)} s)`);
    paragraphAssembly();

    console.log(`\nworst hostile document: ${(worstMs / 1000).toFixed(2)} s (goal < ${GOAL_MS / 1000} s), peak ${worstMb.toFixed(0)} MB (goal < ${GOAL_MB} MB); ` +
      `Ctrl-C obeyed in ${(afterSigint / 1000).toFixed(2)} s (goal < 1 s)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lines → paragraphs for pages without a single break, on the main thread, no pdfjs involved. */
function paragraphAssembly(): void {
  const times = [100, 400, 2000].map((pages) => {
    const lines: Line[] = unbrokenTextPages(pages).flatMap((page, p) =>
      page.map((text, l) => ({ page: p + 1, text, x0: 72, x1: 540, y: 740 - 12 * l, size: 10, font: 'F1', fontShare: 1, column: 'full' as const, pageHeight: 792 })));
    const started = performance.now();
    buildDocument(lines);
    return `${pages} pages ${(performance.now() - started).toFixed(0)} ms`;
  });
  console.log(`paragraph assembly of pages without a break (linear): ${times.join(', ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
