// The made-up PDF a parse worker reads while a real one downloads (fulltext/pdfWarmup.ts): it only
// compiles what it walks, so pdf.js and the layout code must read it as they read a real paper.
import assert from 'node:assert/strict';
import { extractWithPdfjs, warmupFonts } from '../../../../src/core/fulltext/pdfjs';
import { madeUpPdf } from '../../../../src/core/fulltext/pdfWarmup';

/** Reads as a paper does: numbered sections, body paragraphs, captions apart, no page furniture. */
async function assertReadsAsPaper(bytes: Uint8Array): Promise<void> {
  assert.equal(new TextDecoder().decode(bytes.slice(0, 8)), '%PDF-1.4');
  const document = await extractWithPdfjs(bytes);
  const heads = document.sections.map((section) => section.head);
  const paragraphs = document.sections.flatMap((section) => section.paragraphs);
  assert.ok(heads.filter((head) => /^\d\. \p{Lu}/u.test(head)).length >= 6, JSON.stringify(heads));
  assert.ok(paragraphs.length >= 8 && paragraphs.every((p) => p.sentences.length > 0), `${paragraphs.length} paragraphs`);
  assert.ok(document.captions.some((caption) => /^Figure 1\. \p{Lu}/u.test(caption)), JSON.stringify(document.captions));
  assert.ok(!paragraphs.some((p) => /Figure \d\./.test(p.text)), 'captions stay out of the body');
  // A running head and a page number per page: neither is read into a paragraph.
  assert.ok(!paragraphs.some((p) => /^\d+$/.test(p.text.trim())));
}

describe('the made-up PDF of the PDF warm-up', () => {
  it('is a two-column paper to the reader: numbered sections, body paragraphs, captions apart', async () => {
    await assertReadsAsPaper(madeUpPdf());
  });

  it('is the same bytes each time (deterministic, no third-party text)', () => {
    assert.deepEqual(madeUpPdf(), madeUpPdf());
  });

  it('embeds the CFF fonts pdfjs-dist ships, as papers embed theirs, and still reads as a paper', async () => {
    const fonts = warmupFonts();
    assert.ok(fonts, 'pdfjs-dist/standard_fonts holds FoxitSerif.pfb and FoxitSerifBold.pfb');
    // Bare CFF (major version 1, minor 0), whatever the file name says.
    assert.deepEqual([...fonts.regular.slice(0, 2)], [1, 0]);
    const embedded = madeUpPdf(fonts);
    const latin1 = Buffer.from(embedded).toString('latin1');
    assert.equal(latin1.match(/\/FontFile3 \d+ 0 R/g)?.length, 2);
    assert.ok(!/\/BaseFont \/Helvetica/.test(latin1));
    await assertReadsAsPaper(embedded);
  });
});
