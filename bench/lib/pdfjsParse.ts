// How long pdfjs reads a fixture PDF in a warm worker thread (best of three after one warm-up):
// the default user's reading time in the benches' physical bounds; and a JATS's parse, likewise.
import { readFileSync } from 'node:fs';
import { DEFAULT_SETTINGS } from '../../src/core/settings/index';
import { parseJatsOffThread, parseOptions, parsePdfOffThread, prewarmParseWorker } from '../../src/core/fulltext/parsePool';
import { fixturePath } from '../../test/standin/server';

export async function warmPdfjsParseMs(pdfName: string): Promise<number> {
  const bytes = new Uint8Array(readFileSync(fixturePath('pdf', pdfName)));
  const options = parseOptions(DEFAULT_SETTINGS);
  prewarmParseWorker(DEFAULT_SETTINGS);
  await parsePdfOffThread(bytes, options);
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await parsePdfOffThread(bytes, options);
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}

/** How long a fixture JATS takes to parse in a warm worker thread (best of three after one warm-up). */
export async function warmJatsParseMs(jatsName: string): Promise<number> {
  const xml = readFileSync(fixturePath('jats', jatsName), 'utf8');
  const options = parseOptions(DEFAULT_SETTINGS);
  await parseJatsOffThread(xml, options);
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await parseJatsOffThread(xml, options);
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}
