// The made-up PDF a parse worker reads while a real one downloads (fulltext/pdfWarmup.ts): it only
// compiles what it walks, so pdf.js and the layout code must read it as they read a real paper.
import assert from 'node:assert/strict';
import { extractWithPdfjs } from '../../../../src/core/fulltext/pdfjs';
import { madeUpPdf } from '../../../../src/core/fulltext/pdfWarmup';

describe('the made-up PDF of the PDF warm-up', () => {
  it('is a two-column paper to the reader: numbered sections, body paragraphs, captions apart', async () => {
    const bytes = madeUpPdf();
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
  });

  it('is the same bytes each time (deterministic, no third-party text)', () => {
    assert.deepEqual(madeUpPdf(), madeUpPdf());
  });
});
