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

/** PubMed ids: `PMID:40120586`, `pmid40120586`, and the PubMed and Europe PMC abstract links (group 1: the id). */
export const PUBMED_ID_PATTERNS: readonly RegExp[] = [
  /^(?:pmid|pubmed):?(\d{1,9})$/i,
  /^(?:https?:\/\/)?(?:pubmed\.ncbi\.nlm\.nih\.gov|(?:www\.)?ncbi\.nlm\.nih\.gov\/pubmed)\/(\d{1,9})(?:[/?#].*)?$/i,
  /^(?:https?:\/\/)?(?:www\.)?europepmc\.org\/(?:article|abstract)\/MED\/(\d{1,9})(?:[/?#].*)?$/i,
];

/** PMC ids: `PMC5967733`, `PMCID:PMC5967733`, and the PMC and Europe PMC article links (group 1: the id). */
export const PMC_ID_PATTERNS: readonly RegExp[] = [
  /^(?:pmcid:?)?(PMC\d{1,9})$/i,
  /^(?:https?:\/\/)?(?:pmc\.ncbi\.nlm\.nih\.gov|(?:www\.)?ncbi\.nlm\.nih\.gov\/pmc)\/articles\/(PMC\d{1,9})(?:[/?#].*)?$/i,
  /^(?:https?:\/\/)?(?:www\.)?europepmc\.org\/(?:articles|(?:article|abstract)\/PMC)\/(PMC\d{1,9})(?:[/?#].*)?$/i,
];

/** `doi: 10.1/x`, `PMID: 123`: the space after a label leaves one identifier still. */
export function withoutLabelSpace(text: string): string {
  return text.replace(/^(doi|arxiv|pmid|pmcid):\s+/i, '$1:');
}

/**
 * A selection shaped like an identifier (a DOI, an arXiv id, a PMID or PMCID, a
 * doi.org/arXiv/bioRxiv/medRxiv/PubMed/PMC link): a cheap check; identifiers.ts parses it properly.
 */
export function looksLikeIdentifier(text: string): boolean {
  const value = withoutLabelSpace(text.trim());
  if (!value || /\s/.test(value)) return false;
  if ([...PUBMED_ID_PATTERNS, ...PMC_ID_PATTERNS].some((pattern) => pattern.test(value))) return true;
  if (new RegExp(`^(?:(?:https?:\\/\\/)?(?:dx\\.)?doi\\.org\\/|doi:)?${DOI}$`, 'i').test(value)) return true;
  if (isArxivId(value.replace(/^arxiv:/i, ''))) return true;
  return /^(?:https?:\/\/)?(?:www\.|export\.)?(?:arxiv|biorxiv|medrxiv)\.org\//i.test(value);
}
