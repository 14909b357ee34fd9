// The shapes of identifiers, with no dependencies, so the activation bundle's code action can
// recognise a selected identifier with the same patterns the core parses it with.

/** New-style (2004.07180) and old-style (astro-ph/9812133, math.GT/0309136) arXiv ids. */
export const ARXIV_ID = String.raw`\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7}`;

/** The DOI syntax: a 10. prefix of 4–9 digits, a slash, a suffix. */
export const DOI = String.raw`10\.\d{4,9}\/\S+`;

/** True for an arXiv id, with or without version. */
export function isArxivId(text: string): boolean {
  return new RegExp(`^(?:${ARXIV_ID})(?:v\\d+)?$`, 'i').test(text);
}

/**
 * A selection shaped like an identifier (a DOI, an arXiv id, a doi.org/arXiv/bioRxiv/medRxiv
 * link): a cheap check; identifiers.ts parses it properly.
 */
export function looksLikeIdentifier(text: string): boolean {
  const value = text.trim();
  if (!value || /\s/.test(value)) return false;
  if (new RegExp(`^(?:(?:https?:\\/\\/)?(?:dx\\.)?doi\\.org\\/|doi:)?${DOI}$`, 'i').test(value)) return true;
  if (isArxivId(value.replace(/^arxiv:/i, ''))) return true;
  return /^(?:https?:\/\/)?(?:www\.|export\.)?(?:arxiv|biorxiv|medrxiv)\.org\//i.test(value);
}
