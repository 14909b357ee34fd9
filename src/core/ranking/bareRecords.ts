// A record too thin to stand for a paper: the indexes hold crawled fragments beside real works
// (Semantic Scholar's "On computable numbers … Universal Turing Machine" by "Universal Turing" and
// "Machine R I P", with no venue and no identifier; Nature's untitled news column "Educational
// Topics and Events" with no author; a journal's book review titled "LINDEMAN, EDUARD C. Wealth and
// Culture. Pp. ix, 35. …"). Their titles carry a famous work's words, so they rank high. Judged on
// what the record itself shows, never on the claim: such a record is listed after every real one.
import type { Candidate } from '../types';
import { titleIdentity } from '../identity/work';

/** Front and back matter and other issue furniture, titled as such. */
const FURNITURE_TITLE =
  /^\s*(?:book\s+reviews?|reviews?\s+of\s+books|books?\s+received|(?:subject\s+|author\s+|cumulative\s+)?index(?:\s+to\s+volume\s+\d+)?|front\s+matter|back\s+matter|(?:table\s+of\s+)?contents|editorial\s+board|masthead|issue\s+information|in\s+this\s+issue|cover(?:\s+image)?|title\s+page)\s*\.?\s*$/i;
/** A book review's heading: the book's pages ("Pp. ix, 35.", "Pp. 498.") in the title. */
const BOOK_REVIEW_PAGES = /\bPp\.\s*[ivxlcdm\d]+\b/;

/** Words enough for an abstract: more than a sentence of a crawled fragment. */
const ABSTRACT_WORDS = 50;

function wordCount(text: string | undefined): number {
  return text?.match(/\p{L}+/gu)?.length ?? 0;
}

/** Why the record is too thin to stand for a paper, or undefined when it can. */
export function bareRecordReason(
  c: Pick<Candidate, 'title' | 'authors' | 'year' | 'journal' | 'doi' | 'arxivId' | 'pmid' | 'pmcid' | 'dblpKey' | 'abstract'>,
): string | undefined {
  // A paper's own abstract shows the record stands for one, though the index lost its authors or
  // year (the fragments and news columns above have none).
  const stated = wordCount(c.abstract) >= ABSTRACT_WORDS;
  if (c.authors.length === 0 && !stated) return 'it names no authors';
  if (!c.year && !stated) return 'it has no year';
  if (FURNITURE_TITLE.test(c.title) || BOOK_REVIEW_PAGES.test(c.title)) return 'its title is a book review\'s or an issue\'s front or back matter';
  if (c.journal && titleIdentity(c.title) === titleIdentity(c.journal)) return 'its title is its journal\'s name';
  if (!c.journal && !c.doi && !c.arxivId && !c.pmid && !c.pmcid && !c.dblpKey) return 'it has neither a venue nor an identifier';
  return undefined;
}
