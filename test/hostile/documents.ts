// Hostile documents, generated when a test or benchmark needs them (never committed): PDFs of
// plain text lines in Helvetica (one of the 14 standard fonts, so nothing is embedded), a PDF
// whose one content stream is a decompression bomb, and TEI with entity tricks or of any size.
import { createDeflate } from 'node:zlib';

const LINE_WORDS = ['the', 'measured', 'distance', 'modulus', 'of', 'each', 'supernova', 'agrees', 'with', 'an',
  'accelerating', 'expansion', 'while', 'the', 'light', 'curve', 'stretch', 'corrections', 'remain', 'small'];

/** A line of ordinary prose, different for every (page, line). */
export function proseLine(page: number, line: number, words = 12): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(LINE_WORDS[(page * 7 + line * 3 + i * 5) % LINE_WORDS.length]!);
  return out.join(' ');
}

/** `pages` pages of `linesPerPage` full lines each, evenly spaced: no indent, no short line, no gap. */
export function unbrokenTextPages(pages: number, linesPerPage = 48): string[][] {
  return Array.from({ length: pages }, (_, p) => Array.from({ length: linesPerPage }, (_, l) => proseLine(p, l)));
}

function escapePdfString(text: string): string {
  return text.replace(/[\\()]/g, '\\$&');
}

/** Content stream of one page: lines set 12 pt apart from the top, 10 pt Helvetica. */
function pageContent(lines: string[]): string {
  const body = lines.map((line, i) => `${i === 0 ? '' : 'T* '}(${escapePdfString(line)}) Tj`).join('\n');
  return `BT /F1 10 Tf 12 TL 72 740 Td\n${body}\nET\n`;
}

/** A PDF file from its objects (1-based, in order) with a correct cross-reference table. */
function assemble(objects: (string | Uint8Array)[]): Uint8Array {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const parts = typeof object === 'string' ? [Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1')]
      : [Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), Buffer.from(object), Buffer.from('\nendobj\n', 'latin1')];
    for (const part of parts) {
      chunks.push(part);
      length += part.length;
    }
  });
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)];
  chunks.push(Buffer.from(`${xref.join('\n')}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(chunks));
}

/** A PDF of text pages; `streams[i]` replaces page i's content stream object when given. */
export function textPdf(pages: string[][], streams: Map<number, Uint8Array> = new Map()): Uint8Array {
  // 1 catalog, 2 pages, 3 font, then per page: its page object and its content stream.
  const kids = pages.map((_, i) => `${4 + 2 * i} 0 R`).join(' ');
  const objects: (string | Uint8Array)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((lines, i) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`);
    const stream = streams.get(i);
    if (stream) objects.push(stream);
    else {
      const content = pageContent(lines);
      objects.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`);
    }
  });
  return assemble(objects);
}

/**
 * A PDF whose first page's content stream is `inflatedMb` MB of spaces after a valid text
 * operator, deflated to a few hundred KB: a decompression bomb. Built by streaming, so making it
 * never holds the inflated bytes.
 */
export async function decompressionBombPdf(inflatedMb: number): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  deflate.write(Buffer.from(pageContent(['A page whose content stream never ends.']), 'latin1'));
  const spaces = Buffer.alloc(1024 * 1024, ' ');
  for (let i = 0; i < inflatedMb; i++) {
    if (!deflate.write(spaces)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const data = Buffer.concat(compressed);
  const stream = Buffer.concat([
    Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
  const pages = unbrokenTextPages(3);
  return textPdf(pages, new Map([[0, new Uint8Array(stream)]]));
}

const TEI_HEAD = '<TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader><fileDesc><titleStmt><title>Generated</title></titleStmt></fileDesc></teiHeader><text><body>';
const TEI_TAIL = '</body></text></TEI>';

/** TEI whose DOCTYPE reads a local file into the text (XXE). */
export function xxeTei(path = '/etc/passwd'): string {
  return `<?xml version="1.0"?>\n<!DOCTYPE TEI [<!ENTITY xxe SYSTEM "file://${path}">]>\n${TEI_HEAD}<div><head>Intro</head><p>Leak: &xxe;</p></div>${TEI_TAIL}`;
}

/** TEI with the billion-laughs entity chain (10 levels of 10). */
export function billionLaughsTei(): string {
  const entities = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i <= 9; i++) entities.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  return `<?xml version="1.0"?>\n<!DOCTYPE TEI [${entities.join('')}]>\n${TEI_HEAD}<div><head>Intro</head><p>&lol9;</p></div>${TEI_TAIL}`;
}

/** Well-formed TEI of about `mb` MB: sections of ordinary paragraphs. */
export function largeTei(mb: number): string {
  const parts: string[] = [TEI_HEAD];
  let size = TEI_HEAD.length + TEI_TAIL.length;
  for (let section = 0; size < mb * 1024 * 1024; section++) {
    const paragraphs = Array.from({ length: 10 }, (_, p) => `<p>${Array.from({ length: 8 }, (_, l) => proseLine(section, p * 8 + l)).join('. ')}.</p>`);
    const div = `<div><head>${section + 1} Section</head>${paragraphs.join('')}</div>`;
    parts.push(div);
    size += div.length;
  }
  parts.push(TEI_TAIL);
  return parts.join('');
}
