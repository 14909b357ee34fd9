// arXiv's journal reference as a reader writes a venue: "Astrophys.J.517:565-586,1999" becomes
// "Astrophys. J. 517, 565–586 (1999)". No imports: the results page (a webview) uses it too.

/**
 * "Astrophys.J.517:565-586,1999" → "Astrophys. J. 517, 565–586 (1999)",
 * "ActaAstron.56:1-50,2006" → "Acta Astron. 56, 1–50 (2006)"; other text as it is.
 */
export function venueFromJournalRef(ref: string | undefined): string | undefined {
  const text = ref?.trim();
  if (!text) return undefined;
  // Journal, volume, first page(-last page), year: the physics journal_ref shape.
  const match = /^(.*?[A-Za-z.)])\s*(\d+)\s*[:,(]\s*([A-Za-z]?\d+)(?:\s*-+\s*([A-Za-z]?\d+))?\)?\s*[,(]\s*(\d{4})\)?\s*$/.exec(text);
  if (!match) return text;
  const [, typed, volume, first, last, year] = match;
  const name = typed!.trim();
  // A name typed without spaces ("ActaAstron.", "PhysRevLett") has its words split where a capital starts one.
  const words = /\s/.test(name) ? name : name.replace(/(?<=[a-z])(?=[A-Z][a-z])/g, ' ');
  const spaced = words.replace(/\.(?=[A-Za-z])/g, '. ').replace(/\s+/g, ' ');
  return composeVenue(spaced, volume!, last ? `${first}–${last}` : first!, year);
}

/**
 * The venue as a reader writes it: the cited BibTeX's ("The Astrophysical Journal 517, 565–586
 * (1999)"), else the record's journal reference made readable.
 */
export function venueText(work: { venue?: string; journal?: string }): string | undefined {
  return work.venue ?? venueFromJournalRef(work.journal);
}

/** "Name volume, pages (year)", leaving out what is missing. */
export function composeVenue(name: string, volume: string, pages: string, year: string | undefined): string {
  const where = [volume, pages].filter(Boolean).join(', ');
  return `${name}${where ? ` ${where}` : ''}${year ? ` (${year})` : ''}`;
}
