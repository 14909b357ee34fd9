// The pieces of an author's name as references write them, shared by the in-text and the
// reference-list readers.

/** Name particles that belong to the family name ("Del Maestro", "van der Waals"), as alternatives. */
export const PARTICLE_WORDS = String.raw`[Vv]an|[Vv]on|[Dd]e|[Dd]el|[Dd]er|den|[Dd]i|[Dd]a|[Dd]u|[Ll]e|[Ll]a|dos|ten`;
const PARTICLE = String.raw`(?:(?:${PARTICLE_WORDS})\s+)`;
/** A family name: capitalised, with hyphens and apostrophes ("O'Neil", "Smith-Jones"). */
export const FAMILY = String.raw`${PARTICLE}*\p{Lu}[\p{L}'’\-]+`;
/** Initials: "S.", "D. M.", "J.-P.". */
export const INITIALS = String.raw`(?:\p{Lu}\.[\s-]*)+`;
/** A year as references write it, "1999" or "1999a"; group 1 is the number. */
export const YEAR = String.raw`((?:1[6-9]|20)\d{2})[a-z]?`;
