// A small paper-like PDF made here, for a new parse worker to read while the real PDFs are still
// on the network. A fresh worker reads its first paper 2-3 times slower than its later ones: V8
// has yet to compile pdfjs's hot paths (content streams, fonts, text runs) and our layout code.
// Reading this first, in the otherwise idle wait for the download, moves most of that cost off
// the path of the first real paper. It is built, not shipped: the 14 standard fonts pdfjs reads
// from its own package (Type1 and TrueType programs), two columns, headings and paragraphs set as
// papers set them (runs split by kerning and font changes), each page's content deflated.
import { deflateSync } from 'node:zlib';
import { extractWithPdfjs } from './pdfjs';

const WORDS = ('the of and to in a is that for with as on by this we are from be an at which results were model data ' +
  'these study patients not or analysis between using was have it has can their all more than also our two been used one ' +
  'other high time both may each such into its only after over well most effect level method methods group cells during ' +
  'found shown different first significant across within those number based while however new under further').split(' ');

const FONTS = { F1: 'Times-Roman', F2: 'Times-Bold', F3: 'Helvetica-Bold', F4: 'Times-Italic', F5: 'Helvetica' };

/** Words drawn from a fixed sequence (a linear congruential generator): the same PDF every time. */
function words(seed: number, count: number): string[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return WORDS[state % WORDS.length]!;
  });
}

function escape(text: string): string {
  return text.replace(/[\\()]/g, '\\$&');
}

function pageContent(page: number): string {
  const ops: string[] = [];
  const show = (font: string, size: number, x: number, y: number, text: string) =>
    ops.push(`BT /${font} ${size} Tf 1 0 0 1 ${x} ${y} Tm (${escape(text)}) Tj ET`);
  if (page === 0) {
    show('F2', 16, 72, 740, 'A study of models and methods for the analysis of data');
    show('F5', 10, 72, 720, 'First Author, Second Author, University of Somewhere');
  }
  for (const [column, x] of [[0, 54], [1, 312]] as const) {
    let y = page === 0 ? 690 : 740;
    let line = 1 + page * 7 + column * 3;
    while (y > 70) {
      if (line % 5 === 0) {
        show('F3', 10, x, y, `${line}. ${words(line, 3).join(' ')}`);
        y -= 16;
      }
      const [a, b, c] = [0, 4, 8].map((start) => words(line * 31, 11).slice(start, start + 4).join(' '));
      ops.push(`BT /F1 9 Tf 1 0 0 1 ${x} ${y} Tm [(${escape(a!)}) -250 (${escape(b!)})] TJ /F4 9 Tf ( ${escape(c!)}) Tj ET`);
      y -= 11;
      line++;
      if (line % 7 === 0) y -= 6; // a paragraph break
    }
  }
  return ops.join('\n');
}

/** The PDF's bytes: `pages` pages, the first with a title and authors. */
export function warmUpPdf(pages: number): Uint8Array {
  const objects: (string | Buffer)[] = ['', '']; // 1 catalog, 2 pages: written once the kids are known
  const add = (object: string | Buffer) => objects.push(object);
  const fontRefs = Object.entries(FONTS).map(([name, base]) =>
    `/${name} ${add(`<< /Type /Font /Subtype /Type1 /BaseFont /${base} /Encoding /WinAnsiEncoding >>`)} 0 R`);
  const resources = `<< /Font << ${fontRefs.join(' ')} >> >>`;
  const kids: number[] = [];
  for (let page = 0; page < pages; page++) {
    const data = deflateSync(Buffer.from(pageContent(page), 'latin1'));
    const content = add(Buffer.concat([Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`), data, Buffer.from('\nendstream')]));
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${content} 0 R >>`));
  }
  objects[0] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets = objects.map((object, index) => {
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), Buffer.from(object), Buffer.from('\nendobj\n', 'latin1')]);
    chunks.push(chunk);
    length += chunk.length;
    return length - chunk.length;
  });
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)];
  chunks.push(Buffer.from(`${xref.join('\n')}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Pages of each warm-up paper: short, so that a real document never waits long behind one. */
const WARM_UP_PAGES = 2;

/**
 * Reads up to `documents` warm-up papers one after another, giving the event loop a turn between
 * them (pdfjs answers itself in microtasks, so a real document's message gets in only there) and
 * stopping at the next page once `signal` aborts. Resolves with how many were read; never throws.
 */
export async function readWarmUpPapers(documents: number, signal: AbortSignal, onRead?: (count: number) => void): Promise<number> {
  let read = 0;
  try {
    const bytes = warmUpPdf(WARM_UP_PAGES);
    while (read < documents && !signal.aborted) {
      await extractWithPdfjs(bytes, { signal });
      read++;
      onRead?.(read);
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch {
    // Stopped by a real document, or pdfjs failed to load: the real reading says so.
  }
  return read;
}
