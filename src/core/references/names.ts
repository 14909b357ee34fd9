// A printed person's name as reference styles write it with initials first ("A. J. Wakefield",
// "W.-T. Hsu", "G. 't Hooft", "F. d'Amore", "M. Dalla Serra", "S. Michaelis de Vasconcellos"): the pattern the
// comma-separated and the title-less readers share. Strings, to be composed into their regexes (flag u).

/** "A.", "A. J.", "W.-T.", "M.T." */
export const INITIALS = String.raw`\p{Lu}\.(?:[ -]?\p{Lu}\.)*`;
/**
 * A family name with its particles before ("van der Waals", "'t Hooft", "d'Amore", BibTeX's "y Arcas") and inside
 * ("Pineau des Forêts", "Agüera y Arcas").
 */
export const FAMILY = String.raw`(?:(?:van|von|de|der|den|da|di|du|del|la|le|ten|ter|y|['’]t) )*(?:d['’])?\p{Lu}[\p{L}'’-]+(?: (?:(?:de|des|da|del|van|von|der|du|dos|la|le|y) )*\p{Lu}[\p{L}'’-]+)?`;
/**
 * Given names BibTeX printed whole: it abbreviates by bytes, so a name whose first letter is not ASCII ("Ágnes", "İsmail
 * İlkan", UTF-8 in the .bib) comes out unabbreviated in styles that print initials.
 */
const WHOLE_GIVEN = String.raw`(?:(?![A-Z])\p{Lu}\p{Ll}+ )+`;
/** Initials (or given names BibTeX could not abbreviate), then the family name. */
export const NAME = String.raw`(?:${INITIALS} ?|${WHOLE_GIVEN})${FAMILY}`;
