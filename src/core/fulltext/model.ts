// The one document model both full-text paths produce (GROBID TEI and in-process pdfjs),
// so scoring never needs to know where a paper's text came from.

/** One paragraph of body text, with its sentences (GROBID <s> or our own split). */
export interface Paragraph {
  text: string;
  sentences: string[];
  /** Ids of the bibliography entries this paragraph cites (GROBID's `<ref type="bibr">` targets). */
  cites?: string[];
}

/** One bibliography entry as GROBID structured it (TEI `<biblStruct>`). */
export interface BibReference {
  id: string;
  title?: string;
  /** Family names, in order. */
  authors: string[];
  year?: number;
  doi?: string;
  /** The reference as printed, when GROBID kept it. */
  raw?: string;
}

/** A section of the body. `head` is the heading as printed ("1 Introduction") or "Body". */
export interface Section {
  head: string;
  paragraphs: Paragraph[];
}

/** A paper's readable text: body sections only; captions and references kept apart. */
export interface FulltextDocument {
  title?: string;
  abstract?: string;
  sections: Section[];
  /** Figure and table captions, kept out of the body so they do not break paragraphs. */
  captions: string[];
  /** Titles (or raw strings) of the bibliography entries. */
  references: string[];
  /** The bibliography with ids, for following a paragraph's citations (GROBID only). */
  bibliography?: BibReference[];
  /** Windows across paragraph breaks the pdfjs path guessed (not paragraphs of the paper, so kept apart). */
  windows?: SentenceWindow[];
  /** What was left out when the document was over a limit (pages, text), in words for the user. */
  truncated?: string;
}

/**
 * An overlapping window of sentences (the last sentences of one paragraph and the first of the
 * next, in one section) that the pdfjs path adds where it is unsure the two are separate
 * paragraphs: the break fell where the text jumps to the next column or page, or past a figure.
 * The same shape as a scoring unit, so a claim that spans the break can be scored whole.
 */
export interface SentenceWindow {
  section: string;
  text: string;
  sentences: string[];
}

/** Heading used for body text that comes before any heading, or under a div with none. */
export const DEFAULT_SECTION_HEAD = 'Body';

/**
 * Joins a sub-section's head to its top-level section's ("Materials and Methods › Statistical
 * analysis"), where the reading knows the nesting (JATS): the top level says what kind of text it is.
 */
export const SUBSECTION_SEPARATOR = ' › ';

/** Every body paragraph with the head of its section, in reading order. */
export function bodyParagraphs(document: FulltextDocument): { section: string; paragraph: Paragraph }[] {
  return document.sections.flatMap((section) =>
    section.paragraphs.map((paragraph) => ({ section: section.head, paragraph })),
  );
}
