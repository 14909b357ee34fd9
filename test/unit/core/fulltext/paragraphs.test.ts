// buildDocument on lines recorded from a real PDF (pdfjs text items → pageLines, printed as
// [page height, page, column, x0, x1, y, size, font, font share, text]) whose licence keeps the
// PDF itself out of test/fixtures: Chinese Medical Journal 2017, doi:10.4103/0366-6999.209897
// (CC BY-NC-SA 3.0); a few lines, as found by the pdfjs reader. It came with GROBID's TEI in a
// public test suite (kermitt2/grobid_client_python).
import assert from 'node:assert/strict';
import type { Column, Line } from '../../../../src/core/fulltext/layout';
import { buildDocument } from '../../../../src/core/fulltext/paragraphs';
import { bodyParagraphs } from '../../../../src/core/fulltext/model';

type Recorded = [number, number, Column, number, number, number, number, string, number, string];

function lines(recorded: Recorded[]): Line[] {
  return recorded.map(([pageHeight, page, column, x0, x1, y, size, font, fontShare, text]) => ({
    page, column, x0, x1, y, size, font, fontShare, text, pageHeight,
  }));
}

describe('pdfjs paragraphs from recorded lines', () => {
  it('reads a justified body line set in a font object of its own as prose, not as a heading', () => {
    // Chinese Medical Journal p. 3: "Mean VAS score of all patients included was 4.66 ± 3.56."
    // is set in font f5, the body in f1 (the same face); it filled the measure and was taken for
    // a heading, cutting the paragraph and moving the gold sentence under a section of its own.
    const document = buildDocument(lines(CMJ_RESULTS));
    assert.deepEqual(document.sections.map((s) => s.head), ['Clinical characteristics']);
    const paragraphs = bodyParagraphs(document).map((p) => p.paragraph.text);
    assert.equal(paragraphs.length, 2);
    assert.match(paragraphs[1]!, /^Mean VAS score of all patients included was 4\.66 ± 3\.56\. Mean VAS scores of all groups are presented in Table 1\./);
    assert.match(paragraphs[1]!, /Mean SFN-SIQ score of all patients/); // a non-breaking hyphen (U+2011) read as "-"
  });
});

const CMJ_RESULTS: Recorded[] = [
    [807.9, 3, 'left', 53.8, 92.0, 412.2, 14.0, 'f4', 1.00, "results"],
    [807.9, 3, 'left', 53.8, 153.5, 396.0, 11.0, 'f3', 1.00, "Clinical characteristics"],
    [807.9, 3, 'left', 53.8, 288.6, 383.8, 10.0, 'f1', 1.00, "All patients presented with a disturbance in pinprick sensation,"],
    [807.9, 3, 'left', 53.8, 288.5, 371.6, 10.0, 'f5', 1.00, "temperature sensation, and/or allodynia or hyperalgesia, which"],
    [807.9, 3, 'left', 53.8, 280.5, 359.5, 10.0, 'f1', 1.00, "was in accordance with the clinical manifestations of SFN."],
    [807.9, 3, 'left', 53.8, 288.5, 341.6, 10.0, 'f5', 1.00, "Mean VAS score of all patients included was 4.66 ± 3.56."],
    [807.9, 3, 'left', 53.8, 288.5, 329.4, 10.0, 'f1', 1.00, "Mean VAS scores of all groups are presented in Table 1."],
    [807.9, 3, 'left', 53.8, 288.5, 317.3, 10.0, 'f5', 1.00, "No significant differences in VAS scores were revealed"],
    [807.9, 3, 'left', 53.8, 288.5, 305.1, 10.0, 'f1', 0.95, "among the three groups ( χ 2 = 2.102, P = 0.350). Mean"],
    [807.9, 3, 'left', 53.8, 288.5, 292.9, 10.0, 'f5', 1.00, "SFN‑SIQ score of all patients included was 5.74 ± 2.42."],
    [807.9, 3, 'left', 53.8, 288.5, 280.7, 10.0, 'f1', 1.00, "Mean SFN‑SIQ scores for all groups were also presented in"],
    [807.9, 3, 'left', 53.8, 288.4, 268.5, 10.0, 'f5', 0.90, "Table 1. The mean SFN‑SIQ score was significantly different"],
    [807.9, 3, 'left', 53.8, 288.5, 256.4, 10.0, 'f1', 0.96, "among the three groups (F = 14.433, P < 0.001). The mean"],
    [807.9, 3, 'left', 53.8, 288.5, 244.2, 10.0, 'f5', 0.83, "SFN‑SIQ score was significantly increased (P < 0.001)"],
];
