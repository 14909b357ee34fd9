// Authors a claim names without a year: "Following Lee et al., we …", "unlike Green and Manning,
// we keep …". A citing sentence copied from a paper (or written with \citet's names typed out)
// often names the cited work's authors and little of its topic, which no keyword search finds.
// DBLP matches author names, so such a claim gets one more DBLP request (dblpTopic.ts).
import { FAMILY } from '../../informal/names';

/** "Lee et al." */
const ET_AL = new RegExp(String.raw`(?<![\p{L}'’-])(${FAMILY})\s+et\s+al\b`, 'u');
/**
 * "Green and Manning". Not longer lists: "Recently, Green and Manning" would take "Recently" for
 * a name, and the last two names of a list are enough for DBLP.
 */
const PAIR = new RegExp(String.raw`(?<![\p{L}'’-])(${FAMILY}\s+(?:and|&)\s+${FAMILY})(?![\p{L}'’-])`, 'u');

/** Capitalised words that are no one's name in such a list ("English and Chinese", "In and …"). */
const NOT_NAMES = new Set(
  ('The This That These Those In On Of For From By With As At To And Or But If When While Since Following ' +
    'Section Table Figure Fig Eq Equation Chapter Appendix English Chinese Japanese German French Arabic ' +
    'Spanish Czech Italian Korean Hindi Russian Dutch Turkish Hebrew Portuguese Europe European America American')
    .split(' '),
);

/**
 * The family names of the first author mention in `text` ("X et al." first, then "X and Y"), or []
 * when it names none. All-capital words (acronyms: "PH and CX") and the words above are not names.
 */
export function mentionedAuthors(text: string): string[] {
  const etAl = ET_AL.exec(text);
  const listed = PAIR.exec(text);
  const match = [etAl, listed].filter((m): m is RegExpExecArray => m !== null).sort((a, b) => a.index - b.index)[0];
  if (!match) return [];
  const names = match[1]!.split(/\s+(?:and|&)\s+/u).map((n) => n.trim()).filter(Boolean);
  return names.every(isName) ? names : [];
}

function isName(word: string): boolean {
  const last = word.split(/\s+/).at(-1)!;
  return !NOT_NAMES.has(last) && last !== last.toUpperCase();
}
