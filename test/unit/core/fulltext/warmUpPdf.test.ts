// The made-up paper a new parse worker reads while the real PDFs download (warmUpPdf.ts): it must
// take the paths real papers take (two columns, headings, paragraphs, several standard fonts), or
// it warms nothing, and the reading of several must give way as soon as it is told to.
import assert from 'node:assert/strict';
import { readWarmUpPapers, warmUpPdf } from '../../../../src/core/fulltext/warmUpPdf';
import { extractWithPdfjs, readPages } from '../../../../src/core/fulltext/pdfjs';
import { bodyParagraphs } from '../../../../src/core/fulltext/model';

describe('the warm-up paper', function () {
  this.timeout(20_000); // pdfjs's first load on a loaded machine

  it('reads as a paper: title, numbered headings, paragraphs in two columns, in several fonts', async () => {
    const bytes = warmUpPdf(2);
    const pages = await readPages(bytes);
    assert.equal(pages.length, 2);
    const fonts = new Set(pages.flatMap((page) => page.runs.map((run) => run.font)));
    assert.ok(fonts.size >= 4, `${fonts.size} fonts`);
    const lefts = new Set(pages[1]!.runs.map((run) => Math.round(run.x)));
    assert.ok(lefts.has(54) && lefts.has(312), 'lines start in both columns');
    const document = await extractWithPdfjs(bytes);
    assert.equal(document.title, 'A study of models and methods for the analysis of data');
    const heads = document.sections.map((section) => section.head);
    assert.ok(heads.filter((head) => /^\d+\. /.test(head)).length >= 3, heads.join(' | '));
    const paragraphs = bodyParagraphs(document);
    assert.ok(paragraphs.length >= 10, `${paragraphs.length} paragraphs`);
    assert.deepEqual(warmUpPdf(2), bytes, 'the same bytes every time');
  });

  it('reads as many papers as asked, and stops when aborted', async () => {
    assert.equal(await readWarmUpPapers(2, new AbortController().signal), 2);
    const controller = new AbortController();
    assert.equal(await readWarmUpPapers(5, controller.signal, () => controller.abort()), 1);
    assert.equal(await readWarmUpPapers(5, AbortSignal.abort()), 0);
  });
});
