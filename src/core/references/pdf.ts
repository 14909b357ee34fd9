// A PDF's reference list: with a GROBID configured and running, its TEI's structured
// references; else the in-process pdf.js text laid out in reading order (fulltext/layout.ts),
// from the last "References" heading to an appendix or the end (else the numbered list that ends
// the paper, as Physical Review prints it with no heading), cut into items (pdfItems.ts).
import type { CoreDeps } from '../deps';
import { isAbortError } from '../net/types';
import { readPages } from '../fulltext/pdfjs';
import { pageLines, type Line } from '../fulltext/layout';
import { dropRunningLines } from '../fulltext/margins';
import { REFERENCES_HEAD } from '../fulltext/headings';
import { grobidDownNotice, grobidEnabled, isGrobidAlive, processFulltext } from '../fulltext/grobid';
import { FulltextError } from '../fulltext/errors';
import { teiItems } from './tei';
import { splitReferenceLines } from './pdfItems';
import type { ReferenceItem, ReferenceList } from './types';

/** Below this many letters per page on average, the PDF is taken to have no text layer (as fulltext/pdfjs.ts). */
const MIN_LETTERS_PER_PAGE = 50;
/** A list with no heading is taken only when it numbers at least this many references from [1]. */
const MIN_UNHEADED_ITEMS = 3;
const APPENDIX_HEAD = /^(?:[A-Z]\.?\s+)?(?:appendix|appendices|supplementary (?:material|information)|supplemental material)\b/i;

export async function pdfReferences(bytes: Uint8Array, deps: CoreDeps): Promise<ReferenceList> {
  const notices: string[] = [];
  if (grobidEnabled(deps.settings)) {
    if (await isGrobidAlive(deps)) {
      try {
        const list = teiItems(await processFulltext(bytes, deps));
        if (list.items.length) return list;
        notices.push('GROBID found no references in the PDF; read its text in-process instead.');
      } catch (error) {
        if (isAbortError(error) || deps.signal?.aborted) throw error;
        notices.push(`GROBID failed (${(error as Error).message}); read the PDF in-process instead.`);
      }
    } else notices.push(`${grobidDownNotice(deps.settings)}.`);
  }
  const list = await pdfjsReferences(bytes, deps.signal);
  return { ...list, notices: [...notices, ...list.notices] };
}

export async function pdfjsReferences(bytes: Uint8Array, signal?: AbortSignal): Promise<ReferenceList> {
  const pages = await readPages(bytes, { signal });
  const letters = pages.reduce((n, page) => n + page.runs.reduce((m, run) => m + (run.text.match(/\p{L}/gu)?.length ?? 0), 0), 0);
  if (letters < MIN_LETTERS_PER_PAGE * pages.length) {
    throw new FulltextError('no-text', 'the PDF has no text layer (a scanned document?); its references cannot be read (OCR is not attempted)');
  }
  // Running heads and feet ("De Marchis et al. Journal of … (2016) 13:22") would join the item above them.
  const all = dropRunningLines(pages.flatMap(pageLines), { sameHeight: true });
  const lines = referenceSection(all);
  if (lines) return { items: splitReferenceLines(lines, all), notices: [], reader: 'pdfjs' };
  const unheaded = unheadedList(all);
  if (!unheaded) return { items: [], notices: ['The PDF has no reference section (no "References" or "Bibliography" heading).'], reader: 'pdfjs' };
  const notice = `The PDF has no "References" heading (as Physical Review Letters prints none): read the numbered list that ends it, from "[1]" on page ${unheaded.page}.`;
  return { items: unheaded.items, notices: [notice], reader: 'pdfjs' };
}

/** Physical Review's and other journals' list that no heading opens: from the last line starting "[1]", when it numbers on. */
function unheadedList(lines: Line[]): { items: ReferenceItem[]; page: number } | undefined {
  const first = lines.findLastIndex((l) => /^\[1\]\s/.test(l.text.trim()));
  if (first < 0) return undefined;
  const items = splitReferenceLines(withoutPageNumbers(lines.slice(first)), lines);
  // The numbers must run on from 1: a line of body text that begins with a citation is no list.
  const numbered = items.filter((item, i) => item.number === String(i + 1)).length;
  return numbered >= MIN_UNHEADED_ITEMS && numbered === items.length ? { items, page: lines[first]!.page } : undefined;
}

/** The lines after the last references heading, up to an appendix; page numbers left out. */
function referenceSection(lines: Line[]): Line[] | undefined {
  const head = lines.findLastIndex((l) => REFERENCES_HEAD.test(l.text.trim()));
  if (head < 0) return undefined;
  const after = lines.slice(head + 1);
  const end = after.findIndex((l) => APPENDIX_HEAD.test(l.text.trim()) && l.text.trim().split(/\s+/).length <= 8);
  return withoutPageNumbers(end < 0 ? after : after.slice(0, end));
}

const withoutPageNumbers = (lines: Line[]) => lines.filter((l) => !/^\d{1,4}$/.test(l.text.trim()));
