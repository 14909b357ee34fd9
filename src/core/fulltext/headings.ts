// Section headings on the pdfjs path. A heading stands out from the body font (another font for
// the whole line, or a larger size), starts a block (column top, extra space above, or after a
// finished paragraph), and reads like a heading: short, capitalised or numbered ("2.1 Data").
// A heading that wraps onto a second line in the same font is joined back into one.
import type { Line } from './layout';
import { looksLikeCaption } from './text';

export interface Style {
  font: string;
  size: number;
  /** Median baseline distance between two lines of body text. */
  leading: number;
  /** A second, smaller size some sections of the body are set in (methods in small type). */
  small?: number;
}

export const REFERENCES_HEAD =
  /^(?:\d+\.?\s*|[IVX]+\.\s*)?(?:references|bibliography|literature cited|works cited|reference list)$/i;
export const ABSTRACT_HEAD = /^abstract[.:]?$/i;
/** Back-matter sections that never support a claim (GROBID files them under <back> too). */
export const SKIPPED_HEAD =
  /^(?:\d+\.?\s*)?(?:acknowledge?ments?|funding|competing interests|conflicts? of interest|author(?:s'|s’)? contributions?|declarations?|ethics approval|consent for publication|availability of data|abbreviations)\b/i;
/** An appendix: "Appendix A", "A Appendix", "Appendices", "Supplementary Material". */
const APPENDIX_HEAD = /^(?:[A-Z](?:\.\d+)*\.?\s+)?(?:appendix|appendices|supplementary)\b/i;
/** A lettered heading, as appendices are numbered: "A Baseline Details", "B.2 Data". */
const LETTERED_HEAD = /^[A-Z](?:\.\d+)*\.?\s+\p{Lu}/u;
const NUMBERED_HEAD = /^(?:\d+(?:\.\d+)*\.?|[IVX]+\.|[A-Z]\.(?:\d+\.?)?)\s+\p{Lu}/u;

/** The heading starting at lines[index], with how many lines it spans, or undefined. */
export function headingAt(lines: Line[], index: number, style: Style): { text: string; lines: number } | undefined {
  const line = lines[index];
  if (!isHeadingLine(line, lines[index - 1], style)) return undefined;
  let text = line.text;
  let count = 1;
  for (let next = lines[index + count]; next && continuesHeading(lines[index + count - 1], next, style); next = lines[index + count]) {
    text += ' ' + next.text;
    count++;
  }
  const following = lines[index + count];
  // A heading is followed by text below it, not by more text on its own line.
  if (following && following.page === line.page && following.column === line.column && following.y >= line.y) return undefined;
  if (following && (runsOn(lines[index + count - 1]!, following, style) || runsIn(line, text, following, style))) return undefined;
  return { text: text.replace(/\s+/g, ' ').trim(), lines: count };
}

/**
 * A run-in heading ("Understanding and predicting citations. The citation edges ...") that took a
 * whole line: it ends with a full stop and starts at the paragraph indent, right of the next
 * line's start, as LaTeX’s \paragraph sets it. It opens its paragraph (GROBID keeps it there too).
 */
function runsIn(line: Line, text: string, next: Line, style: Style): boolean {
  const indent = line.x0 - next.x0;
  const dy = line.y - next.y;
  const below = next.page === line.page && next.column === line.column && dy > 0 && dy <= style.leading * 1.3;
  return below && /\.$/.test(text) && indent > 0.6 * style.size && indent < 4 * style.size;
}

/**
 * A line justified to the same right edge as the next one, which follows it at the body's
 * leading, is prose: a PDF may set some lines of a paragraph in a font object of its own
 * ("g_d0_f5" beside "g_d0_f1", the same face), but a heading is set ragged, with space below it.
 */
function runsOn(last: Line, next: Line, style: Style): boolean {
  const dy = last.y - next.y;
  return (
    next.page === last.page &&
    next.column === last.column &&
    dy > 0 &&
    dy <= style.leading * 1.3 &&
    Math.abs(last.x1 - next.x1) <= 0.5 * style.size &&
    last.x0 <= next.x0 + 2 * style.size
  );
}

function isHeadingLine(line: Line, previous: Line | undefined, style: Style): boolean {
  const text = line.text;
  if (text.length < 3 || text.length > 100 || !/\p{L}{4}/u.test(text)) return false;
  if (/[,;=]$/.test(text) || /[=<>]/.test(text) || looksLikeCaption(text) || /^\p{Ll}/u.test(text)) return false;
  if (line.size < Math.min(style.size, style.small ?? style.size) - 1.3 || line.size > style.size * 2) return false;
  const distinctFont = line.font !== style.font && line.fontShare >= 0.9;
  const larger = line.size >= style.size + 0.9;
  const allCaps = /^[\p{Lu}\d .:&\-–—]+$/u.test(text) && /\p{Lu}{4}/u.test(text);
  const numbered = NUMBERED_HEAD.test(text);
  if (!(distinctFont || larger || allCaps)) return false;
  if (!distinctFont && !larger && !numbered && !REFERENCES_HEAD.test(text)) return false;
  return startsBlock(line, previous, style);
}

function continuesHeading(previous: Line, next: Line, style: Style): boolean {
  return (
    next.page === previous.page &&
    next.column === previous.column &&
    next.font === previous.font &&
    next.fontShare >= 0.9 &&
    Math.abs(next.size - previous.size) < 0.3 &&
    previous.y - next.y > 0 &&
    previous.y - next.y <= style.leading * 1.5 &&
    next.text.length <= 100 &&
    !NUMBERED_HEAD.test(next.text)
  );
}

/** Column/page top, extra space above, or a previous line that ended its paragraph. */
function startsBlock(line: Line, previous: Line | undefined, style: Style): boolean {
  if (!previous || previous.page !== line.page || previous.column !== line.column) return true;
  const dy = previous.y - line.y;
  if (dy < 0 || dy > style.leading * 1.3) return true;
  return /[.:!?]$/.test(previous.text) && previous.x1 < line.x1 - style.size;
}

/**
 * A heading that starts an appendix after the references: named so, or lettered and set larger
 * than the body (reference entries are in the body size or smaller, so none is taken for one).
 */
export function isAppendixHeading(text: string, line: Line, style: Style): boolean {
  return APPENDIX_HEAD.test(text) || (LETTERED_HEAD.test(text) && line.size >= style.size + 0.5);
}
