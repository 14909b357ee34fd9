// The verdict on one .bib entry, asking the fewest authorities that can decide it: an entry with
// a DOI asks Crossref (doi.org only when Crossref has no record); an arXiv entry asks arXiv, and
// DBLP (else Crossref) only to check a venue it claims; an entry without identifier is searched by
// title (titleSearches.ts: DBLP and Crossref for computing, Crossref and PubMed for the life
// sciences), and by Semantic Scholar's title match when none of them has it. A year that cannot be
// right and an entry without title are reported without a request. An authority that fails makes
// the verdict "unavailable" unless another one decided it.
import { isAbortError } from '../net/types';
import type { EuropePmcId } from '../identity/identifiers';
import type { Authorities } from './authorities';
import { AuthorityUnavailable, ask, titleSearches } from './titleSearches';
import { judge, type EntryView } from './judge';
import { entryView, type Fields } from './entryView';
import { placeholderNames } from './people';
import { choose } from './choose';
import { isPreprintVenue } from './venues';
import { authorityLabel, type AuthorityRecord, type EntryVerdict, type SearchTrace } from './verdict';


/** New-style (2004.07180v2) and old-style (astro-ph/9812133) arXiv identifiers. */
const ARXIV_ID = /^(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?$/i;

/** Years before this are not a research article's (the oldest journals date from 1665). */
const EARLIEST_YEAR = 1600;

export interface ListReading {
  /** Most of the list's works read as the life sciences' (a clinical paper's references). */
  lifeSciences?: boolean;
}

export class VerdictEngine {
  constructor(
    private readonly authorities: Authorities,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** `list` says what the entry's list as a whole reads as (field.ts listReadsAsLifeSciences). */
  async verdict(fields: Fields, signal?: AbortSignal, list: ListReading = {}): Promise<EntryVerdict> {
    const view = entryView(fields);
    const entry = view && { ...view, inLifeSciencesList: list.lifeSciences };
    if (!entry)
      return bare('no-title', 'The entry has no title: it is not checked (a guess from the other fields could name another work).');
    const thisYear = this.now().getUTCFullYear();
    if (entry.year !== undefined && (entry.year > thisYear || entry.year < EARLIEST_YEAR)) {
      return {
        ...bare('future-date', `The year ${entry.year} cannot be a publication year (it is ${thisYear}).`),
        confidence: 0.99,
        evidence: [
          {
            field: 'year',
            entry: String(entry.year),
            status: 'differs',
            note: entry.year > thisYear ? 'in the future' : 'before scholarly publishing',
          },
        ],
      };
    }
    const searched: SearchTrace[] = [];
    const failed: AuthorityUnavailable[] = [];
    try {
      const result = await this.decide(entry, searched, failed);
      return withPlaceholders(entry, { ...result, searched: [...searched, ...result.searched] });
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      if (error instanceof AuthorityUnavailable) failed.push(error);
      else throw error;
      return unavailable(failed, searched);
    }
  }

  private async decide(entry: EntryView, searched: SearchTrace[], failed: AuthorityUnavailable[]): Promise<EntryVerdict> {
    if (entry.doi) return this.byDoi(entry, entry.doi, searched, failed);
    if (entry.arxivId) return this.byArxiv(entry, entry.arxivId, searched, failed);
    if (entry.pubmed && this.authorities.europePmcById) return this.byPubmed(entry, entry.pubmed, searched, failed);
    const found = await this.search(entry, searched, failed);
    if (found) return found;
    if (failed.length) return unavailable(failed, searched);
    // Most CS papers have no DOI and only DBLP has them: with DBLP off, nothing found says nothing,
    // unless PubMed was asked (a life-sciences work is Crossref's or PubMed's).
    if (!this.authorities.dblpSearch && !searched.some((s) => s.authority === 'europepmc'))
      return unavailable([new AuthorityUnavailable('dblp', new Error('switched off (sources.dblp.enabled), so not asked'))], searched);
    return notFound(entry, searched, 'No authority has a work with this title and these authors.');
  }

  private async byDoi(
    entry: EntryView,
    doi: string,
    searched: SearchTrace[],
    failed: AuthorityUnavailable[],
    namedBy?: string,
  ): Promise<EntryVerdict> {
    let record = await ask('crossref', () => this.authorities.crossrefByDoi(doi));
    searched.push({ authority: 'crossref', query: `doi:${doi}`, hits: record ? 1 : 0 });
    if (!record) {
      record = await ask('doi.org', () => this.authorities.doiOrgByDoi(doi));
      searched.push({ authority: 'doi.org', query: `doi:${doi}`, hits: record ? 1 : 0 });
    }
    if (!record) {
      const byTitle = await this.search(entry, searched, failed);
      return {
        ...notFound(entry, searched, `The DOI ${doi} does not resolve (Crossref and doi.org have no such DOI).${titleFoundAt(byTitle)}`),
        record: byTitle?.record,
        evidence: [{ field: 'doi', entry: doi, status: 'differs', note: 'does not resolve' }, ...(byTitle?.evidence ?? [])],
      };
    }
    const verdict = judge(entry, record, { viaIdentifier: true, namedBy });
    if (verdict.kind === 'doi-other-work') {
      // Name the work the title belongs to, when an authority has it.
      const byTitle = await this.search(entry, searched, failed).catch(() => undefined);
      if (byTitle?.record) verdict.message += ` The title is ${authorityLabel(byTitle.record.authority)}'s ${byTitle.record.id}.`;
    }
    return verdict;
  }

  private async byArxiv(entry: EntryView, id: string, searched: SearchTrace[], failed: AuthorityUnavailable[]): Promise<EntryVerdict> {
    if (!ARXIV_ID.test(id)) {
      const byTitle = await this.search(entry, searched, failed);
      return {
        ...notFound(entry, searched, `"${id}" is not an arXiv identifier.${titleFoundAt(byTitle)}`),
        record: byTitle?.record,
        evidence: byTitle?.evidence ?? [],
      };
    }
    const record = await ask('arxiv', () => this.authorities.arxivById(id));
    searched.push({ authority: 'arxiv', query: `id:${id}`, hits: record ? 1 : 0 });
    if (!record) {
      const byTitle = await this.search(entry, searched, failed);
      return { ...notFound(entry, searched, `arXiv has no paper ${id}.${titleFoundAt(byTitle)}`), record: byTitle?.record, evidence: byTitle?.evidence ?? [] };
    }
    // arXiv records no venue: a venue the entry claims is checked where venues are recorded.
    const claimsVenue = entry.venue !== undefined && !isPreprintVenue(entry.venue);
    // The published version arXiv links to (its DOI) first, else one found by title.
    const linked = claimsVenue && record.doi ? await this.byLinkedDoi(record.doi, searched) : undefined;
    const published = linked ?? (claimsVenue ? await this.publishedVersion(entry, searched, failed) : undefined);
    // A title of another work is named by the arXiv id, never "the DOI" (the entry may have none).
    return judge(entry, record, { viaIdentifier: true, published, namedBy: `arXiv:${id}` });
  }

  /**
   * A PubMed or PMC id: Europe PMC names the article and its DOI; with a DOI the entry is held
   * against Crossref's record as if it named the DOI (it can then add it), else against Europe PMC's.
   */
  private async byPubmed(
    entry: EntryView,
    id: EuropePmcId,
    searched: SearchTrace[],
    failed: AuthorityUnavailable[],
  ): Promise<EntryVerdict> {
    const record = await ask('europepmc', () => this.authorities.europePmcById!(id));
    const written = id.kind === 'pubmed' ? `PMID:${id.pmid}` : id.pmcid;
    searched.push({ authority: 'europepmc', query: written, hits: record ? 1 : 0 });
    if (!record) {
      const byTitle = await this.search(entry, searched, failed);
      return { ...notFound(entry, searched, `Europe PMC has no record ${written}.${titleFoundAt(byTitle)}`), record: byTitle?.record, evidence: byTitle?.evidence ?? [] };
    }
    if (record.doi) {
      // The entry named the PMID, not the DOI: a mismatch says which identifier names another work.
      const viaDoi = await this.byDoi(entry, record.doi, searched, failed, written);
      // A DOI its authorities do not know leaves Europe PMC's own record to judge by.
      if (viaDoi.verdict !== 'not-found') return viaDoi;
    }
    return judge(entry, record, { viaIdentifier: true, namedBy: written });
  }

  private async byLinkedDoi(doi: string, searched: SearchTrace[]): Promise<AuthorityRecord | undefined> {
    const record =
      (await ask('crossref', () => this.authorities.crossrefByDoi(doi))) ?? (await ask('doi.org', () => this.authorities.doiOrgByDoi(doi)));
    searched.push({ authority: record?.authority ?? 'doi.org', query: `doi:${doi}`, hits: record ? 1 : 0 });
    return record;
  }

  /** The published (non-preprint) record with the entry's title, from DBLP, else Crossref. */
  private async publishedVersion(
    entry: EntryView,
    searched: SearchTrace[],
    failed: AuthorityUnavailable[],
  ): Promise<AuthorityRecord | undefined> {
    for (const hits of titleSearches(this.authorities, entry, searched, failed)) {
      const records = await hits;
      const published = choose(
        entry,
        records.filter((r) => !r.preprint),
      );
      if (published?.titleAgreement === 'same') return published.record;
    }
    return undefined;
  }

  /**
   * Semantic Scholar's best match for the title, when no bibliography of record has it (a report,
   * a thesis, a book, GPT-2's paper): as its DOI's authority has it, else as S2 has it. S2's keyless
   * pool often answers 429: its failure leaves the verdict to the authorities asked, never
   * "unavailable".
   */
  private async lastResort(entry: EntryView, searched: SearchTrace[]): Promise<AuthorityRecord | undefined> {
    const match = this.authorities.semanticScholarMatch?.bind(this.authorities);
    if (!match) return undefined;
    let found: AuthorityRecord | undefined;
    try {
      found = await match(entry.title);
    } catch (error) {
      if (isAbortError(error)) throw error;
      return undefined;
    }
    searched.push({ authority: 'semanticscholar', query: `title: ${entry.title}`, hits: found ? 1 : 0 });
    if (!found?.doi) return found;
    try {
      return (await this.byLinkedDoi(found.doi, searched)) ?? found;
    } catch (error) {
      if (isAbortError(error)) throw error;
      return found;
    }
  }

  /** The work by title and authors; undefined when no authority asked has it. */
  private async search(entry: EntryView, searched: SearchTrace[], failed: AuthorityUnavailable[]): Promise<EntryVerdict | undefined> {
    let best: ReturnType<typeof choose>;
    for (const hits of titleSearches(this.authorities, entry, searched, failed)) {
      const records = await hits;
      const chosen = choose(entry, records);
      if (chosen && (!best || chosen.score > best.score)) best = chosen;
      // A same-title record decides, unless it is only a preprint and the entry claims a venue.
      if (best?.titleAgreement === 'same' && (!best.record.preprint || !entry.venue || isPreprintVenue(entry.venue))) break;
    }
    if (best?.titleAgreement !== 'same') {
      const found = await this.lastResort(entry, searched);
      const chosen = found && choose(entry, [found]);
      if (chosen && (!best || chosen.score > best.score)) best = chosen;
    }
    if (!best) return undefined;
    const published = best.record.preprint ? best.published : undefined;
    return judge(entry, best.record, { viaIdentifier: false, published });
  }
}

/** " A work with this title is at Crossref (10.…)." when the title search found one, else nothing. */
function titleFoundAt(byTitle: EntryVerdict | undefined): string {
  return byTitle?.record ? ` A work with this title is at ${authorityLabel(byTitle.record.authority)} (${byTitle.record.id}).` : '';
}

function bare(verdict: EntryVerdict['verdict'], message: string): EntryVerdict {
  return { verdict, confidence: 1, evidence: [], searched: [], message };
}

function notFound(entry: EntryView, searched: SearchTrace[], message: string): EntryVerdict {
  const where = [...new Set(searched.map((s) => authorityLabel(s.authority)))].join(', ');
  return { verdict: 'not-found', confidence: searched.some((s) => s.authority === 'dblp' || s.authority === 'europepmc') ? 0.9 : 0.75, evidence: [], searched: [], message: `${message} Searched: ${where || 'nothing'}.` };
}

function unavailable(failed: AuthorityUnavailable[], searched: SearchTrace[]): EntryVerdict {
  const first = failed[0]!;
  // A refusal is not mended by waiting: "try again later" only when some authority did not answer.
  const refused = failed.every((f) => f.refused);
  const message = `${failed.map((f) => f.message).join('; ')}${refused ? '.' : '; try again later.'}`;
  return { verdict: 'unavailable', confidence: 0, authority: first.authority, evidence: [], searched: [...searched], message, ...(refused ? { refused } : {}) };
}

/** Names no real author has make the entry a mismatch whatever the authority says. */
function withPlaceholders(entry: EntryView, verdict: EntryVerdict): EntryVerdict {
  const placeholders = placeholderNames(entry.author);
  if (!placeholders.length || verdict.verdict === 'unavailable' || verdict.verdict === 'not-found') return verdict;
  if (verdict.verdict === 'mismatch') return verdict.kind === 'authors-invented' ? verdict : { ...verdict, otherKinds: [...(verdict.otherKinds ?? []), 'authors-invented'] };
  return { ...verdict, verdict: 'mismatch', kind: 'authors-invented', fixable: undefined, confidence: 0.95, message: `Mismatch: placeholder author names (${placeholders.join('; ')}).` };
}
