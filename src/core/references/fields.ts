// A reference string's fields: identifiers first (identifiers.ts), then the parts a style
// separates. A BibTeX item's \newblock blocks say where authors, title and venue are; a string
// without them is cut at the periods that end its parts (not those of initials or "et al."), or
// at the quotes an IEEE-style title stands in. What cannot be told apart is left out: a field the
// text does not clearly hold is never guessed, and a reference without a title is "unreadable".
import { authorField, looksLikeAuthors } from './authors';
import { identifiersOf } from './identifiers';
import { withoutAccessDates, withoutMedium } from './citingMedicine';
import { commaParts, type CommaParts } from './commaStyle';
import { pagesAndVolume } from './pagesAndVolume';
import { isAbbreviation, trimPart, venueOf, withoutPlaceAndDate, YEAR } from './venuePart';
import { physicsTail, titlelessParts } from './physicsStyle';
import type { ReferenceFields, ReferenceItem } from './types';

/**
 * A title in quotes, where a part starts (IEEE's `Sun, "Title," in`; Harvard's `(2020) 'Title'`), never words quoted
 * inside one (`Prediction of ‘hot spots’ of`).
 */
const QUOTED = /(?:^|(?<=[,.:;)]\s*))[“"‘]([^”"’]{8,}?)[,.]?[”"’]/;

export function fieldsOfItem(item: ReferenceItem): ReferenceFields {
  const ids = identifiersOf(item.text);
  const { rest, ...found } = ids;
  if (item.fields) return compactFields({ ...found, ...item.fields });
  // elsarticle's \newblock comes after the whole reference (before its DOI): its first block is no author list.
  const blocks = item.blocks && item.blocks.length >= 2 && !commaParts(identifiersOf(item.blocks[0]!).rest) ? item.blocks : undefined;
  const parts = blocks ? fromBlocks(blocks, item.emphasised ?? []) : fromString(rest);
  return compactFields({ ...parts, ...found });
}

/** The fields that hold text: an absent one never overrides another source's. */
export function compactFields(fields: ReferenceFields): ReferenceFields {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === 'string' && v.trim())) as ReferenceFields;
}

/** BibTeX's blocks: authors, title, then venue and year (the style's \newblock separation). */
function fromBlocks(blocks: string[], emphasised: string[]): ReferenceFields {
  const printed = blocks.map((b) => identifiersOf(b).rest);
  const [people, title] = printed;
  const tail = printed.slice(2).join(' ');
  // A style without a venue prints the year in the title's block: "Xai for nasa, 2018."
  const yearAfterTitle = /,\s*((?:1[6-9]|20)\d\d)[a-z]?\.?$/.exec(title!);
  const year = yearIn(people!) ?? lastYear(tail) ?? yearAfterTitle?.[1];
  return {
    author: authorField(withoutYear(people!)),
    title: trimPart(yearAfterTitle ? title!.slice(0, yearAfterTitle.index) : title!),
    venue: emphasised[0] ? withoutPlaceAndDate(trimPart(emphasised[0])) : venueOf(tail),
    year,
    ...pagesAndVolume(tail),
  };
}

/** A formatted string: quoted title (IEEE), else its parts cut at periods. */
export function fromString(printed: string): ReferenceFields {
  const text = withoutEditorsMark(printed);
  const quoted = QUOTED.exec(text);
  if (quoted) {
    const before = text.slice(0, quoted.index).replace(/[,.:\s]+$/, '');
    const after = text.slice(quoted.index + quoted[0].length).replace(/^[\s,.”"’]+/, '');
    return {
      author: looksLikeAuthors(withoutYear(before)) ? authorField(withoutYear(before)) : undefined,
      title: trimPart(quoted[1]!),
      venue: venueOf(after),
      year: yearIn(before) ?? lastYear(after),
      ...pagesAndVolume(after),
    };
  }
  const physics = titlelessParts(text);
  if (physics) return physics;
  const apart = withYearApart(text);
  const comma = apart === text ? commaParts(text) : undefined;
  if (comma) return fromCommaParts(comma);
  const parts = splitParts(apart);
  const people = parts[0] ?? '';
  if (parts.length < 2 || !looksLikeAuthors(withoutYear(people))) return { year: lastYear(text) };
  let at = 1;
  let year = yearIn(people);
  // ACL and APA print the year as a part of its own after the authors: "2020." / "(2020)."
  while (at < parts.length && /^\(?\s*(?:(?:1[6-9]|20)\d\d[a-z]?|n\.d\.?|in press)\s*\)?[.,]?$/i.test(parts[at]!)) year ??= yearIn(parts[at++]!);
  const title = parts[at];
  const tail = rejoined(parts.slice(at + 1));
  if (!title || title.split(/\s+/).length < 2) return { author: authorField(withoutYear(people)), year: year ?? lastYear(text) };
  const author = authorField(withoutYear(people));
  const bare = titleAndYear(title);
  // "(a) Oscillatory entrainment …": the label a style puts before two works of one year.
  const bareTitle = bare.title.replace(/^\([a-z]\)\s+/, '');
  return { author, title: bareTitle, venue: venueOf(tail), year: year ?? bare.year ?? lastYear(tail), ...pagesAndVolume(tail) };
}

/**
 * An edited book's names end with a mark, not a name: Vancouver's "Vogelstein B, Kinzler KW, editors.", LNCS's
 * "Vogelstein, B., Kinzler, K.W. (eds.):", Springer's "(eds)". The editors stand where authors do ("editors" was read as a person).
 */
function withoutEditorsMark(text: string): string {
  // The names' only periods are their initials' ("Kinzler, K.W."): a mark after a title is a chapter's book's editors.
  return text.replace(/^((?:[^().]|(?<=\p{Lu})\.){3,300}?),?\s*(?:\((?:[Ee]ds?|[Ee]ditors?)\.?\)|,?\s*[Ee]ditors?(?=\.\s))/u, '$1');
}

/** The parts after the title as printed: the periods splitParts cut at are the venue's ("J. Econ. Theory") as often as its end. */
function rejoined(parts: string[]): string {
  return parts.map((part, i) => (i < parts.length - 1 && !/[.?!]$/.test(part) ? `${part}.` : part)).join(' ');
}

function fromCommaParts({ authors, title, tail }: CommaParts): ReferenceFields {
  const bare = titleAndYear(title);
  // APS's "Phys. Rev. 47, 777 (1935)": one page, no range, after the volume.
  const physics = physicsTail(tail);
  if (physics) return { author: authorField(authors), title: bare.title, ...physics };
  const year = lastYear(tail) ?? bare.year;
  return { author: authorField(authors), title: bare.title, venue: venueOf(tail), year, ...pagesAndVolume(tail) };
}

/** PLoS's style (and Vancouver with the year after the names): "Coyne RS, Stover NA, Miao W (2012) Title. Venue 109: 53–81." */
const YEAR_AFTER_NAMES = /^([^()]+?)\s+\(((?:1[6-9]|20)\d\d[a-z]?)\)\s+(?=[\p{Lu}\p{N}“"‘])/u;

/** That form as "Names. (2012). Title. …", the parts splitParts cuts, when what comes before the year is a Vancouver author list. */
function withYearApart(text: string): string {
  const year = YEAR_AFTER_NAMES.exec(text);
  if (!year) return text;
  const names = year[1]!.replace(/,$/, '');
  const listed = VANCOUVER_AUTHORS.exec(`${names.replace(/\.$/, '')}. `);
  // The list must be all the names there are, "et al." aside.
  const left = listed ? names.slice(listed[0].length).trim() : names;
  if (!listed || !/^(?:et al\.?)?$/.test(left)) return text;
  return `${names.replace(/\.$/, '')}. (${year[2]}). ${text.slice(year[0].length)}`;
}

/** LNCS and Elsevier print a work with no venue as "Title (2026)": the year is no part of the title. */
function titleAndYear(title: string): { title: string; year?: string } {
  // A book's edition is no part of its title: "The genetic basis of human cancer, 2nd edn", "…, 2nd ed.".
  const trimmed = trimPart(withoutMedium(trimPart(title)).replace(/,?\s+\d+(?:st|nd|rd|th) edn?\.?$/, ''));
  const year = /\s*\(((?:1[6-9]|20)\d\d)[a-z]?\)$/.exec(trimmed);
  return { title: trimmed.slice(0, year?.index), year: year?.[1] };
}

/**
 * A Vancouver author list: family names (with particles: "Van der Linden") and up to three
 * initials ("ML", "A-M"), joined by commas, "and" or "&", ended by a period or "et al.".
 */
const VANCOUVER_AUTHORS =
  /^(?:[\p{Lu}][\p{L}'’-]+(?: (?:[\p{Lu}][\p{L}'’-]+|van|von|der|den|de|la|le|da|di|du|del|dos|ten|ter))* \p{Lu}(?:-?\p{Lu}){0,2}(?: (?:Jr|Sr|II|III|IV|2nd|3rd|4th))?(?:,? & |, | and |\. |,? et al\. ))+/u;

/** A family name of up to two capitalised words, with particles before or between: "Dalla Serra", "Van der Linden", "de Vries". */
const INVERTED_FAMILY = String.raw`(?:(?:van|von|de|der|den|da|di|du|del|la|le|ten|ter) )*\p{Lu}[\p{L}'’-]+(?: (?:(?:van|von|de|der|den|da|di|du|del|la|le|ten|ter) )*\p{Lu}[\p{L}'’-]+)?`;
const INVERTED_NAME = String.raw`${INVERTED_FAMILY}, \p{Lu}\.(?: ?-?\p{Lu}\.)*`;
/**
 * Nature's, APA's and Harvard's author list: "Family, I." names ("He, K., Zhang, X. & Sun, J.",
 * "Bland, J.M. and Altman, D.G.", "Knowles, T. P., Dalla Serra, M."), maybe ended by "et al.", then
 * the year in brackets or the title (never another initial: the list does not end inside a name).
 */
const INITIALS_AFTER_AUTHORS = new RegExp(
  String.raw`^${INVERTED_NAME}(?:(?:,? & |,? and |, )${INVERTED_NAME})*(?: et al\.)?(?= (?:\(\s*(?:1[6-9]|20)\d\d[a-z]?\s*\)|\p{Lu}(?!\.)))`,
  'u',
);
/**
 * Chicago's and MLA's first author, family name first with the given name whole, ended by a period:
 * "Kuhn, Thomas S.", "Kuhn, Thomas.", "Strunk, William, and E. B. White." ("OpenAI, Josh Achiam, …" is no such list).
 */
const INVERTED_FIRST_AUTHOR =
  /^\p{Lu}[\p{L}'’-]+, \p{Lu}\p{Ll}+(?:(?: \p{Lu}\.)+|\.|(?: \p{Lu}\.)*,? and (?:\p{Lu}\p{Ll}+|\p{Lu}\.)(?: \p{Lu}\.)* \p{Lu}[\p{L}'’-]+\.)(?= \p{Lu})/u;
/** A year in brackets standing between the authors and the title: "(1986) Statistical methods …". */
const BRACKETED_YEAR = /^\s*\(\s*(?:1[6-9]|20)\d\d[a-z]?\s*\)\.?(?=\s)/;

/** The string cut where a part ends: a period (or ? !) and a space, unless an initial or abbreviation ends there. */
export function splitParts(text: string): string[] {
  const vancouver = VANCOUVER_AUTHORS.exec(text + ' ');
  const parts: string[] = [];
  let start = 0;
  const authorsFirst = vancouver ? undefined : (INITIALS_AFTER_AUTHORS.exec(text) ?? INVERTED_FIRST_AUTHOR.exec(text));
  if (authorsFirst) {
    parts.push(authorsFirst[0]);
    start = authorsFirst[0].length;
    const year = BRACKETED_YEAR.exec(text.slice(start));
    if (year) {
      parts.push(year[0].trim());
      start += year[0].length;
    }
    start += /^\s*/.exec(text.slice(start))![0].length;
  }
  // "Monteiro TS, Simon-Martinez C." ends at its period; one name needs two initials ("Lipscomb CE.")
  // or a title after it ("Rushton D. Functional electrical stimulation.", "Smith J. A study of …"), since "Diederik P. Kingma"
  // starts the same way.
  const names = vancouver?.[0].split(/, | and | & /).length ?? 0;
  const titleNext = vancouver && /^(?:A|\p{Lu}[\p{L}-]+) (?!and\b|et\b)\p{Ll}/u.test(text.slice(vancouver[0].length));
  const vancouverAuthors = !authorsFirst && !!vancouver && /\. $/.test(vancouver[0]) && (names > 1 || /\p{Lu}{2,3}\. $/u.test(vancouver[0]) || titleNext);
  if (vancouverAuthors) {
    parts.push(vancouver[0].trim());
    start = vancouver[0].length;
  }
  const boundary = /([.?!:])\s+(?=[\p{L}\p{N}“"‘(\[])/gu;
  boundary.lastIndex = start;
  for (let m = boundary.exec(text); m; m = boundary.exec(text)) {
    const before = text.slice(start, m.index);
    const word = /(\S+)$/.exec(before)?.[1] ?? '';
    // Springer's LNCS ends the authors with a colon: "Chen, B.: Title", "Du, Z., et al.: Title".
    if (m[1] === ':' && !(parts.length === 0 && /\p{Lu}\.$|\p{Lu}$|\bet al\.$/u.test(before))) continue; // "Title: subtitle"
    // Past a Vancouver author list no initials follow: "by surface EMG. J Neurophysiol" ends the title.
    if (m[1] === '.' && isAbbreviation(word) && !(vancouverAuthors && /^\p{Lu}{2,3}$/u.test(word))) continue;
    // A style that lowercases titles leaves a subtitle after "?" in lower case: "Is RLHF harder? a theoretical view".
    if ((m[1] === '?' || m[1] === '!') && /\p{Ll}/u.test(text[m.index + m[0].length] ?? '')) continue;
    parts.push(text.slice(start, m.index + (m[1] === '.' || m[1] === ':' ? 0 : 1)).trim());
    start = m.index + m[0].length;
  }
  parts.push(text.slice(start).replace(/[.\s]+$/, '').trim());
  return parts.filter(Boolean);
}

function yearIn(text: string): string | undefined {
  return /\(\s*((?:1[6-9]|20)\d\d)[a-z]?\s*\)/.exec(text)?.[1] ?? (/^\s*((?:1[6-9]|20)\d\d)[a-z]?\s*[.,]?\s*$/.exec(text)?.[1]) ?? lastYear(text);
}

function lastYear(text: string): string | undefined {
  return [...withoutAccessDates(text).matchAll(YEAR)].at(-1)?.[1];
}

/** Authors without the year printed after them ("Smith, J. (2020)", "Smith and Doe, 2020"). */
function withoutYear(text: string): string {
  return text.replace(/[,.]?\s*\(?\s*(?:(?:1[6-9]|20)\d\d[a-z]?|n\.d\.)\s*\)?\s*[.,:]?\s*$/, '').trim();
}
