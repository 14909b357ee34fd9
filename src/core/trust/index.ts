// Trust signals: whether a work may be cited as it stands. From real records only: Crossref's
// editorial notices (`updated-by`: retraction, withdrawal, expression of concern, correction,
// with who asserted them and when; `update-to` on a notice itself), a title that says RETRACTED
// or WITHDRAWN, an arXiv comment or a bioRxiv/medRxiv abstract that says the work was withdrawn.
// A lookup that failed is "unknown", never "ok".
import type { CoreDeps } from '../deps';
import { largerCount } from '../identity/citationCount';
import { normalizeDoi, arxivIdFromDoi, isPreprintDoi } from '../identity/work';
import { fetchCrossrefWork, type CrossrefNotice, type CrossrefWork } from '../sources/crossref';
import type { CitationCount, PaperRecord, TrustSignal, VersionOfRecord } from '../types';
import { isNoticeTitle } from '../candidates/notices';

/** Sources whose records are journal and proceedings versions. */
const PUBLISHED_SOURCES: ReadonlySet<PaperRecord['source']> = new Set(['crossref', 'pubmed', 'semanticscholar', 'openalex']);

const STATUS_OF: Readonly<Record<string, TrustSignal['status']>> = {
  retraction: 'retracted',
  withdrawal: 'withdrawn',
  expression_of_concern: 'concern',
  correction: 'corrected',
};
/** Worst first: the status shown is the most serious one that applies. */
const SEVERITY: TrustSignal['status'][] = ['retracted', 'withdrawn', 'concern', 'corrected', 'unknown', 'ok'];

function noticeUrl(doi: string): string {
  return `https://doi.org/${doi}`;
}

function fromNotice(n: CrossrefNotice, status: TrustSignal['status']): TrustSignal {
  return { status, notice: { doi: n.doi, date: n.date, source: n.source, url: noticeUrl(n.doi) } };
}

/** What the record's own words say: a RETRACTED/WITHDRAWN title, a withdrawn comment or abstract. */
export function signalFromText(record: Pick<PaperRecord, 'title' | 'comment' | 'abstract'>): TrustSignal | undefined {
  if (/^\s*retracted\b/i.test(record.title)) return { status: 'retracted', reason: 'its title says RETRACTED' };
  if (/^\s*withdrawn\b/i.test(record.title)) return { status: 'withdrawn', reason: 'its title says WITHDRAWN' };
  if (record.comment && /\bwithdrawn\b/i.test(record.comment)) return { status: 'withdrawn', reason: `its arXiv comment says: "${record.comment.slice(0, 160)}"` };
  // bioRxiv and medRxiv replace a withdrawn preprint's abstract with the withdrawal statement.
  if (record.abstract && /^\s*(?:(?:this|the) (?:manuscript|article|preprint|paper) (?:has been|was) withdrawn|the authors? (?:have|has) withdrawn this (?:manuscript|article|preprint|paper))\b/i.test(record.abstract)) {
    return { status: 'withdrawn', reason: 'its abstract says it has been withdrawn' };
  }
  return undefined;
}

/** What the search service itself says of the work (Europe PMC's "Retracted Publication" type, OpenAlex's `is_retracted`). */
export function signalFromSource(record: Pick<PaperRecord, 'sourceTrust' | 'source'>): TrustSignal | undefined {
  const by = record.source === 'openalex' ? 'OpenAlex' : 'Europe PMC';
  if (record.sourceTrust === 'retracted') return { status: 'retracted', reason: `${by} lists it as a retracted publication` };
  if (record.sourceTrust === 'concern') return { status: 'concern', reason: `${by} lists an expression of concern on it` };
  return undefined;
}

/**
 * A record that is itself a notice about another work: PubMed's typed ones ("Published Erratum",
 * "Retraction of Publication") and the ones titled so ("Correction to: …", "Department of Error.").
 * The search drops them; a lookup by id still finds one, and must not offer it as a work to cite.
 */
export function signalFromNotice(record: Pick<PaperRecord, 'sourceNotice' | 'title'>): TrustSignal | undefined {
  const what = record.sourceNotice
    ? `Europe PMC types it "${record.sourceNotice}"`
    : isNoticeTitle(record.title) ? `its title ("${record.title.trim()}") is a notice's` : undefined;
  if (!what) return undefined;
  const kind = record.sourceNotice ?? record.title;
  const status: TrustSignal['status'] = /retract/i.test(kind) ? 'retracted' : /concern/i.test(kind) ? 'concern' : 'corrected';
  return { status, reason: `${what}: a notice about another work, not a work to cite` };
}

/** Crossref's notices on a work, worst first; a notice itself points at what it updates. */
export function signalFromCrossref(work: CrossrefWork): TrustSignal | undefined {
  const onWork = work.updatedBy
    .filter((n) => n.type in STATUS_OF)
    .map((n) => fromNotice(n, STATUS_OF[n.type]!))
    .sort((a, b) => SEVERITY.indexOf(a.status) - SEVERITY.indexOf(b.status));
  if (onWork[0]) return onWork[0];
  const isNotice = work.updateTo.find((n) => n.type === 'retraction' || n.type === 'withdrawal');
  if (isNotice) return { status: 'retracted', notice: { doi: isNotice.doi, date: isNotice.date, source: isNotice.source, url: noticeUrl(isNotice.doi) }, reason: `this record is the ${isNotice.type} notice of doi:${isNotice.doi}, not a work to cite` };
  return undefined;
}

export function worst(signals: (TrustSignal | undefined)[]): TrustSignal | undefined {
  // Equally serious: the one with a notice (its date and link) says more than a title.
  return signals
    .filter((s): s is TrustSignal => s !== undefined)
    .sort((a, b) => SEVERITY.indexOf(a.status) - SEVERITY.indexOf(b.status) || Number(Boolean(b.notice)) - Number(Boolean(a.notice)))[0];
}

/**
 * The DOIs whose Crossref records are read: the published version's when the record's source
 * named it (bioRxiv's `published`, arXiv's `<arxiv:doi>`): its notices are the ones that matter,
 * and a withdrawn preprint says so in its own title or abstract. Else the record's own DOI, whose
 * Crossref record may name the published version (`is-preprint-of`). Never arXiv's DataCite DOIs.
 * One DOI, not both: Crossref answers one request at a time, and every candidate waits in line.
 */
export function crossrefDois(record: Pick<PaperRecord, 'doi' | 'publishedDoi'>): string[] {
  const doi = normalizeDoi(record.publishedDoi) ?? normalizeDoi(record.doi);
  return doi && !arxivIdFromDoi(doi) ? [doi] : [];
}

export interface TrustAndVersion {
  trust: TrustSignal;
  versionOfRecord?: VersionOfRecord;
  /** Crossref's count of citations from the records read above (the work's, its version of record's): the larger. */
  citedBy?: CitationCount;
}

/**
 * The record's trust signal and, for a preprint, its version of record: the published DOI its
 * source named (bioRxiv `published`, arXiv `<arxiv:doi>`) or Crossref's `is-preprint-of`, with
 * the journal and year from that DOI's Crossref record (arXiv's `journal_ref` otherwise).
 * Never rejects except on abort.
 */
export async function assessTrust(record: PaperRecord, deps: CoreDeps): Promise<TrustAndVersion> {
  const works = new Map<string, CrossrefWork | undefined>();
  const checked: string[] = [];
  const failures: string[] = [];
  const fetch = async (doi: string): Promise<CrossrefWork | undefined> => {
    if (works.has(doi)) return works.get(doi);
    try {
      const work = await fetchCrossrefWork(doi, deps);
      works.set(doi, work);
      checked.push(work ? `Crossref's record of ${doi}` : `Crossref (no record of ${doi})`);
      return work;
    } catch (error) {
      if (deps.signal?.aborted) throw error;
      failures.push(`Crossref did not answer for ${doi} (${(error as Error).message})`);
      works.set(doi, undefined);
      return undefined;
    }
  };
  const dois = crossrefDois(record);
  const own = await Promise.all(dois.map(fetch));
  const publishedDoi = normalizeDoi(record.publishedDoi) ?? own.flatMap((w) => w?.preprintOf ?? [])[0];
  const published = publishedDoi ? await fetch(publishedDoi) : undefined;
  const signal = worst([
    signalFromText(record),
    signalFromSource(record),
    signalFromNotice(record),
    ...own.map((w) => w && signalFromCrossref(w)),
    published && signalFromCrossref(published),
    published && signalFromText(published),
  ]);
  const trust: TrustSignal = signal ?? (failures.length
    ? { status: 'unknown', reason: failures.join('; ') }
    : { status: 'ok', reason: checked.length ? `checked ${checked.join(', ')} and the record's own words` : 'no DOI Crossref registers: only the record\'s own words (title, comment, abstract) were checked' });
  const citedBy = [...own, published].reduce<CitationCount | undefined>((best, w) => largerCount(best, w?.citedBy), undefined);
  return { trust, versionOfRecord: versionOfRecord(record, publishedDoi, published), ...(citedBy ? { citedBy } : {}) };
}

function versionOfRecord(
  record: PaperRecord,
  publishedDoi: string | undefined,
  published: CrossrefWork | undefined,
): VersionOfRecord | undefined {
  // A DBLP record is the published paper unless it is DBLP's copy of an arXiv preprint (CoRR);
  // so is a journal's record from a published lane, unless its DOI is a preprint server's.
  const fromPublishedLane = PUBLISHED_SOURCES.has(record.source) || (record.source === 'dblp' && !record.arxivId);
  const isPreprint = !fromPublishedLane || isPreprintDoi(record.doi);
  if (!isPreprint) return undefined;
  if (published) return { doi: published.doi, journal: published.containerTitle ?? record.journal, year: published.year };
  // An arXiv record names its journal DOI (and journal_ref) itself; a bioRxiv one its published DOI.
  if (publishedDoi && (record.source === 'arxiv' || publishedDoi !== normalizeDoi(record.doi)))
    return { doi: publishedDoi, journal: record.journal };
  return record.journal ? { journal: record.journal } : undefined;
}
