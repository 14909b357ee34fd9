// A printed author list as the engine reads a .bib's: names joined by " and ", each "Family,
// Given" where the order is not the usual one. Handles "A. Smith, B. Doe, and C. Lee", APA's
// "Smith, J. A., & Doe, B.", Vancouver's "Smith JA, Doe B, et al." and semicolon lists.

const INITIALS = /^(?:\p{Lu}\.?\s?-?\s?)+$/u;
/** Vancouver initials: capitals without periods after a family name ("Monteiro TS"). */
const FAMILY_INITIALS = /^(.+?)\s+(\p{Lu}(?:-?\p{Lu}){0,2})$/u;
const ET_AL = /,?\s*\bet\.?\s*al\.?$/i;

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
    // "Smith, J. A." split at its comma: the initials join the family name before them.
    if (INITIALS.test(piece) && names.length && !names[names.length - 1]!.includes(',') && !INITIALS.test(names[names.length - 1]!)) {
      names[names.length - 1] = `${names[names.length - 1]}, ${piece}`;
      continue;
    }
    const vancouver = FAMILY_INITIALS.exec(piece);
    // "TS" → "T. S.", "A-M" → "A.-M." (a hyphenated given name's initials).
    const initials = (letters: string) => letters.replace(/(\p{Lu})(?=-)/gu, '$1.').replace(/(\p{Lu})(?=\p{Lu})/gu, '$1. ').replace(/(\p{Lu})$/u, '$1.');
    names.push(vancouver && !/\./.test(piece) ? `${vancouver[1]}, ${initials(vancouver[2]!)}` : piece);
  }
  if (!names.length || names.some((n) => !/\p{L}/u.test(n))) return undefined;
  return [...names, ...(truncated ? ['others'] : [])].join(' and ');
}

/** True when the text reads as a list of people's names (no digits, capitalised words, short names). */
export function looksLikeAuthors(text: string): boolean {
  if (/\d/.test(text) || !/\p{Lu}/u.test(text)) return false;
  const names = text.split(/\s*;\s*|,?\s+(?:and|&)\s+|\s*,\s*/).filter((n) => n.trim());
  return names.every((n) => n.split(/\s+/).length <= 5);
}
