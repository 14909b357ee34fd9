// BibTeX straight from the authority, never made up: doi.org content negotiation (which
// redirects to the registration agency), Crossref's transform endpoint as the fallback, and
// for arXiv papers without a journal DOI the arXiv BibTeX endpoint or the DataCite DOI.
// Whatever comes back must really be BibTeX: an HTML page or an empty body is refused.
import type { PaperRecord } from '../types';
import type { Settings } from '../settings/index';
import type { CoreDeps } from '../deps';
import { HttpError, isAbortError, type ServiceName } from '../net/types';
import { isRefusedService, refusalWords } from '../net/breaker';
import { hostOf, serviceAt } from '../net/errors';
import { doiPath, isPreprintDoi, normalizeDoi, versionlessArxivId } from '../identity/work';
import { REPOSITORIES } from '../identity/repository';
import { checkAuthorityBibtex, type ExpectedWork } from './authority';
import { attemptOutcome, bibtexUnavailableWords, type AttemptOutcome, type ExplainedAttempt } from './unavailableWords';
import { reviewBibtexLatex, type FieldProblem } from '../latex/health';
import { dblpEnabled } from '../sources/dblp';
import { registrationAgencies, type RegistrationAgency } from './agency';

export { NotBibtexError, BibtexMismatchError } from './authority';

export interface FetchedBibtex {
  /** The authority's text, unchanged. */
  bibtex: string;
  /** URL the BibTeX was requested from. */
  source: string;
  /**
   * What was wrong with the authority's LaTeX, in words: a field repaired in place ("title: maths
   * mangled into …, repaired"), or, when no authority had it right, what is still wrong.
   */
  note?: string;
}

/** "Crossref's BibTeX: title had maths mangled into "\{upOmega}" (repaired to plain LaTeX)". */
function latexNote(source: string, problems: FieldProblem[], repaired: boolean): string {
  const host = hostOf(source);
  const fields = problems.map((p) => `${p.field} had ${p.what}`).join('; ');
  return repaired
    ? `${host}'s BibTeX: ${fields} (repaired in that field; every other field as ${host} sent it)`
    : `${host}'s BibTeX: ${fields}, and no other authority had this work; check that field before citing`;
}

export interface BibtexAttempt {
  url: string;
  reason: string;
  /** Who was asked and what the answer amounted to, for the words a reader sees. */
  explained?: ExplainedAttempt;
}

/** The authority's entry has LaTeX that cannot be repaired one way only; the next authority is asked. */
export class MalformedLatexError extends Error {
  override name = 'MalformedLatexError';
}

/** No authority gave usable BibTeX; `attempts` says what was tried and why each failed. */
export class BibtexUnavailableError extends Error {
  override name = 'BibtexUnavailableError';
  constructor(
    readonly recordId: string,
    readonly attempts: BibtexAttempt[],
    /** Why, in plain words (no URL, no status line): shown on the card and the Insert button. */
    readonly words = '',
  ) {
    super(
      attempts.length === 0
        ? `No BibTeX for ${recordId}: it has neither a DOI nor an arXiv id (nor a DBLP key).`
        : `No BibTeX for ${recordId}: ${summariseAttempts(attempts)}`,
    );
  }
}

/** "doi.org, api.crossref.org: HTTP 404: Resource not found." — one clause per distinct reason, one sentence. */
function summariseAttempts(attempts: BibtexAttempt[]): string {
  const hostsByReason = new Map<string, Set<string>>();
  for (const { url, reason } of attempts) {
    // Each reason is a clause of one sentence: its own closing full stop would read ".;".
    const clause = reason.trim().replace(/\.+$/, '');
    hostsByReason.set(clause, (hostsByReason.get(clause) ?? new Set()).add(hostOf(url)));
  }
  const clauses = [...hostsByReason].map(([reason, hosts]) => {
    // The network's errors name their host already ("Crossref (api.crossref.org) refused …"): once is enough.
    const named = [...hosts].every((host) => reason.includes(`(${host})`));
    return named ? reason : `${[...hosts].join(', ')}: ${reason}`;
  });
  return `${clauses.join('; ')}.`;
}

const BIBTEX = 'application/x-bibtex';
const ARXIV_DATACITE_PREFIX = '10.48550/arxiv.';

interface Plan {
  service: ServiceName;
  url: string;
  accept: string;
  /** The DOI asked for, so a 404 from doi.org can spare Crossref the same question. */
  doi?: string;
  /** The work the answer must be about (checked against its doi / eprint field). */
  expect: ExpectedWork;
}

/**
 * The requests to try, in order. The journal version's DOI comes first: the user cites the
 * work, and its version of record carries the venue, volume and pages. The preprint's own DOI
 * follows, then arXiv's DataCite DOI, and arxiv.org's own endpoint, one request at a time, only
 * when that fails. A DOI whose registration agency `agencyOf` knows (doi.org's answer for its
 * prefix, agency.ts) is asked of that agency directly, one round trip, with doi.org (which answers
 * 302 to the same agency) as the fallback; any other DOI goes to doi.org first and Crossref's
 * transform after.
 */
export function bibtexPlan(record: PaperRecord, settings: Settings, agencyOf: AgencyOf = () => undefined): Plan[] {
  const plans: Plan[] = [];
  const base = (key: 'sources.doi.url' | 'sources.crossref.url' | 'sources.datacite.url' | 'sources.arxivBibtex.url') =>
    (settings[key] ?? '').replace(/\/+$/, '');
  const doiUrl = base('sources.doi.url');
  const crossrefUrl = base('sources.crossref.url');
  const dataciteUrl = base('sources.datacite.url');
  const arxivBibtexUrl = base('sources.arxivBibtex.url');
  const viaDoiOrg = (doi: string, expect: ExpectedWork): Plan[] =>
    doiUrl ? [{ service: 'doi', url: `${doiUrl}/${doiPath(doi)}`, accept: BIBTEX, doi, expect }] : [];
  const viaCrossref = (doi: string): Plan[] =>
    crossrefUrl ? [{ service: 'crossref', url: `${crossrefUrl}/works/${doiPath(doi)}/transform/${BIBTEX}`, accept: BIBTEX, doi, expect: { doi } }] : [];
  const viaDatacite = (doi: string, expect: ExpectedWork): Plan[] =>
    dataciteUrl ? [{ service: 'datacite', url: `${dataciteUrl}/dois/${doiPath(doi)}`, accept: BIBTEX, doi, expect }] : [];
  for (const doi of preferredDois(record, settings)) {
    const agency = agencyOf(doi);
    if (agency === 'crossref') plans.push(...viaCrossref(doi), ...viaDoiOrg(doi, { doi }));
    else if (agency === 'datacite') plans.push(...viaDatacite(doi, { doi }), ...viaDoiOrg(doi, { doi }));
    else plans.push(...viaDoiOrg(doi, { doi }), ...viaCrossref(doi));
  }
  const arxivId = versionlessArxivId(record);
  if (arxivId) {
    const datacite = `10.48550/arXiv.${arxivId}`;
    const expect = { doi: datacite, arxivId };
    plans.push(...viaDatacite(datacite, expect), ...viaDoiOrg(datacite, expect));
    if (arxivBibtexUrl) {
      const url = `${arxivBibtexUrl}/${arxivId.split('/').map(encodeURIComponent).join('/')}`;
      plans.push({ service: 'arxivBibtex', url, accept: `${BIBTEX}, text/plain;q=0.9`, expect: { arxivId } });
    }
  }
  // DBLP's own BibTeX last, for the DOI-less conference papers (ICLR, NeurIPS) only it has.
  const dblp = dblpBibtexPlan(record, settings);
  if (dblp) plans.push(dblp);
  return plans;
}

/** The DOIs whose BibTeX is asked, best first: the published version's, unless the user cites preprints as such. */
function preferredDois(record: PaperRecord, settings: Settings): string[] {
  const preferred = settings['citation.preferPublished'] === false ? [record.doi] : [record.publishedDoi, record.doi];
  return [...new Set(preferred.map(normalizeDoi))].filter((doi): doi is string => Boolean(doi) && !doi!.startsWith(ARXIV_DATACITE_PREFIX));
}

type AgencyOf = (doi: string) => RegistrationAgency | undefined;

function dblpBibtexPlan(record: PaperRecord, settings: Settings): Plan | undefined {
  if (!record.dblpKey || !dblpEnabled(settings)) return undefined;
  const url = `${settings['sources.dblp.url'].trim().replace(/\/+$/, '')}/rec/${record.dblpKey.split('/').map(encodeURIComponent).join('/')}.bib`;
  return { service: 'dblp', url, accept: `${BIBTEX}, text/plain;q=0.5`, expect: {} };
}

/** A 404 that settles a DOI: doi.org's, or the answer of the agency its prefix belongs to. */
function saysUnregistered(plan: Plan, agencyOf: AgencyOf): boolean {
  if (plan.service === 'doi') return true;
  const agency = plan.doi ? agencyOf(plan.doi) : undefined;
  return (plan.service === 'crossref' && agency === 'crossref') || (plan.service === 'datacite' && agency === 'datacite');
}

export interface BibtexOptions {
  /**
   * Whether Crossref holds a record of a DOI (undefined: not known), answered from the run's list
   * of records, which the trust stage asks anyway. Crossref answers one request at a time: a
   * transform asked for a DOI it does not hold is a turn of that slot spent on a 404.
   */
  crossrefHolds?: (doi: string) => Promise<boolean | undefined>;
  /** Takes back the lookup's requests not yet sent (HttpRequest.withdraw): a newer lookup replaced it. */
  withdraw?: AbortSignal;
}

/**
 * Fetches the record's BibTeX from the first authority that has it.
 * Throws BibtexUnavailableError when none does; an abort propagates as is.
 */
export async function fetchBibtex(record: PaperRecord, deps: CoreDeps, options: BibtexOptions = {}): Promise<FetchedBibtex> {
  // Side by side: doi.org's word on each prefix's agency (once per prefix, agency.ts) and the
  // run's Crossref list (asked anyway by the trust stage) of which DOIs Crossref holds.
  const dois = preferredDois(record, deps.settings);
  const [agencies, notInCrossref] = await Promise.all([registrationAgencies(dois, deps), doisCrossrefLacks(dois, options.crossrefHolds)]);
  // arXiv registers its DOIs with DataCite: those are built here, never asked about.
  const agencyOf: AgencyOf = (doi) => (doi.toLowerCase().startsWith(ARXIV_DATACITE_PREFIX) ? 'datacite' : agencies.get(doi));
  const plans = bibtexPlan(record, deps.settings, agencyOf);
  // Who was asked about which DOI, for the words: the published version's (when it is another DOI) is named as such.
  const publishedDoi = normalizeDoi(record.publishedDoi);
  const otherPublishedDoi = publishedDoi !== normalizeDoi(record.doi) ? publishedDoi : undefined;
  const explain = (plan: Plan, outcome: AttemptOutcome): ExplainedAttempt => ({
    service: plan.service,
    datacite: (plan.expect.doi ?? '').toLowerCase().startsWith(ARXIV_DATACITE_PREFIX),
    published: otherPublishedDoi !== undefined && plan.doi === otherPublishedDoi,
    outcome,
  });
  const attempts: BibtexAttempt[] = [];
  // DOIs found not to exist: by doi.org, which knows every agency, or by the agency that owns the
  // DOI's prefix. Nobody else is asked about them; a failure of another kind (5xx, timeout, an
  // open circuit) leaves the next authority to try.
  const unregistered = new Set<string>();
  // Authorities not asked because the DOI's registry said it does not exist: they are named as
  // not knowing it too (one registry's 404 answers for all of them).
  const implied: ExplainedAttempt[] = [];
  let arxivDoiUnregistered = false;
  // An answer whose LaTeX is broken beyond one-way repair: used only when no authority does better.
  let broken: FetchedBibtex | undefined;
  for (const plan of plans) {
    if (plan.service === 'crossref' && plan.doi && notInCrossref.has(plan.doi)) {
      // As the transform would have answered: the DOI's own registry does not know it.
      attempts.push({ url: plan.url, reason: 'HTTP 404: not in Crossref\'s records', explained: explain(plan, 'unknown') });
      unregistered.add(plan.doi);
      continue;
    }
    if (plan.doi && unregistered.has(plan.doi)) {
      implied.push(explain(plan, 'unknown'));
      continue;
    }
    // arXiv registers a DataCite DOI for every paper it announces: one it never registered names
    // no arXiv paper, and arxiv.org/bibtex would only say so a second time.
    if (plan.service === 'arxivBibtex' && arxivDoiUnregistered) continue;
    try {
      const { expect, doi: _doi, ...request } = plan;
      const response = await deps.http.request({ ...request, signal: deps.signal, withdraw: options.withdraw, cacheNotFound: true });
      const bibtex = response.text();
      checkAuthorityBibtex(bibtex, expect);
      const review = reviewBibtexLatex(bibtex);
      if (review.unrepaired.length > 0) {
        broken ??= { bibtex, source: plan.url, note: latexNote(plan.url, review.unrepaired, false) };
        throw new MalformedLatexError(`malformed LaTeX in ${review.unrepaired.map((p) => `${p.field} (${p.what})`).join(', ')}`);
      }
      if (review.repaired.length > 0) return { bibtex: review.bibtex, source: plan.url, note: latexNote(plan.url, review.repaired, true) };
      return { bibtex, source: plan.url };
    } catch (error) {
      if (isAbortError(error) || deps.signal?.aborted) throw error;
      attempts.push({ url: plan.url, reason: failureReason(error, plan.url), explained: explain(plan, attemptOutcome(error)) });
      if (plan.doi && error instanceof HttpError && [404, 410].includes(error.status) && saysUnregistered(plan, agencyOf)) {
        unregistered.add(plan.doi);
        if (plan.doi.toLowerCase().startsWith(ARXIV_DATACITE_PREFIX)) arxivDoiUnregistered = true;
      }
    }
  }
  if (broken) return broken;
  const hasIdentifier = Boolean(normalizeDoi(record.doi) || normalizeDoi(record.publishedDoi) || versionlessArxivId(record));
  const explained = [...attempts.flatMap((a) => (a.explained ? [a.explained] : [])), ...implied];
  throw new BibtexUnavailableError(record.id, attempts, bibtexUnavailableWords(explained, { hasIdentifier }));
}

/**
 * The DOIs that Crossref's records say it does not hold, all asked at once (one list): a Crossref
 * transform of one of them is not sent.
 */
async function doisCrossrefLacks(dois: string[], crossrefHolds: BibtexOptions['crossrefHolds']): Promise<Set<string>> {
  if (!crossrefHolds) return new Set();
  const holds = await Promise.all(dois.map((doi) => crossrefHolds(doi).catch(() => undefined)));
  return new Set(dois.filter((_, i) => holds[i] === false));
}

/**
 * Whose BibTeX came from `source`: the published version's (its DOI in the URL, or a journal's or
 * proceedings' own record: PubMed, DBLP, …) or the preprint's own.
 */
export function bibtexOfSource(record: PaperRecord, source: string): 'published' | 'preprint' {
  if (record.source === 'crossref') return 'published';
  const published = normalizeDoi(record.publishedDoi);
  // A PubMed record of a Cell Genomics article is no preprint because it names no other version.
  if (!published) return (REPOSITORIES as readonly string[]).includes(record.source) || isPreprintDoi(record.doi) ? 'preprint' : 'published';
  let url = source;
  try {
    url = decodeURIComponent(source);
  } catch {
    // keep as is
  }
  return url.toLowerCase().includes(published) ? 'published' : 'preprint';
}

/** Throws NotBibtexError unless the text is exactly one safe BibTeX entry (see authority.ts). */
export function assertBibtex(text: string): void {
  checkAuthorityBibtex(text);
}

function failureReason(error: unknown, url: string): string {
  // The run's warning says the refusing service is asked nothing more; the paper's reason says only that it refused.
  if (isRefusedService(error) && error.cause instanceof HttpError) {
    return `${serviceAt(error.service, url)} ${refusalWords(error.cause.status)}`;
  }
  if (error instanceof HttpError) {
    const body = error.bodyText.trim().slice(0, 80);
    return `HTTP ${error.status}${body && !body.startsWith('<') ? `: ${body}` : ''}`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
