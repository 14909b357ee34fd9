// References whose parts are separated by commas only: Elsevier's elsarticle-num ("J. Wang, B. Dai,
// Towards diverse …, in: CVPR, 2022.") and physics written by hand in APS's form ("A. Einstein,
// B. Podolsky, and N. Rosen, Can quantum-mechanical description …?, Phys. Rev. 47, 777 (1935)."). The
// authors are a run of "I. Family" names; the title runs to "in:" or to the part that opens the
// venue (one ending in a volume, or holding the year). Anything else is left to the period reader.
import { NAME } from './names';

/** The team a physics list names after "et al.": "(LIGO Scientific Collaboration and Virgo Collaboration)", "[LHCb]". */
const TEAM = String.raw`(?: \(\p{L}[^()]{1,80}\)| \[\p{L}[^\]]{1,80}\])`;
/** A run of "I. Family" names, each followed by a comma (or "and", "&"), ending before a part that is no name. */
const NAMES = new RegExp(String.raw`^(?:${NAME}(?:, and |, & | and | & |, | et al\.${TEAM}?,? ))+(?:et al\.,? )?(?!\p{Lu}\.)`, 'u');

/**
 * A publisher's name as elsarticle prints a book's ("Deep Learning, MIT Press, Cambridge, MA, USA, 2016."): its address
 * and year follow, so without it the title would run on to the year.
 */
const PUBLISHER = /\b(?:Press|Publishers?|Publishing|Verlag|Springer|Wiley|Elsevier|Kaufmann|Curran Associates|Inc\.?|Ltd\.?)$/;

/**
 * A part that opens the venue: "in: CVPR", a journal and its volume ("Phys. Rev. 47"), a bracketed or bare year, the kind
 * of a thesis or report (elsarticle's "Ph.D. thesis, University of Toronto (2013)", "Tech. rep."), a book's publisher.
 */
function opensVenue(part: string): boolean {
  return /^in:?\s/i.test(part) || PUBLISHER.test(part) || /^(?:Ph\.\s?D\.|Master's|Doctoral|Bachelor's)\s+thesis\b|^Tech(?:\.|nical)\s+rep/i.test(part) || /\s\d+[a-z]?$/.test(part) || /\((?:1[6-9]|20)\d\d\)/.test(part) || /^(?:1[6-9]|20)\d\d\.?$/.test(part);
}

export interface CommaParts {
  authors: string;
  title: string;
  /** The rest, from the venue on. */
  tail: string;
}

/** The authors, title and the rest of a comma-separated reference; undefined when it is not one. */
export function commaParts(text: string): CommaParts | undefined {
  const names = NAMES.exec(text);
  if (!names) return undefined;
  // Elsevier's "in:" opens the proceedings, after a comma or (a title ending in a period) after it.
  const parts = text.slice(names[0].length).split(/,\s+|(?<=\.)\s+(?=in:\s)/);
  // A work with no venue: "Title (2026)."
  const alone = parts.length === 1 ? /^(.*\S)\s*(\((?:1[6-9]|20)\d\d[a-z]?\))[.\s]*$/.exec(parts[0]!) : null;
  if (alone) return { authors: authorsOf(names[0]), title: alone[1]!, tail: alone[2]! };
  const venueAt = parts.findIndex((part, i) => i > 0 && opensVenue(part));
  if (venueAt < 1) return undefined;
  const title = parts.slice(0, venueAt).join(', ');
  // A period inside the title's parts means the period reader should have it ("Title. Journal, 2020").
  if (/\.\s+\p{Lu}/u.test(title)) return undefined;
  return { authors: authorsOf(names[0]), title, tail: parts.slice(venueAt).join(', ') };
}

/** The names without the separator after them, nor the team: like the title-less reader, the people are the authors. */
const authorsOf = (names: string) => names.replace(/(?:,|,? and|,? &)\s*$/, '').replace(new RegExp(`${TEAM}$`, 'u'), '');
