// The first PDF a new process reads, as the CLI reads one: each of N new processes starts a parse
// worker as a PDF request leaves (the worker reads the made-up PDF of fulltext/pdfWarmup.ts
// meanwhile), waits the download's latency, then parses the stand-in's bioRxiv PDF. Beside it, the
// same PDF in a warm worker (best of three), the reading time the pipeline bench's bound allows.
//
//   node dist/bench/firstParse.js [--processes N] [--download MS]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_SETTINGS } from '../src/core/settings/index';
import { parseOptions, parsePdfOffThread, prewarmParseWorker } from '../src/core/fulltext/parsePool';
import { RXIV_STAND_IN_PDF } from '../test/standin/files';
import { fixturePath } from '../test/standin/server';
import { warmPdfjsParseMs } from './lib/pdfjsParse';
import { median as medianOf } from './lib/median';

const { values } = parseArgs({
  options: { processes: { type: 'string', default: '9' }, download: { type: 'string', default: '500' }, child: { type: 'boolean' } },
});
const downloadMs = Number(values.download);

/** In a child: the worker starts as the request leaves; the PDF is parsed when it has "arrived". */
async function child(): Promise<void> {
  const bytes = new Uint8Array(readFileSync(fixturePath('pdf', RXIV_STAND_IN_PDF)));
  prewarmParseWorker(DEFAULT_SETTINGS);
  await new Promise((resolve) => setTimeout(resolve, downloadMs));
  const started = performance.now();
  await parsePdfOffThread(bytes, parseOptions(DEFAULT_SETTINGS));
  console.log(Math.round(performance.now() - started));
  process.exit(0);
}

async function main(): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < Number(values.processes); i++) {
    const run = spawnSync(process.execPath, [__filename, '--child', '--download', String(downloadMs)], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`child process failed: ${run.stderr}`);
    times.push(Number(run.stdout.trim()));
  }
  times.sort((a, b) => a - b);
  const median = medianOf(times);
  const warm = await warmPdfjsParseMs(RXIV_STAND_IN_PDF);
  console.log(`${RXIV_STAND_IN_PDF}, parsed ${downloadMs} ms after its worker started, in ${times.length} new processes: median ${median} ms (${times.join(', ')})`);
  console.log(`the same PDF in a warm worker (best of three): ${warm} ms; first parse ÷ warm: ${(median / warm).toFixed(2)}`);
  process.exit(0);
}

void (values.child ? child() : main());
