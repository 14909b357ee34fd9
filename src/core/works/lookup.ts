// A work's record from its authority, by identifier or by title and author. Used wherever a work
// is named rather than searched for: Cite by identifier, the cite audit, the .bib check and trust
// signals. One lookup per run shares arXiv's id_list requests and the HTTP cache.
import type { CoreDeps } from '../deps';
import type { EuropePmcId, WorkIdentifier } from '../identity/identifiers';
import { familyName } from '../identity/names';
import { titleIdentity } from '../identity/work';
import { ArxivLookup } from '../sources/arxivLookup';
import { fetchBiorxivDetails, type BiorxivDetails, type RxivServer } from '../sources/biorxivDetails';
import { crossrefRecord, fetchCrossrefWork, searchCrossref, type CrossrefWork } from '../sources/crossref';
import { fetchEuropePmcRecord } from '../sources/published/europepmcById';
import { matchSemanticScholarTitle } from '../sources/published/semanticScholar';
import { isAbortError } from '../net/types';
import type { PaperRecord } from '../types';
import { recordFromBibtex } from './bibtexRecord';

export interface FoundWork {
  record: PaperRecord;
  /** Crossref's record, when the work has a DOI Crossref registers (notices, relations, venue). */
  crossref?: CrossrefWork;
}

export type MatchOutcome =
  | { status: 'found'; work: FoundWork }
  /** Several different works fit equally well: the caller must not guess. */
  | { status: 'ambiguous'; works: FoundWork[] }
  | { status: 'not-found' };

export interface BibliographicQuery {
  title: string;
  /** Any author's name as written; its family name must match an author of the work. */
  author?: string;
  year?: number;
}

const BIORXIV_PREFIX = '10.1101/';

export class WorkLookup {
  private readonly arxiv: ArxivLookup;

  constructor(private readonly deps: CoreDeps) {
    this.arxiv = new ArxivLookup(deps.settings, deps.http, deps.signal);
  }

  /**
   * The work `id` names, or undefined when its authority has no such work. Throws when the
   * authority fails (HttpError, TimeoutError, SourceError): "unavailable" is not "not found".
   */
  async byIdentifier(id: WorkIdentifier): Promise<FoundWork | undefined> {
    if (id.kind === 'arxiv') {
      const record = await this.arxiv.lookup(id.id + (id.version ?? ''));
      return record ? { record } : undefined;
    }
    if (id.kind === 'pubmed' || id.kind === 'pmc') return this.byEuropePmc(id);
    const crossref = await fetchCrossrefWork(id.doi, this.deps);
    if (id.doi.startsWith(BIORXIV_PREFIX)) {
      const details = await this.rxivDetails(id.doi, id.server ?? serverOf(crossref));
      if (details) return { record: detailsRecord(details, crossref), crossref };
    }
    if (crossref) return { record: crossrefRecord(crossref), crossref };
    // Not in Crossref: another agency's DOI, or one Crossref lacks; doi.org still knows it.
    const record = await recordFromBibtex(id.doi, this.deps);
    return record ? { record } : undefined;
  }

  /**
   * The one published work whose title is this title and, when an author is given, who has an
   * author of that family name. A preprint and its published version count as one work (the
   * published one is returned).
   */
  async byBibliographic(query: BibliographicQuery): Promise<MatchOutcome> {
    const wanted = titleIdentity(query.title);
    if (wanted.length < 12) return { status: 'not-found' };
    const surname = query.author ? familyName(query.author).toLowerCase() : undefined;
    const works = await searchCrossref(
      { bibliographic: [query.title, query.year].filter(Boolean).join(' '), author: query.author, rows: 5 },
      this.deps,
    );
    const matches = works.filter(
      (w) => titleIdentity(w.title) === wanted && (!surname || w.authors.some((a) => familyName(a).toLowerCase() === surname)),
    );
    const distinct = collapseVersions(matches);
    if (distinct.length === 0) return this.bySemanticScholar(query.title, wanted, surname);
    const found = distinct.map((w) => ({ record: crossrefRecord(w), crossref: w }));
    return found.length === 1 ? { status: 'found', work: found[0] } : { status: 'ambiguous', works: found };
  }

  /**
   * Semantic Scholar's title match, for a work Crossref does not hold (a NeurIPS, ICLR or ICML
   * paper has no DOI; a report, a thesis): through the DOI or arXiv id S2 names, so the record,
   * abstract and full text come as for that id, else S2's own record with its abstract. The same
   * title and, when given, the author's family name are required, as of Crossref's hits. S2 failing
   * (its keyless pool answers 429 often) finds nothing rather than failing the lookup.
   */
  private async bySemanticScholar(title: string, wanted: string, surname: string | undefined): Promise<MatchOutcome> {
    if (!this.deps.settings['sources.semanticscholar.enabled']) return { status: 'not-found' };
    let match: PaperRecord | undefined;
    try {
      match = await matchSemanticScholarTitle(title, this.deps);
    } catch (error) {
      if (isAbortError(error)) throw error;
      return { status: 'not-found' };
    }
    if (!match || titleIdentity(match.title) !== wanted) return { status: 'not-found' };
    if (surname && !match.authors.some((a) => familyName(a).toLowerCase() === surname)) return { status: 'not-found' };
    const id: WorkIdentifier | undefined = match.doi
      ? { kind: 'doi', doi: match.doi }
      : match.arxivId
        ? { kind: 'arxiv', id: match.arxivId }
        : undefined;
    const viaId = id ? await this.identified(id) : undefined;
    if (!viaId) return { status: 'found', work: { record: match } };
    return { status: 'found', work: { ...viaId, record: { ...viaId.record, abstract: viaId.record.abstract ?? match.abstract } } };
  }

  /** The work an id names, or undefined when its authority fails or has none (a cancel still throws). */
  private async identified(id: WorkIdentifier): Promise<FoundWork | undefined> {
    try {
      return await this.byIdentifier(id);
    } catch (error) {
      if (isAbortError(error)) throw error;
      return undefined;
    }
  }

  /**
   * A PubMed or PMC id: Europe PMC's record names the DOI, whose authority gives the record (and
   * later the BibTeX) as for the DOI itself; the PMID, PMCID and open-access full text are kept.
   * A record with no DOI, or one its DOI's authority lacks, stands as Europe PMC gave it.
   */
  private async byEuropePmc(id: EuropePmcId): Promise<FoundWork | undefined> {
    const pubmed = await fetchEuropePmcRecord(id, this.deps);
    if (!pubmed?.doi) return pubmed ? { record: pubmed } : undefined;
    const viaDoi = await this.byIdentifier({ kind: 'doi', doi: pubmed.doi });
    if (!viaDoi) return { record: pubmed };
    const record = viaDoi.record;
    return {
      ...viaDoi,
      record: {
        ...record,
        pmid: record.pmid ?? pubmed.pmid,
        pmcid: record.pmcid ?? pubmed.pmcid,
        abstract: record.abstract ?? pubmed.abstract,
        openAccess: record.openAccess ?? pubmed.openAccess,
        jatsUrl: record.jatsUrl ?? pubmed.jatsUrl,
        sourceTrust: record.sourceTrust ?? pubmed.sourceTrust,
        sourceNotice: record.sourceNotice ?? pubmed.sourceNotice,
      },
    };
  }

  private async rxivDetails(doi: string, server: RxivServer | undefined): Promise<BiorxivDetails | undefined> {
    const { settings, http, signal } = this.deps;
    for (const candidate of server ? [server] : (['biorxiv', 'medrxiv'] as const)) {
      const details = await fetchBiorxivDetails(candidate, doi, settings, http, signal);
      if (details) return details;
    }
    return undefined;
  }
}

/** Works that are versions of one another (preprint ↔ published) kept once, the published one. */
function collapseVersions(works: CrossrefWork[]): CrossrefWork[] {
  const dois = new Set(works.map((w) => w.doi));
  return works.filter(
    (w, i) => works.findIndex((o) => o.doi === w.doi) === i && !w.preprintOf.some((published) => dois.has(published)),
  );
}

function serverOf(work: CrossrefWork | undefined): RxivServer | undefined {
  const name = work?.institution?.toLowerCase();
  return name === 'biorxiv' || name === 'medrxiv' ? name : undefined;
}

function detailsRecord(details: BiorxivDetails, crossref: CrossrefWork | undefined): PaperRecord {
  const year = Number(details.date.slice(0, 4));
  return {
    id: `doi:${details.doi}`,
    source: details.server,
    title: details.title,
    authors: details.authors,
    year: Number.isInteger(year) && year > 0 ? year : crossref?.year,
    doi: details.doi,
    version: details.version,
    url: `https://www.${details.server}.org/content/${details.doi}v${details.version}`,
    jatsUrl: details.jatsUrl,
    abstract: details.abstract ?? crossref?.abstract,
    publishedDoi: details.publishedDoi ?? crossref?.preprintOf[0],
  };
}

