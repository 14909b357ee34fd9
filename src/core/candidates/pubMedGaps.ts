// What PubMed and PMC know of a journal article another lane found: OpenAlex no longer gives the
// abstracts of several large publishers (Elsevier's, Springer Nature's), Semantic Scholar shows
// none for them either, and neither names PMC's open JATS. A card with a PubMed or PMC id (its
// own record's, or the one OpenAlex's lookup just gave it) that still lacks an abstract or a way to
// its full text is read once from Europe PMC by that id, so it is scored on PubMed's abstract or
// PMC's full text rather than on its title. One request per card, never for a preprint or for a
// card PubMed's own lane found.
import type { CoreDeps } from '../deps';
import type { EuropePmcId } from '../identity/identifiers';
import type { Candidate, PaperRecord } from '../types';
import { isPreprintServer } from '../dedupe/versions';
import { withGaps } from './gaps';

/** True when Europe PMC may be asked about a card (switched on, with a URL, and published search on). */
export function pubMedReadsEnabled({ settings }: CoreDeps): boolean {
  return settings['sources.published.enabled'] && settings['sources.europepmc.enabled'] && settings['sources.europepmc.url'].trim() !== '';
}

/**
 * The PubMed or PMC id to ask Europe PMC about, when the card lacks what its record there may give:
 * an abstract (by either id), or, when full texts are read, PMC's open JATS (by a PMCID only: OpenAlex
 * and Semantic Scholar list one for every article PMC holds, so a PMID alone promises none).
 */
export function pubMedIdToRead(card: Candidate | PaperRecord, fullTextRead: boolean): EuropePmcId | undefined {
  const sources = 'sources' in card ? card.sources : [card.source];
  if (sources.includes('pubmed') || sources.some(isPreprintServer)) return undefined;
  const pmc = card.pmcid ? ({ kind: 'pmc', pmcid: card.pmcid } as const) : undefined;
  if (!card.abstract) return card.pmid ? { kind: 'pubmed', pmid: card.pmid } : pmc;
  // A closed article (OpenAlex's is_oa false) has no open JATS to gain.
  const mayGainFullText = fullTextRead && !card.pdfUrl && !card.jatsUrl && card.openAccess !== false;
  return mayGainFullText ? pmc : undefined;
}

/** `record` with the abstract, open JATS and ids of its PubMed or PMC record (`work`) where it had none; itself when nothing was new. */
export function withPubMedGaps(record: PaperRecord, work: PaperRecord): PaperRecord {
  // PMC's open JATS is read before any PDF: a record with a PDF still gains it, and is open then.
  const openAccess = work.openAccess && !record.openAccess ? { openAccess: true } : {};
  return withGaps(record, work, ['abstract', 'jatsUrl', 'pmid', 'pmcid', 'sourceTrust', 'sourceNotice'], openAccess);
}

/** How a card's PubMed id is named in a warning. */
export function pubMedIdLabel(id: EuropePmcId): string {
  return id.kind === 'pubmed' ? `PMID ${id.pmid}` : id.pmcid;
}
