// How long pdfjs reads a fixture PDF in a warm worker thread (best of three after one warm-up):
// the default user's reading time in the benches' physical bounds; and a JATS's parse, likewise.
import { readFileSync } from 'node:fs';
import { DEFAULT_SETTINGS } from '../../src/core/settings/index';
import { parseJatsOffThread, parseOptions, parsePdfOffThread, prewarmParseWorker } from '../../src/core/fulltext/parsePool';
import { fixturePath } from '../../test/standin/server';

export async function warmPdfjsParseMs(pdfName: string): Promise<number> {
  const bytes = new Uint8Array(readFileSync(fixturePath('pdf', pdfName)));
  prewarmParseWorker(DEFAULT_SETTINGS);
  return bestWarmMs(() => parsePdfOffThread(bytes, parseOptions(DEFAULT_SETTINGS)));
}

/** How long a fixture JATS takes to parse in a warm worker thread (best of three after one warm-up). */
export async function warmJatsParseMs(jatsName: string): Promise<number> {
  const xml = readFileSync(fixturePath('jats', jatsName), 'utf8');
  return bestWarmMs(() => parseJatsOffThread(xml, parseOptions(DEFAULT_SETTINGS)));
}

/** The best of three timed runs after one warm-up, in whole ms. */
async function bestWarmMs(parse: () => Promise<unknown>): Promise<number> {
  await parse();
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await parse();
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}
