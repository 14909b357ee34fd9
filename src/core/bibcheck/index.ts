// Check Bibliography: every entry of the user's .bib files identified (DOI, eprint, URL, else
// an unambiguous title + first author match) and compared with its authority's record. Reports
// per entry: ok, differs (which fields), unverified (no match), duplicate (same work as an
// earlier key) or unavailable (a service failed). Reads only; applying is apply.ts's business.
import type { CoreDeps } from '../deps';
import { BibtexUnavailableError, fetchBibtex, readBibFields } from '../bibtex';
import { readBibEntries, type BibEntry, type BrokenEntry } from '../bibtex/entries';
import { identifierOfFields } from '../identity/identifiers';
import { identityKeys } from '../identity/work';
import { plainLine } from '../latex/plainText';
import { isAbortError } from '../net/types';
import { SourceError } from '../sources/errors';
import { hostOf } from '../net/errors';
import { HttpError } from '../net/types';
import type { PaperRecord, TrustSignal } from '../types';
import { assessTrust } from '../trust';
import { WorkLookup, type FoundWork } from '../works/lookup';
import { differingFields, type ComparedField, type FieldDifference } from './compare';
import { latexFindings } from './latex';

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
}

export type BibCheckEvent = { type: 'entries'; total: number } | { type: 'entry'; entry: BibCheckEntry; done: number; total: number };

export interface BibCheckReport {
  entries: BibCheckEntry[];
  broken: BrokenEntry[];
  summary: Record<BibCheckStatus, number>;
}

/** Entries checked at once: bounded, so a 2,000-entry file keeps a small working set. */
const CONCURRENT = 8;

export async function checkBibliography(files: { file: string; text: string }[], deps: CoreDeps, listener: (event: BibCheckEvent) => void = () => {}): Promise<BibCheckReport> {
  const read = files.map((f) => readBibEntries(f.file, f.text));
  const entries = read.flatMap((r) => r.entries);
  const broken = read.flatMap((r) => r.broken);
  listener({ type: 'entries', total: entries.length });
  const lookups = new Lookups(new WorkLookup(deps), deps);
  // Every entry's work is asked for at once: arXiv ids share id_list requests (100 a request)
  // and each work is looked up once, however many entries name it.
  for (const entry of entries) void lookups.work(entry).catch(() => {});
  const results: BibCheckEntry[] = new Array(entries.length);
  const identities: string[][] = new Array(entries.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < entries.length) {
      const index = next++;
      const { result, record } = await checkEntry(entries[index]!, lookups, deps);
      results[index] = result;
      identities[index] = record ? identityKeys(record) : [];
      listener({ type: 'entry', entry: result, done: ++done, total: entries.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT, entries.length) }, worker));
  markDuplicates(results, identities);
  const summary = Object.fromEntries(BIB_CHECK_STATUSES.map((s) => [s, results.filter((r) => r.status === s).length])) as Record<BibCheckStatus, number>;
  return { entries: results, broken, summary };
}

/** One lookup per work and one authority record per work, shared by every entry that names it. */
class Lookups {
  private readonly works = new Map<string, Promise<FoundWork | undefined>>();
  private readonly details = new Map<string, Promise<{ authority: Record<string, string>; trust: TrustSignal }>>();

  constructor(private readonly lookup: WorkLookup, private readonly deps: CoreDeps) {}

  work(entry: BibEntry): Promise<FoundWork | undefined> {
    const id = identifierOfFields(entry.fields);
    const key = id ? JSON.stringify(id) : `title:${entry.fields.title ?? ''}|${entry.fields.author ?? ''}`;
    let found = this.works.get(key);
    if (!found) this.works.set(key, (found = identify(entry, this.lookup)));
    return found;
  }

  detailsOf(record: PaperRecord): Promise<{ authority: Record<string, string>; trust: TrustSignal }> {
    let details = this.details.get(record.id);
    if (!details) {
      details = Promise.all([authorityFields(record, this.deps), assessTrust(record, this.deps)]).then(([authority, { trust }]) => ({ authority, trust }));
      this.details.set(record.id, details);
    }
    return details;
  }
}

async function checkEntry(entry: BibEntry, lookups: Lookups, deps: CoreDeps): Promise<{ result: BibCheckEntry; record?: PaperRecord }> {
  const base = { key: entry.key, file: entry.file, line: entry.line, fields: {} };
  let found: FoundWork | undefined;
  try {
    found = await lookups.work(entry);
    if (!found) return { result: { ...base, status: 'unverified', message: unverifiedMessage(entry) } };
    const { authority, trust } = await lookups.detailsOf(found.record);
    // Malformed LaTeX (maths mangled by Crossref, HTML tags) is never "ok", even with the right words.
    const latex = latexFindings(entry.fields, authority);
    const fields = { ...differingFields(entry.fields, authority), ...latex.fields };
    const names = Object.keys(fields);
    const work = { title: found.record.title, doi: found.record.doi, arxivId: found.record.arxivId, url: found.record.url };
    const status = names.length || latex.message ? 'differs' : 'ok';
    const retracted = trust.status === 'retracted' || trust.status === 'withdrawn' ? `${trust.status.toUpperCase()}${trust.notice?.date ? ` (${trust.notice.date})` : ''}: this work was ${trust.status}. ` : '';
    const compared = names.length ? `Differs from the authority's record in ${names.join(', ')}.` : latex.message ? '' : 'Matches the authority\'s record.';
    const message = [retracted + compared, latex.message].filter(Boolean).join(' ');
    return { result: { ...base, status, fields, work, message, authority, trust }, record: found.record };
  } catch (error) {
    if (isAbortError(error) || deps.signal?.aborted) throw error;
    const service = error instanceof SourceError ? error.host : error instanceof HttpError ? hostOf(error.url) : 'a service';
    return { result: { ...base, status: 'unavailable', message: `${service} did not answer (${(error as Error).message}); try again later.` } };
  }
}

async function identify(entry: BibEntry, lookup: WorkLookup): Promise<FoundWork | undefined> {
  const id = identifierOfFields(entry.fields);
  if (id) return lookup.byIdentifier(id);
  const title = entry.fields.title && plainLine(entry.fields.title);
  if (!title) return undefined;
  const author = entry.fields.author ? plainLine(entry.fields.author.split(/\s+and\s+/i)[0]!) : undefined;
  const outcome = await lookup.byBibliographic({ title, author, year: Number(entry.fields.year) || undefined });
  return outcome.status === 'found' ? outcome.work : undefined;
}

function unverifiedMessage(entry: BibEntry): string {
  return identifierOfFields(entry.fields)
    ? 'Its identifier names no work the authority knows.'
    : 'No identifier, and no single published work matches its title and first author; add its DOI or eprint.';
}

/**
 * The authority's fields: its BibTeX (doi.org, arXiv) as written; when none can be had, the
 * record the lookup returned (arXiv's Atom, Crossref's JSON), which is the authority's too.
 */
async function authorityFields(record: PaperRecord, deps: CoreDeps): Promise<Record<string, string>> {
  try {
    const { bibtex } = await fetchBibtex(record, deps);
    return readBibFields(bibtex).fields;
  } catch (error) {
    if (!(error instanceof BibtexUnavailableError)) throw error;
    const fields: Record<string, string> = { title: record.title };
    if (record.authors.length) fields.author = record.authors.join(' and ');
    if (record.year) fields.year = String(record.year);
    if (record.journal) fields.journal = record.journal;
    if (record.publishedDoi ?? record.doi) fields.doi = (record.publishedDoi ?? record.doi)!;
    return fields;
  }
}

/** The second and later entries of one work become `duplicate`, naming the first key. */
function markDuplicates(results: BibCheckEntry[], identities: string[][]): void {
  const firstByIdentity = new Map<string, string>();
  results.forEach((result, i) => {
    const earlier = identities[i]!.map((k) => firstByIdentity.get(k)).find((k) => k !== undefined && k !== result.key);
    if (earlier) {
      result.status = 'duplicate';
      result.duplicateOf = earlier;
      result.message = `The same work as "${earlier}".`;
    }
    for (const k of identities[i]!) if (!firstByIdentity.has(k)) firstByIdentity.set(k, result.key);
  });
}
