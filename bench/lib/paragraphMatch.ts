// How close pdfjs paragraphs come to GROBID's, for the full-text bench and the pdfjs unit test.
// Both measures compare word trigrams (hyphens and punctuation ignored: GROBID and pdfjs disagree
// on "document-level" vs "documentlevel"), over paragraphs of 6 or more trigrams, and call a
// paragraph found when at least 80 % of its trigrams are present.
//
// - coverage (the measure of docs/measurements.md since the pdfjs path was written): a reference paragraph
//   is found when its trigrams are present ANYWHERE in the candidate's body text. It says whether
//   the text is there, not whether it was cut into the same paragraphs.
// - same paragraph (stricter, added with issue 10): a reference paragraph is found when ONE
//   candidate paragraph holds its trigrams. A paragraph cut in two at a column or page break, or
//   glued to its neighbour, fails here (the glued one fails as precision, the cut one as recall).
import { bodyParagraphs, type FulltextDocument } from '../../src/core/fulltext/model';

/** Share of trigrams a paragraph must have found to count as found. */
const FOUND = 0.8;
/** Paragraphs shorter than this many trigrams are not counted (labels, stray lines). */
const MIN_TRIGRAMS = 6;

function words(text: string): string[] {
  return text.normalize('NFKD').toLowerCase().replace(/-/g, '').replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
}

export function trigrams(text: string): string[] {
  const w = words(text);
  return w.slice(0, Math.max(0, w.length - 2)).map((_, i) => w.slice(i, i + 3).join(' '));
}

function paragraphTrigrams(document: FulltextDocument): string[][] {
  return bodyParagraphs(document).map((p) => trigrams(p.paragraph.text));
}

/** Share of `reference`'s paragraphs whose trigrams are ≥ 80 % present anywhere in `candidate`'s body. */
export function coverageRecall(reference: FulltextDocument, candidate: FulltextDocument): number {
  const wanted = paragraphTrigrams(reference).filter((t) => t.length >= MIN_TRIGRAMS);
  return (wanted.length - coverageMisses(reference, candidate).length) / wanted.length;
}

/** The paragraphs of `reference` that coverageRecall counts as not found in `candidate`. */
export function coverageMisses(reference: FulltextDocument, candidate: FulltextDocument): string[] {
  const have = new Set(paragraphTrigrams(candidate).flat());
  return bodyParagraphs(reference)
    .map((p) => ({ text: p.paragraph.text, t: trigrams(p.paragraph.text) }))
    .filter(({ t }) => t.length >= MIN_TRIGRAMS && t.filter((x) => have.has(x)).length / t.length < FOUND)
    .map(({ text }) => text);
}

/** Share of `reference`'s paragraphs whose trigrams are ≥ 80 % present in ONE of `candidate`'s paragraphs. */
export function sameParagraphRecall(reference: FulltextDocument, candidate: FulltextDocument): number {
  const wanted = paragraphTrigrams(reference).filter((t) => t.length >= MIN_TRIGRAMS);
  // Trigram → the candidate paragraphs holding it, so each reference paragraph is one pass.
  const holders = new Map<string, number[]>();
  paragraphTrigrams(candidate).forEach((t, index) => {
    for (const x of new Set(t)) {
      const list = holders.get(x);
      if (list) list.push(index);
      else holders.set(x, [index]);
    }
  });
  const found = wanted.filter((t) => {
    const hits = new Map<number, number>();
    for (const x of t) for (const index of holders.get(x) ?? []) hits.set(index, (hits.get(index) ?? 0) + 1);
    return Math.max(0, ...hits.values()) / t.length >= FOUND;
  });
  return found.length / wanted.length;
}

export interface ParagraphAgreement {
  coverage: { recall: number; precision: number };
  sameParagraph: { recall: number; precision: number };
}

/** Both measures, GROBID's TEI as the reference: recall over its paragraphs, precision over pdfjs's. */
export function paragraphAgreement(grobid: FulltextDocument, pdfjs: FulltextDocument): ParagraphAgreement {
  return {
    coverage: { recall: coverageRecall(grobid, pdfjs), precision: coverageRecall(pdfjs, grobid) },
    sameParagraph: { recall: sameParagraphRecall(grobid, pdfjs), precision: sameParagraphRecall(pdfjs, grobid) },
  };
}
