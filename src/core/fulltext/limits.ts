// Bounds on what one document may become: no paragraph longer than a reader would call one (a PDF
// without paragraph breaks, or a hostile TEI <p>, becomes pieces cut at sentence ends), and no
// more text than `fulltext.maxTextChars` in all. The document says when it was cut short.
import type { FulltextDocument, Paragraph } from './model';

/** Longer than any real paragraph (they run to 3,000 characters at most); cut into pieces. */
export const MAX_PARAGRAPH_CHARS = 5000;

/** The paragraph as pieces of at most `max` characters, cut after sentences, else at spaces. */
export function splitLongParagraph(paragraph: Paragraph, max = MAX_PARAGRAPH_CHARS): Paragraph[] {
  if (paragraph.text.length <= max) return [paragraph];
  const sentences = (paragraph.sentences.length ? paragraph.sentences : [paragraph.text]).flatMap((s) => cutAtSpaces(s, max));
  const pieces: Paragraph[] = [];
  let current: string[] = [];
  let length = 0;
  for (const sentence of sentences) {
    if (current.length > 0 && length + 1 + sentence.length > max) {
      pieces.push({ text: current.join(' '), sentences: current });
      current = [];
      length = 0;
    }
    current.push(sentence);
    length += (length ? 1 : 0) + sentence.length;
  }
  if (current.length > 0) pieces.push({ text: current.join(' '), sentences: current });
  return pieces;
}

function cutAtSpaces(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const space = rest.lastIndexOf(' ', max);
    const cut = space > max / 2 ? space : max;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/**
 * The document with long paragraphs cut into pieces and its body text kept within `maxChars`
 * (whole paragraphs, in reading order); `truncated` says what was left out.
 */
export function limitDocument(document: FulltextDocument, maxChars: number): FulltextDocument {
  let budget = Math.max(0, maxChars);
  let dropped = 0;
  const sections = document.sections.map((section) => {
    const paragraphs: Paragraph[] = [];
    for (const paragraph of section.paragraphs.flatMap((p) => splitLongParagraph(p))) {
      if (paragraph.text.length > budget) {
        dropped += paragraph.text.length;
        budget = 0;
        continue;
      }
      budget -= paragraph.text.length;
      paragraphs.push(paragraph);
    }
    return { ...section, paragraphs };
  });
  const limited: FulltextDocument = { ...document, sections: sections.filter((s) => s.paragraphs.length > 0) };
  if (dropped > 0) {
    const note = `read only the first ${maxChars.toLocaleString('en-US')} characters of its text (fulltext.maxTextChars)`;
    limited.truncated = document.truncated ? `${document.truncated}; ${note}` : note;
  }
  return limited;
}
