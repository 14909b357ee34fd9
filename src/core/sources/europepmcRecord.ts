// One Europe PMC search result (lite or core) → PaperRecord.
import type { PaperRecord, RecordSource } from '../types';
import { readCitationCount } from '../identity/citationCount';
import { httpUrlOrUndefined } from '../net/errors';
import { separateGluedHeadings } from './abstractText';
import { plainMarkupText } from './markupText';

export interface EuropePmcAuthor {
  fullName?: string;
  firstName?: string;
  lastName?: string;
  initials?: string;
  collectiveName?: string;
}

export interface EuropePmcResult {
  id?: string;
  source?: string;
  pmid?: string;
  pmcid?: string;
  /** 'Y' for PMC's open-access subset. */
  isOpenAccess?: string;
  /** 'Y' when Europe PMC holds the full text. */
  inEPMC?: string;
  /** `pubTypeList.pubType`: "Journal Article", "Retracted Publication", … */
  pubTypes?: string[];
  doi?: string;
  title?: string;
  authorString?: string;
  authorList?: { author?: EuropePmcAuthor[] };
  pubYear?: string;
  firstPublicationDate?: string;
  abstractText?: string;
  bookOrReportDetails?: { publisher?: string; yearOfPublication?: number };
  journalInfo?: { journal?: { title?: string } };
  fullTextUrlList?: { fullTextUrl?: { documentStyle?: string; url?: string; availabilityCode?: string }[] };
  /** Works in Europe PMC that cite it. */
  citedByCount?: number;
}

/** Europe PMC abstracts carry HTML (<h4>, <i>, <sup>), its titles escaped markup: keep the words, drop the markup. */
export function stripHtml(text: string): string {
  const blocks = text
    // A structured abstract's heading set apart from its section, as the glued ones are
    // (abstractText.ts): "…in remote Tasmania. Methods: A co-design…", never "Tasmania.Methods".
    .replace(/<h\d[^>]*>\s*([^<]*?)\s*[:.]?\s*<\/h\d>/gi, ' $1: ')
    .replace(/<\/?(?:h\d|p|div|li|br)\b[^>]*>/gi, ' ');
  return plainMarkupText(blocks.replace(/<[^>]+>/g, ''));
}

/**
 * The title as the paper gives it: PubMed's closing period left out, and the brackets it puts
 * round a title translated from another language ("[Pregnancy after breast cancer].") too;
 * a title that only starts with one ("[18F]FDG PET …") keeps it.
 */
function recordTitle(raw: string): string {
  const title = stripHtml(raw).replace(/\.$/, '');
  const translated = /^\[([^[\]]*(?:\[[^[\]]*\][^[\]]*)*)\]$/.exec(title);
  return translated ? translated[1]!.trim() : title;
}

/** "Mendez JS" → "JS Mendez"; anything else (consortia, full names) as given. */
function fromAuthorString(name: string): string {
  const match = /^(.+?)\s+([A-Z]{1,4})$/.exec(name.trim());
  return match ? `${match[2]} ${match[1]}` : name.trim();
}

function authorsOf(result: EuropePmcResult): string[] {
  const list = result.authorList?.author ?? [];
  if (list.length > 0) {
    return list
      .map((a) =>
        a.firstName && a.lastName ? `${a.firstName} ${a.lastName}` : (a.collectiveName ?? fromAuthorString(a.fullName ?? '')),
      )
      .filter(Boolean);
  }
  return (result.authorString ?? '')
    .replace(/\.$/, '')
    .split(/,\s*/)
    .map(fromAuthorString)
    .filter(Boolean);
}

function pdfOf(result: EuropePmcResult): string | undefined {
  // Only an http(s) link: a javascript: or file: URL in an answer must never reach the user.
  return httpUrlOrUndefined(result.fullTextUrlList?.fullTextUrl?.find((u) => u.documentStyle === 'pdf' && u.url)?.url);
}

/** `doiLinks` is the configured DOI resolver (sources.doi.url) the record's page link is built on; empty for none. */
export function toPaperRecord(result: EuropePmcResult, source: RecordSource, doiLinks = 'https://doi.org'): PaperRecord | undefined {
  const title = recordTitle(result.title ?? '');
  if (!title) return undefined;
  const doi = result.doi?.trim().toLowerCase() || undefined;
  const year = Number(result.pubYear ?? result.firstPublicationDate?.slice(0, 4));
  const abstract = result.abstractText ? separateGluedHeadings(stripHtml(result.abstractText)) : undefined;
  // Europe PMC counts only the citing works it indexes, so its 0 says little.
  const citedBy = readCitationCount(result.citedByCount, 'europepmc', false);
  return {
    id: doi ? `doi:${doi}` : `europepmc:${result.source ?? 'PPR'}/${result.id ?? title}`,
    source,
    title,
    authors: authorsOf(result),
    year: Number.isFinite(year) && year > 0 ? year : undefined,
    doi,
    url: doi && doiLinks ? `${doiLinks}/${doi}` : undefined,
    pdfUrl: pdfOf(result),
    abstract: abstract || undefined,
    journal: result.journalInfo?.journal?.title,
    ...(citedBy ? { citedBy } : {}),
  };
}
