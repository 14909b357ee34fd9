// Sentence splitting for scientific prose, which is full of abbreviations ("et al.", "Fig. 3",
// "e.g.") and decimals. Two styles, for two kinds of text:
//   'claim': the user's claim and manuscript prose (plain text from LaTeX, blank lines between
//     paragraphs). The built-in ICU segmenter, then a repair pass that re-joins what it wrongly
//     split after an abbreviation or before a lower-case word. A one-letter initial before a
//     name ("by S. Karlin", "Michael J. Fox") ends nothing, "et al." before a capitalised word does, and an
//     element that reads as a word but renders as nothing (ELEMENT_MARK) may open a sentence.
//   'paper': a paper's paragraphs and abstracts (GROBID did not segment them, or pdfjs read them).
//     A boundary is only taken after . ! ? followed by a space and an upper-case letter, digit or
//     opening bracket/quote, and never after an abbreviation or a one-letter initial.
// The styles split real text differently (initials and some abbreviations are read differently),
// so both are kept as they were tuned; a sentence starting with a digit opens a sentence in both.
// The 'paper' style and the abbreviation tables are in paperSentences.ts (the parse worker's bundle).
import { isAbbreviation, isAbbreviationBefore, splitPaperSentences, type SentenceStyle } from './paperSentences';
import { isStopword } from './stopwords';
import { isGivenName } from './tagger';
import { isRareInScience } from '../scoring/termStats';

export type { SentenceStyle } from './paperSentences';

/**
 * Stands, in a claim-style text, where an element was taken out that reads as a word: a citation, a
 * reference, inline maths ("\citet{x} showed" renders as "\uFFFC showed"). It is read as a space,
 * except that after a sentence end it opens a sentence, where a lower-case word would have joined
 * the one before. Sentences keep the marks within them (callers locate them in their text) and
 * lose those that close them: "as shown.\cite{x} Next" gives "as shown." and "Next".
 */
export const ELEMENT_MARK = '\uFFFC';

export function splitSentences(text: string, style: SentenceStyle): string[] {
  return style === 'claim' ? splitClaim(text) : splitPaperSentences(text);
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Paragraph breaks always end a sentence; whitespace inside one is collapsed. */
function splitClaim(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .flatMap((paragraph) => mergeFragments(segmentsOf(paragraph)).flatMap(splitBeforeNumbers).flatMap(splitAtOpeningElements))
    .map((sentence) => sentence.replace(/\s+/g, ' ').replace(/[\s\uFFFC]+$/u, '').trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

/** ICU's segments, with the marks read as spaces: an element before a sentence end stays with it. */
function segmentsOf(paragraph: string): string[] {
  const read = paragraph.replaceAll(ELEMENT_MARK, ' ');
  return [...segmenter.segment(read)].map((s) => paragraph.slice(s.index, s.index + s.segment.length));
}

/** After . ! ? (and closing quotes or brackets), the first of the element marks that follow. */
const MARK_AFTER_END = /[.!?]["”’)\]]*\s*(?=\uFFFC[\s\uFFFC]*[^\s\uFFFC.,;:!?)\]}])/gu;

/**
 * "… in the colon. \citet{x} showed that …": ICU joined the two, as a lower-case word follows the
 * full stop once the citation is gone; the citation opens the second. Not after an abbreviation:
 * "Smith et al.~\cite{x} showed", "see Fig.~\ref{f} for".
 */
function splitAtOpeningElements(sentence: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const match of sentence.matchAll(MARK_AFTER_END)) {
    const end = match.index + match[0].length;
    if (endsWithAbbreviation(sentence.slice(start, match.index + 1))) continue;
    parts.push(sentence.slice(start, end));
    start = end;
  }
  parts.push(sentence.slice(start));
  return parts;
}

/** A full stop, then a number: ICU reads "12%. 30 patients" as one sentence, as a lower-case word follows the number. */
const STOP_BEFORE_NUMBER = /[.!?]["”’)\]]*\s+(?=\p{N})/gu;

/** "… was 12%. 30 patients were enrolled": two sentences, unless the stop ends an abbreviation ("Fig. 3"). */
function splitBeforeNumbers(sentence: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const match of sentence.matchAll(STOP_BEFORE_NUMBER)) {
    const before = sentence.slice(start, match.index + 1);
    if (sentence[match.index] === '.' && (endsWithAbbreviation(before) || isAbbreviationBefore(before, before.length - 1))) continue;
    parts.push(sentence.slice(start, match.index + match[0].length));
    start = match.index + match[0].length;
  }
  parts.push(sentence.slice(start));
  return parts;
}

function mergeFragments(segments: string[]): string[] {
  const sentences: string[] = [];
  for (const segment of segments) {
    const previous = sentences.at(-1);
    if (previous !== undefined && continuesPrevious(previous, segment)) {
      sentences[sentences.length - 1] = previous + segment;
    } else {
      sentences.push(segment);
    }
  }
  return sentences;
}

function continuesPrevious(previous: string, next: string): boolean {
  const start = next.trimStart();
  if (/^[\p{Ll}(,;:]/u.test(start)) return true; // "et al. (2020)"
  const text = previous.replace(/[\s\uFFFC]+$/u, ''); // "et al.~\cite{x} Graph…" reads "et al. Graph…"
  // A number after an abbreviation goes with it ("Fig. 3", "vol. 12", "et al. 2019", "Jan. 2020");
  // after any other full stop it opens a sentence: "… was 12%. 30 patients were enrolled".
  if (/^\p{N}/u.test(start)) return endsWithAbbreviation(text) || isAbbreviationBefore(text, text.length - 1);
  if (endsWithInitial(text, start)) return true;
  // "… parsing by Vinyals et al. Graph-based parsers …": a capitalised word after "et al." opens a sentence.
  if (/\bet al\.$/.test(text) && /^\p{Lu}/u.test(start)) return false;
  return endsWithAbbreviation(text);
}

/** The text ends with an abbreviation and its full stop ("… Smith et al."); the audit's citing sentences (citeSites.ts) read it too. */
export function endsWithAbbreviation(text: string): boolean {
  const lastWord = /(\S+)\.\s*$/.exec(text)?.[1];
  return lastWord !== undefined && isAbbreviation(lastWord.replace(/^[("'[]+/, '').toLowerCase(), 'claim');
}

/**
 * "described by S. Karlin", "A. N. Kolmogorov", "The Michael J. Fox Foundation": a one-letter initial
 * before a capitalised word that is no function word, after a function word, an initial, an
 * abbreviation, a comma, nothing or a given name. A letter that labels something ends its sentence:
 * "of vitamin D. The", "in group B. Patients", "in Group I. Additionally" ("Group" is no given name).
 * A given name compromise's lexicon lacks ("Lotfi A. Zadeh", "Jean L. Marx") is told by the words
 * around the initial: both rare in scientific text, as names are, and as neither a labelling word
 * ("Section E.", "Group I.") nor a word that opens a sentence ("Additionally", "Patients") is.
 */
function endsWithInitial(text: string, next: string): boolean {
  const words = text.split(/\s+/);
  if (!/^[("'[]*\p{Lu}\.$/u.test(words.at(-1) ?? '')) return false;
  const nextWord = /^\p{Lu}[\p{L}'’-]*/u.exec(next)?.[0];
  if (nextWord === undefined || isStopword(nextWord)) return false;
  const before = words.at(-2);
  if (before === undefined || isStopword(before) || /[.,;:(]$/.test(before)) return true;
  // The lexicon is asked last: only a capitalised word before a capital's full stop gets there.
  return /^\p{Lu}\p{Ll}+$/u.test(before) && (isGivenName(before) || (isRareInScience(before) && isRareInScience(nextWord)));
}
