// A made-up PDF in the shape of a paper (two columns of body text, section headings, a caption,
// running heads and page numbers, a hyphenated line end), for a parse worker to read while a
// real PDF is on the network. A worker's first PDF runs pdfjs's parser and our layout code cold:
// the stand-in's bioRxiv PDF took 496 ms on a worker that had loaded pdfjs but read nothing, and
// 223 ms on one that had read it before (docs/measurements.md). The download takes hundreds of
// ms, so the compiling happens in time the user is waiting anyway.
// Every word is generated (text/madeUp.ts): no third-party text ships in the bundle. Papers embed
// their fonts, most as compact CFF (Type1C): with two CFF fonts embedded, the paths that parse them
// are compiled too. The fonts are pdfjs-dist's own (its standard_fonts folder), read by the worker.
import { deflateSync } from 'node:zlib';
import { madeUpSentence, madeUpWord } from '../text/madeUp';

/** Six pages, not two: the bioRxiv fixture's first parse after the warm-up, 268 against 335 ms (docs/measurements.md). */
const PAGES = 6;
const LINES_PER_COLUMN = 52;
const LEADING = 11.5;

/** A string as a PDF literal: the three characters PDF syntax reserves escaped. */
function literal(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** One line of text at (x, y) in the given font and size, its words kerned apart as TeX sets them (TJ). */
function line(font: 'F1' | 'F2', size: number, x: number, y: number, text: string): string {
  const kerned = text.split(' ').map(literal).join(' -250 ');
  return `BT /${font} ${size} Tf 1 0 0 1 ${x} ${y} Tm [${kerned}] TJ ET`;
}

/** A column of body lines; every 13th a heading, one caption, one word hyphenated across a line end. */
function column(page: number, side: number): string[] {
  const x = side === 0 ? 56 : 312;
  const out: string[] = [];
  for (let i = 0; i < LINES_PER_COLUMN; i++) {
    const y = 740 - i * LEADING;
    const seed = page * 211 + side * 101 + i;
    if (i % 13 === 0) out.push(line('F2', 11, x, y, `${(i / 13) + 1}. ${madeUpSentence(seed, 3).slice(0, -1)}`));
    else if (i === 30) out.push(line('F1', 8, x, y, `Figure ${page + 1}. ${madeUpSentence(seed, 6)}`));
    else {
      const text = madeUpSentence(seed, 7).slice(0, -1);
      out.push(line('F1', 9.5, x, y, i % 9 === 4 ? `${text} ${madeUpWord(seed).slice(0, 3)}-` : `${text},`));
    }
  }
  return out;
}

function pageContent(page: number): string {
  return [
    line('F1', 8, 56, 770, madeUpSentence(page, 5).slice(0, -1)),
    ...column(page, 0),
    ...column(page, 1),
    line('F1', 8, 300, 40, String(page + 1)),
  ].join('\n');
}

/** Two CFF font programs (Type1C) to embed as the body and heading fonts. */
export interface EmbeddedFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

/**
 * The PDF's bytes: catalog, page tree, two fonts (embedded when given, else two standard fonts
 * pdfjs draws from its own data), and per page its object and content stream.
 */
export function madeUpPdf(fonts?: EmbeddedFonts): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body); // its object number: they start at 1
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, written once the page numbers are known
  const font = (name: string, standard: string, program?: Uint8Array) => {
    if (!program) return add(`<< /Type /Font /Subtype /Type1 /BaseFont /${standard} /Encoding /WinAnsiEncoding >>`);
    const data = Buffer.from(program).toString('latin1');
    const file = add(`<< /Length ${data.length} /Subtype /Type1C >>\nstream\n${data}\nendstream`);
    const descriptor = add(
      `<< /Type /FontDescriptor /FontName /${name} /Flags 34 /FontBBox [-200 -300 1200 1000] /ItalicAngle 0 /Ascent 900 /Descent -250 /CapHeight 700 /StemV 80 /FontFile3 ${file} 0 R >>`,
    );
    return add(`<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding /FontDescriptor ${descriptor} 0 R >>`);
  };
  const regular = font('MADEUP+Serif', 'Helvetica', fonts?.regular);
  const bold = font('MADEUP+Serif-Bold', 'Helvetica-Bold', fonts?.bold);
  const kids: number[] = [];
  for (let page = 0; page < PAGES; page++) {
    // Deflated, as real PDFs' content streams are: pdfjs's inflate is on every real PDF's path.
    const content = deflateSync(Buffer.from(pageContent(page), 'latin1')).toString('latin1');
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} /Filter /FlateDecode >>\nstream\n${content}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${stream} 0 R >>`));
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(pdf, 'latin1');
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}
