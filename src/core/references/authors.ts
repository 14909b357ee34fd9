// A printed author list as the engine reads a .bib's: names joined by " and ", each "Family,
// Given" where the order is not the usual one. Handles "A. Smith, B. Doe, and C. Lee", APA's
// "Smith, J. A., & Doe, B.", Vancouver's "Smith JA, Doe B, et al." and semicolon lists.

const INITIALS = /^(?:\p{Lu}\.?\s?-?\s?)+$/u;
/** Vancouver initials: capitals without periods after a family name ("Monteiro TS"). */
const FAMILY_INITIALS = /^(.+?)\s+(\p{Lu}(?:-?\p{Lu}){0,2})$/u;
const ET_AL = /,?\s*\bet\.?\s*al\.?$/i;
/** A generational suffix as printed after a name: "Jr", "Sr.", "II", "III", Citing Medicine's "3rd". */
export const NAME_SUFFIX = String.raw`(?:Jr|Sr|II|III|IV|2nd|3rd|4th)\.?`;
const SUFFIX_AT_END = new RegExp(String.raw`,?\s+(${NAME_SUFFIX})$`);
const SUFFIX_ALONE = new RegExp(String.raw`^${NAME_SUFFIX}$`);
/** BibTeX's spelling of a suffix: "Jr.", "III" ("3rd" is how Citing Medicine prints "III"). */
const bibtexSuffix = (printed: string) => ({ '2nd': 'II', '3rd': 'III', '4th': 'IV', Jr: 'Jr.', Sr: 'Sr.' })[printed] ?? printed;

export function authorField(printed: string): string | undefined {
  // The list's last period goes, unless it is an initial's after a comma ("Altman, D.G.", "Hinton, G.").
  let text = printed.replace(/\s+/g, ' ').trim().replace(/[,;:]+$/, '');
  if (!/(?:,\s*|\.)\p{Lu}\.$/u.test(text)) text = text.replace(/[.,;:]+$/, '');
  const truncated = ET_AL.test(text) || /,?\s*(?:and|&)\s+others$/i.test(text);
  text = text.replace(ET_AL, '').replace(/,?\s*(?:and|&)\s+others$/i, '');
  const pieces = text
    .split(/\s*;\s*|,?\s+(?:and|&)\s+|\s*,\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const names: string[] = [];
  // Chicago and MLA invert the first name only: "Shannon, Claude E." is one person.
  if (pieces.length >= 2 && /^\p{Lu}[\p{L}'’-]+$/u.test(pieces[0]!) && /^\p{Lu}\p{Ll}+(?: \p{Lu}\.?)*$/u.test(pieces[1]!)) {
    names.push(`${pieces[0]}, ${pieces[1]!.replace(/ (\p{Lu})$/u, ' $1.')}`);
    pieces.splice(0, 2);
  }
  for (const piece of pieces) {
    // APA's "Smith, J. A., Jr.": the suffix split off at its comma is the name's before it.
    if (SUFFIX_ALONE.test(piece) && names.length) {
      names[names.length - 1] = withSuffix(names[names.length - 1]!, piece);
      continue;
    }
    // "Smith, J. A." split at its comma: the initials join the family name before them.
    if (INITIALS.test(piece) && names.length && !names[names.length - 1]!.includes(',') && isFamily(names[names.length - 1]!, piece)) {
      names[names.length - 1] = `${names[names.length - 1]}, ${piece}`;
      continue;
    }
    // Vancouver's "Gilstrap LC 3rd", "Kaelin WG Jr": the suffix follows the initials.
    const suffix = SUFFIX_AT_END.exec(piece);
    const name = suffix ? piece.slice(0, suffix.index) : piece;
    const vancouver = FAMILY_INITIALS.exec(name);
    // "TS" → "T. S.", "A-M" → "A.-M." (a hyphenated given name's initials).
    const initials = (letters: string) => letters.replace(/(\p{Lu})(?=-)/gu, '$1.').replace(/(\p{Lu})(?=\p{Lu})/gu, '$1. ').replace(/(\p{Lu})$/u, '$1.');
    const read = vancouver && !/\./.test(name) ? `${vancouver[1]}, ${initials(vancouver[2]!)}` : name;
    names.push(suffix ? withSuffix(read, suffix[1]!) : read);
  }
  if (!names.length || names.some((n) => !/\p{L}/u.test(n))) return undefined;
  return [...names, ...(truncated ? ['others'] : [])].join(' and ');
}

/**
 * The piece before initials is a family name: not initials itself, unless written in capitals before initials with
 * periods, as Harvard's small capitals print it ("LIM, J., KIM, Y. and HAN, S.").
 */
function isFamily(before: string, initials: string): boolean {
  return !INITIALS.test(before) || (/^\p{Lu}{2,}$/u.test(before) && initials.includes('.'));
}

/** The name in BibTeX's three-part form, "Family, Jr., Given", so that the suffix is neither given name nor family name. */
function withSuffix(name: string, printed: string): string {
  const suffix = bibtexSuffix(printed.replace(/\.$/, ''));
  const comma = name.indexOf(',');
  if (comma >= 0) return `${name.slice(0, comma)}, ${suffix},${name.slice(comma + 1)}`;
  // "L. C. Gilstrap": the family name is the last word.
  const last = /^(.*\S)\s+(\S+)$/.exec(name);
  return last ? `${last[2]}, ${suffix}, ${last[1]}` : name;
}

/** True when the text reads as a list of people's names (no digits, capitalised words, short names). */
export function looksLikeAuthors(text: string): boolean {
  if (/\d/.test(text.replace(new RegExp(String.raw`\s${NAME_SUFFIX}(?=,|$)`, 'g'), '')) || !/\p{Lu}/u.test(text)) return false;
  const names = text.split(/\s*;\s*|,?\s+(?:and|&)\s+|\s*,\s*/).filter((n) => n.trim());
  return names.every((n) => n.split(/\s+/).length <= 5);
}
