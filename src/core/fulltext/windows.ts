// Overlapping windows of sentences across paragraph breaks the pdfjs path is unsure of. A break
// is sure when the page shows it where it happens: extra space or an indent within one column.
// It is a guess when it falls where the text jumps (to the next column or page, or past a
// figure or table): there only the last line's length and the next line's indent tell, and a
// short last line can be chance. A claim that spans a wrongly placed break would be cut in two
// halves that each match it poorly; the window (last sentences before, first ones after) holds
// it whole. Windows are kept beside the sections (FulltextDocument.windows), not in them, so
// nothing that reads the paper's paragraphs meets the same sentence twice.
import type { Paragraph, SentenceWindow } from './model';

/** Sentences taken from each side of the break. */
const SIDE = 2;

/** The window across the break between `before` and `after`, in the section `section`. */
export function windowAcross(section: string, before: Paragraph, after: Paragraph): SentenceWindow {
  const sentences = [...before.sentences.slice(-SIDE), ...after.sentences.slice(0, SIDE)];
  return { section, text: sentences.join(' '), sentences };
}
