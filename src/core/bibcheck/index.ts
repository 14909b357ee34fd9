// Check Bibliography: every entry of the user's .bib files gets a graded verdict (verdict.ts,
// decided by engine.ts against the fewest authorities that can decide it) and, for apply.ts, the
// authority's fields that the verdict says differ or are missing. The older status (ok, differs,
// unverified, duplicate, unavailable) is kept beside the verdict for the callers that read it.
// Reads only; applying is apply.ts's business.
import type { CoreDeps } from '../deps';
import { crossrefContainers, readBibEntries, withCrossrefFields, type BibEntry, type BrokenEntry } from '../bibtex/entries';
import { identifierOfFields } from '../identity/identifiers';
import { isAbortError } from '../net/types';
import { CircuitBreakers } from '../net/breaker';
import { guardHttp } from '../net/guarded';
import { CrossrefBatchClient } from '../sources/crossrefBatch';
import { forEachBounded } from '../net/bounded';
import type { TrustSignal } from '../types';
import { assessTrust } from '../trust';
import { networkAuthorities, type Authorities } from './authorities';
import { latexFindings } from './latex';
import type { ComparedField, FieldDifference } from './compare';
import { VerdictEngine, type ListReading } from './engine';
import { entryView } from './entryView';
import { listReadsAsLifeSciences } from './field';
import { titleTokens } from './titles';
import { inAuthorityOrder } from './people';
import { VERDICTS, type AuthorityRecord, type EntryVerdict, type Verdict } from './verdict';

export type { EntryVerdict, Verdict } from './verdict';
export type BibCheckStatus = 'ok' | 'differs' | 'unverified' | 'duplicate' | 'unavailable';
export const BIB_CHECK_STATUSES: readonly BibCheckStatus[] = ['ok', 'differs', 'unverified', 'duplicate', 'unavailable'];

export interface BibCheckEntry {
  key: string;
  file: string;
  /** 0-based line of the entry's `@`. */
  line: number;
  status: BibCheckStatus;
  /** For `differs` (and a duplicate that also differs): ours vs the authority's. */
  fields: Partial<Record<ComparedField, FieldDifference>>;
  work?: { title: string; doi?: string; arxivId?: string; url?: string };
  /** For `duplicate`: the earlier key of the same work. */
  duplicateOf?: string;
  message: string;
  /** The authority's fields by .bib name (what "apply" writes), when a record was found. */
  authority?: Record<string, string>;
  /** Retraction, withdrawal, concern or correction of the work (absent: not identified). */
  trust?: TrustSignal;
  /** The graded verdict, its evidence and the authority it rests on. */
  verdict: EntryVerdict;
}

export type BibCheckEvent = { type: 'entries'; total: number } | { type: 'entry'; entry: BibCheckEntry; done: number; total: number };

export interface BibCheckReport {
  entries: BibCheckEntry[];
  broken: BrokenEntry[];
  summary: Record<BibCheckStatus, number>;
  /** Entries per verdict ("unavailable" is no verdict: it says an authority could not be asked). */
  verdicts: Record<Verdict, number>;
  /** With a scope of cited keys: the entries left out as the manuscript cites none of them. */
  uncited?: number;
  /** With a scope of cited keys: those no entry of the files has (BibTeX's "I didn't find a database entry"). */
  missing?: string[];
  /** Without one: the keys of the containers (`@proceedings`) other entries cross-reference, left unchecked. */
  crossrefParents?: string[];
}

/** Entries checked at once: bounded, so a 2,000-entry file keeps a small working set. */
export const CONCURRENT = 8;

/** Which entries a check takes. */
export interface BibCheckScope {
  /**
   * The keys a manuscript cites (`\nocite` included): a shared .bib's other entries are left out,
   * as BibTeX leaves them out of the paper. Keys match as BibTeX matches them, case aside.
   */
  cited?: ReadonlySet<string>;
}

export async function checkBibliography(
  files: { file: string; text: string }[],
  deps: CoreDeps,
  listener: (event: BibCheckEvent) => void = () => {},
  given?: Authorities,
  scope: BibCheckScope = {},
): Promise<BibCheckReport> {
  const { entries, broken, ...left } = readInScope(files, scope);
  return { ...(await checkBibEntries(entries, deps, listener, given)), broken, ...left };
}

/** The files' entries as BibTeX reads them, those of the scope; with cited keys, what was left out and what is missing. */
function readInScope(files: { file: string; text: string }[], scope: BibCheckScope) {
  // The files are one text to BibTeX: a file's @strings hold in the files after it.
  let strings = new Map<string, string>();
  const read = files.map((f) => {
    const reading = readBibEntries(f.file, f.text, strings);
    strings = reading.strings;
    return reading;
  });
  // Crossref parents give their fields before the uncited entries (a parent among them) go.
  const all = withCrossrefFields(read.flatMap((r) => r.entries));
  const allBroken = read.flatMap((r) => r.broken);
  // Without the manuscript's citations, a proceedings volume its papers cross-reference is taken for no cited work.
  const containers = scope.cited ? [] : crossrefContainers(all);
  const crossrefParents = containers.map((e) => e.key);
  if (!scope.cited) return { entries: all.filter((e) => !containers.includes(e)), broken: allBroken, crossrefParents };
  const cited = new Set([...scope.cited].map((key) => key.toLowerCase()));
  const isCited = (key: string | undefined) => key === undefined || cited.has(key.toLowerCase());
  const entries = all.filter((e) => isCited(e.key));
  const broken = allBroken.filter((b) => isCited(b.key));
  const present = new Set([...all, ...allBroken].map((e) => e.key?.toLowerCase()));
  const missing = [...scope.cited].filter((key) => !present.has(key.toLowerCase()));
  return { entries, broken, uncited: all.length - entries.length + (allBroken.length - broken.length), missing };
}

/**
 * The verdicts on entries already read: a .bib's, or those built from the fields of reference
 * strings (src/core/references), which are checked exactly as a .bib's are.
 */
export async function checkBibEntries(
  entries: BibEntry[],
  deps: CoreDeps,
  listener: (event: BibCheckEvent) => void = () => {},
  given?: Authorities,
): Promise<Omit<BibCheckReport, 'broken'>> {
  const guarded = checkingDeps(deps);
  const authorities = given ?? networkAuthorities(guarded);
  listener({ type: 'entries', total: entries.length });
  const engine = new VerdictEngine(authorities);
  const list = listReading(entries);
  askIdentifiersAtOnce(entries.map((e) => e.fields), authorities);
  const results: BibCheckEntry[] = new Array(entries.length);
  const identities: string[][] = new Array(entries.length);
  let done = 0;
  const checkOne = async (index: number) => {
    const result = await checkEntry(entries[index]!, engine, guarded, list);
    results[index] = result;
    identities[index] = result.verdict.record && result.verdict.verdict !== 'mismatch' ? identityOf(result.verdict.record) : [];
    listener({ type: 'entry', entry: result, done: ++done, total: entries.length });
  };
  await forEachBounded(entries.length, CONCURRENT, checkOne, deps.signal);
  if (deps.signal?.aborted) throw deps.signal.reason ?? new Error('The check was cancelled.');
  markDuplicates(results, identities);
  const summary = Object.fromEntries(BIB_CHECK_STATUSES.map((s) => [s, results.filter((r) => r.status === s).length])) as Record<
    BibCheckStatus,
    number
  >;
  const verdicts = Object.fromEntries(VERDICTS.map((v) => [v, results.filter((r) => r.verdict.verdict === v).length])) as Record<
    Verdict,
    number
  >;
  return { entries: results, summary, verdicts };
}

/**
 * The HTTP a check goes through: a dead authority costs a few requests, not one per entry (after
 * it fails a few times in a row, or times out once, the rest are "unavailable" for it at once);
 * Crossref's records of DOIs asked together go as lists (crossrefBatch.ts), as its public pool
 * takes one request at a time.
 */
export function checkingDeps(deps: CoreDeps): CoreDeps {
  return { ...deps, http: guardHttp(new CrossrefBatchClient(deps.http, deps.settings, deps.signal), new CircuitBreakers(undefined, 'check')) };
}

/**
 * Every arXiv id and DOI asked at once, so that they share requests: arXiv's id_list (100 a
 * request, 3 s apart) and Crossref's DOI lists (40 a request), instead of a request per entry; the
 * engine's own asks then find the answers waiting (the authorities answer each id once a run).
 */
export function askIdentifiersAtOnce(fieldsOfEntries: readonly BibEntry['fields'][], authorities: Authorities): void {
  for (const fields of fieldsOfEntries) {
    const id = identifierOfFields(fields);
    if (id?.kind === 'arxiv') void authorities.arxivById(id.id).catch(() => {});
    if (id?.kind === 'doi') void authorities.crossrefByDoi(id.doi).catch(() => {});
  }
}

/** What the list reads as, for its entries searched by title (read only when one has no identifier). */
function listReading(entries: BibEntry[]): ListReading {
  if (entries.every((e) => identifierOfFields(e.fields))) return {};
  // Lazily: the sample reads the first 200 titled entries, not a 2,000-entry file's every one.
  const works = (function* () {
    for (const e of entries) {
      const view = entryView(e.fields);
      if (view) yield view;
    }
  })();
  return { lifeSciences: listReadsAsLifeSciences(works) };
}

/** The old status a verdict amounts to. */
function statusOf(verdict: EntryVerdict): BibCheckStatus {
  switch (verdict.verdict) {
    case 'verified':
      return 'ok';
    case 'verified-fixable':
    case 'mismatch':
      return 'differs';
    case 'unavailable':
      return 'unavailable';
    default:
      return 'unverified';
  }
}

async function checkEntry(entry: BibEntry, engine: VerdictEngine, deps: CoreDeps, list: ListReading): Promise<BibCheckEntry> {
  const verdict = await engine.verdict(entry.fields, deps.signal, list);
  const record = verdict.record;
  const base = { key: entry.key, file: entry.file, line: entry.line, verdict, message: verdict.message };
  if (!record) return { ...base, status: statusOf(verdict), fields: {} };
  const authority = authorityFields(record, verdict, entry.fields);
  // Malformed LaTeX (maths mangled by Crossref, HTML tags) is never "verified", even with the right words.
  const latex = latexFindings(entry.fields, authority);
  // What "apply" writes for a malformed field is the corrected value the finding names.
  for (const [name, difference] of Object.entries(latex.fields)) {
    const field = name === 'venue' ? ('booktitle' in entry.fields ? 'booktitle' : 'journal') : name;
    if (difference) authority[field] = difference.authority;
  }
  const graded = latex.message && verdict.verdict === 'verified' ? { ...verdict, verdict: 'verified-fixable' as const } : verdict;
  const fields = { ...(graded.verdict === 'verified' ? {} : differencesOf(graded, authority)), ...latex.fields };
  const work = { title: record.title, doi: record.doi, arxivId: record.arxivId, url: record.url };
  const trust = await trustOf(record, deps);
  const retracted = trust && (trust.status === 'retracted' || trust.status === 'withdrawn') ? `${trust.status.toUpperCase()}${trust.notice?.date ? ` (${trust.notice.date})` : ''}: this work was ${trust.status}. ` : '';
  const message = [retracted + graded.message, latex.message].filter(Boolean).join(' ');
  return { ...base, verdict: graded, status: statusOf(graded), fields, work, authority, message, ...(trust ? { trust } : {}) };
}

/** Crossref's notices on a work with a DOI (its record is in the cache already: no new request). */
/** One trust assessment per DOI and run (entries of one work checked at once share it). */
const trustByDoi = new WeakMap<CoreDeps, Map<string, Promise<TrustSignal | undefined>>>();

function trustOf(record: AuthorityRecord, deps: CoreDeps): Promise<TrustSignal | undefined> {
  if (record.authority !== 'crossref' || !record.doi) return Promise.resolve(undefined);
  let known = trustByDoi.get(deps);
  if (!known) trustByDoi.set(deps, (known = new Map()));
  let trust = known.get(record.doi);
  if (!trust) known.set(record.doi, (trust = assessTrustOf(record, deps)));
  return trust;
}

async function assessTrustOf(record: AuthorityRecord & { doi?: string }, deps: CoreDeps): Promise<TrustSignal | undefined> {
  if (!record.doi) return undefined;
  try {
    return (await assessTrust({ id: `doi:${record.doi}`, source: 'crossref', title: record.title, authors: record.authors, doi: record.doi }, deps)).trust;
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { status: 'unknown', reason: (error as Error).message };
  }
}

/** The authority's fields by .bib name (what "apply" writes): the venue in the entry's own field. */
function authorityFields(record: AuthorityRecord, verdict: EntryVerdict, ours: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = { title: record.title };
  const published = verdict.published;
  // The right people in another order: the entry's own names in the authority's order (apply only
  // reorders them). Any other difference shows, and writes, the authority's list.
  const reordered = verdict.fixable?.includes('author') && ours.author ? inAuthorityOrder(ours.author, record.authors) : undefined;
  if (record.authors.length) fields.author = reordered ?? record.authors.join(' and ');
  // Where the work appeared comes from the published version when there is one.
  const venue = published ?? record;
  if (venue.year) fields.year = String(venue.year);
  if (venue.venue && !venue.preprint) fields['booktitle' in ours ? 'booktitle' : 'journal'] = venue.venue;
  if (venue.doi ?? record.doi) fields.doi = (venue.doi ?? record.doi)!;
  if (venue.pages) fields.pages = venue.pages;
  if (venue.volume && !venue.preprint) fields.volume = venue.volume;
  return fields;
}

const EVIDENCE_FIELD: Readonly<Record<string, ComparedField>> = { title: 'title', author: 'author', year: 'year', venue: 'venue', doi: 'doi', pages: 'pages', volume: 'volume' };

/** The fields the verdict found differing or missing, ours beside the authority's. */
function differencesOf(verdict: EntryVerdict, authority: Record<string, string>): Partial<Record<ComparedField, FieldDifference>> {
  const differences: Partial<Record<ComparedField, FieldDifference>> = {};
  for (const e of verdict.evidence) {
    const name = EVIDENCE_FIELD[e.field];
    const theirs = name === 'venue' ? (authority.journal ?? authority.booktitle) : name ? authority[name] : undefined;
    const fixable = verdict.fixable?.includes(e.field as never) ?? false;
    if (!name || !theirs || (e.status !== 'differs' && e.status !== 'missing' && !fixable)) continue;
    differences[name] = { ours: e.entry, authority: theirs };
  }
  return differences;
}

/** Keys two entries of one work share: the record's id at its authority, its DOI, arXiv id, title. */
function identityOf(record: AuthorityRecord): string[] {
  return [`${record.authority}:${record.id.toLowerCase()}`, ...(record.doi ? [`doi:${record.doi.toLowerCase()}`] : []), ...(record.arxivId ? [`arxiv:${record.arxivId}`] : []), `title:${titleTokens(record.title).join(' ')}`];
}

/** The second and later entries of one work become `duplicate`, naming the first key. */
function markDuplicates(results: BibCheckEntry[], identities: string[][]): void {
  const firstByIdentity = new Map<string, string>();
  results.forEach((result, i) => {
    const earlier = identities[i]!.map((k) => firstByIdentity.get(k)).find((k) => k !== undefined && k !== result.key);
    if (earlier) {
      result.status = 'duplicate';
      result.duplicateOf = earlier;
      // Its own check's words stay: a duplicate may still print the work wrongly, or better.
      result.message = `The same work as "${earlier}".${result.message ? ` ${result.message}` : ''}`;
    }
    for (const k of identities[i]!) if (!firstByIdentity.has(k)) firstByIdentity.set(k, result.key);
  });
}
