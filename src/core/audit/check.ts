// One citation checked: the .bib entry to its work (identifier, else an unambiguous title + first
// author match), the work to its text (full text, else the abstract), the citing sentence scored
// against that text. Works and texts are memoised per run: a paper cited ten times is read once.
import type { CoreDeps } from '../deps';
import type { BibEntry } from '../bibtex/entries';
import { formatIdentifier, identifierOfFields } from '../identity/identifiers';
import { plainLine } from '../latex/plainText';
import { withoutNotice } from '../bibcheck/titles';
import { SERVICE_LABEL, hostOf } from '../net/errors';
import { isRefusal, refusalWords } from '../net/breaker';
import { HttpError, TimeoutError, isAbortError, type ServiceName } from '../net/types';
import { getFulltext } from '../fulltext';
import { WorkLookup, type FoundWork } from '../works/lookup';
import type { PaperRecord, TrustSignal } from '../types';
import { assessTrust } from '../trust';
import { SourceError } from '../sources/errors';
import type { AuditCache, CachedResult } from './cache';
import type { AuditWork, ReadWork } from './types';
import { findEuropePmcVersion, readEuropePmcVersion } from './europePmcVersion';
import { findRxivVersion, rxivName } from './rxivVersion';
import type { PaperText } from './betterFit';
import { auditReading } from './score';
import { ArxivVersionBatch, mayNeedArxivVersion } from './arxivVersionBatch';
import { CrossrefBatchClient } from '../sources/crossrefBatch';

/** What earlier runs found (the audit cache): each entry's work, each work's arXiv version and trust. */
export type KnownWorks = Pick<
  AuditCache,
  'work' | 'setWork' | 'arxivVersion' | 'setArxivVersion' | 'europePmcVersion' | 'setEuropePmcVersion' | 'rxivVersion' | 'setRxivVersion' | 'trust' | 'setTrust'
>;

type Resolved = { work: FoundWork } | { result: CachedResult };

export class CitationChecker {
  private readonly lookup: WorkLookup;
  private readonly versions: ArxivVersionBatch;
  private readonly works = new Map<string, Promise<Resolved>>();
  private readonly texts = new Map<string, Promise<ReadWork>>();
  private readonly trusts = new Map<string, Promise<TrustSignal>>();

  private readonly deps: CoreDeps;

  constructor(
    deps: CoreDeps,
    /** Works resolved by earlier runs, by entry identity (the audit cache's). */
    private readonly known?: KnownWorks,
    private readonly entryKey: (entry: BibEntry) => string = (entry) => `${entry.file}#${entry.start}`,
  ) {
    // Crossref record lookups of one tick (entries' DOIs, trust lookups) share a request.
    this.deps = { ...deps, http: new CrossrefBatchClient(deps.http, deps.settings, deps.signal) };
    this.lookup = new WorkLookup(this.deps);
    this.versions = new ArxivVersionBatch(this.deps);
  }

  /**
   * Starts resolving every entry at once, before any citation is checked: arXiv ids asked in the
   * same tick share one id_list request, instead of one paced request per batch of checks. Each
   * work's text and trust lookup start as soon as it is resolved, not when a check gets to it:
   * the PDF downloads then queue only behind their host's limit (fulltext.concurrency).
   */
  prefetch(entries: BibEntry[]): void {
    for (const entry of entries) {
      // The arXiv-version searches wait, to go out as one request, until each entry is known
      // not to need one: resolved to a work that has an abstract or is arXiv's, or read.
      const release = this.versions.hold();
      void this.resolved(entry)
        .then((resolved) => {
          if (!('work' in resolved)) return release();
          const { record } = resolved.work;
          if (!mayNeedArxivVersion(record) || this.texts.has(record.id)) release();
          void this.memo(this.texts, record.id, () => this.read(record, release)).catch(() => {});
          void this.memo(this.trusts, record.id, () => this.trustOf(record)).catch(() => {});
        })
        .catch(release);
    }
  }

  /**
   * The title and abstract of the entry's work (its arXiv version's or PubMed's abstract when the
   * record has none), for comparing the works of one bibliography (betterFit.ts); undefined when it
   * does not resolve. Read from what the run or the cache already knows.
   */
  async paperText(entry: BibEntry): Promise<PaperText | undefined> {
    const resolved = await this.resolved(entry).catch(() => undefined);
    if (!resolved || !('work' in resolved)) return undefined;
    const { record } = resolved.work;
    // The abstract this run read (PubMed's, an arXiv version's), else one an earlier run found.
    const read = await this.texts.get(record.id)?.catch(() => undefined);
    const known = this.known?.arxivVersion(record.id) ?? this.known?.europePmcVersion(record.id) ?? this.known?.rxivVersion(record.id);
    return { title: record.title, abstract: record.abstract ?? read?.document.abstract ?? known?.abstract };
  }

  private resolved(entry: BibEntry): Promise<Resolved> {
    const key = this.entryKey(entry);
    return this.memo(this.works, key, async () => {
      const record = this.known?.work(key);
      if (record) return { work: { record } };
      const resolved = await this.resolve(entry);
      if ('work' in resolved) this.known?.setWork(key, resolved.work.record);
      return resolved;
    });
  }

  /**
   * For a citation with no words of its own: nothing to score, but a retracted or withdrawn work
   * is said wherever it is cited. Undefined when the work is neither, or does not resolve.
   */
  async retraction(entry: BibEntry): Promise<CachedResult | undefined> {
    const resolved = await this.resolved(entry);
    if (!('work' in resolved)) return undefined;
    const trust = await this.memo(this.trusts, resolved.work.record.id, () => this.trustOf(resolved.work.record));
    if (trust.status !== 'retracted' && trust.status !== 'withdrawn') return undefined;
    const message = 'Not scored: the citation has no words of its own to check the paper against.';
    return withTrust({ status: 'unscored', work: auditWork(resolved.work), message }, trust);
  }

  async check(sentence: string, entry: BibEntry, context?: string): Promise<CachedResult> {
    const resolved = await this.resolved(entry);
    if ('result' in resolved) return resolved.result;
    const { record } = resolved.work;
    const work = auditWork(resolved.work);
    // The trust lookup (Crossref) and the reading of the paper go side by side.
    const [trust, result] = await Promise.all([
      this.memo(this.trusts, record.id, () => this.trustOf(record)),
      this.score(sentence, context, record, work),
    ]);
    return withTrust(result, trust);
  }

  private async score(sentence: string, context: string | undefined, record: FoundWork['record'], work: AuditWork): Promise<CachedResult> {
    const read = await this.memo(this.texts, record.id, () => this.read(record));
    const { document, kind, via } = read;
    if (!document.abstract && document.sections.length === 0) {
      return { status: 'unavailable', work, service: 'full text', message: `Neither the full text nor an abstract of "${withoutNotice(work.title)}" could be read, so the sentence could not be checked.` };
    }
    const paper = { title: record.title, abstract: record.abstract };
    const alone = auditReading([sentence], document, paper);
    // A sentence that leans on the one before ("They showed …") is read with it, as a reader
    // does; the reading that finds more is kept, and the message says which one it was.
    const withContext = context ? auditReading([context, sentence], document, paper) : undefined;
    const useContext = withContext !== undefined && withContext.score > alone.score;
    const { score, status, support, bestAlone } = useContext ? withContext : alone;
    const { best } = support;
    const scored = useContext ? 'with previous sentence' : 'sentence';
    // The sentence alone is what is scored unless said: only the reading with the one before it is named.
    const what = useContext ? ' The citing sentence was scored with the one before it.' : '';
    const from = via ? `from ${via}` : '';
    const read_ = kind === 'abstract' ? `its abstract (no open full text${via ? `; ${from}` : ''})` : `its full text${via ? ` (${from})` : ''}`;
    // Supported by the abstract and the body together, no passage alone (score.ts): the message says so.
    const together = best !== undefined && support.score > best.score && status !== bestAlone;
    const says = together ? `its abstract and its best passage (${best.score.toFixed(2)}) together say so, in ${read_}` : `${read_} says so`;
    const message = {
      supported: `Supported: ${says} (score ${score.toFixed(2)}).${what}`,
      weak: `Weak: something in ${read_} is close, nothing clearly supports it (score ${score.toFixed(2)}).${what}`,
      unsupported: `Unsupported: nothing in ${read_} comes close (score ${score.toFixed(2)}); its closest passage is shown.${what}`,
    }[status];
    return {
      status,
      score,
      scored,
      work,
      fulltext: kind,
      message,
      best: best && { text: best.text, section: best.section, score: best.score, reason: best.reason },
    };
  }

  /**
   * The work's text; a DOI'd work that gave no full text is read through Europe PMC's record of it
   * (PMC's open full text; PubMed's abstract when it has none of its own), and one that gave no
   * text at all through its arXiv version, else its bioRxiv or medRxiv version (rxivVersion.ts).
   * `release` is called once this work can no longer join the arXiv-version batch.
   */
  private async read(record: PaperRecord, release: () => void = () => {}): Promise<ReadWork> {
    let read: ReadWork;
    let arxiv: Promise<PaperRecord | undefined> | undefined;
    try {
      read = await getFulltext(record, this.deps);
      if (read.kind !== 'abstract') return read;
      // The other versions are asked at once: Europe PMC's by DOI, and arXiv's (for a work that
      // gave no text at all) in the audit's batch, which goes out once every held work is known.
      if (!read.document.abstract) arxiv = this.arxivVersion(record);
      arxiv?.catch(() => {}); // awaited below, after Europe PMC's answer
    } finally {
      release();
    }
    const published = await this.europePmcVersion(record);
    const text = published && (await readEuropePmcVersion(record, published, this.deps, !read.document.abstract));
    if (text) return text;
    // Still no text: its bioRxiv/medRxiv version is looked for while arXiv's batch waits for its slot.
    const rxiv = arxiv && this.rxivVersion(record);
    rxiv?.catch(() => {}); // awaited below, after arXiv's answer
    const preprint = await arxiv;
    if (preprint) return { ...(await getFulltext(preprint, this.deps)), via: `its arXiv version arXiv:${preprint.arxivId ?? preprint.id}` };
    const found = await rxiv;
    return found ? { ...(await getFulltext(found, this.deps)), via: `its ${rxivName(found)} version ${found.doi}` } : read;
  }

  /** The work's arXiv version: known to the audit cache (none for the hour), else asked in the batch; undefined when arXiv fails. */
  private arxivVersion(record: PaperRecord): Promise<PaperRecord | undefined> {
    const known = this.known?.arxivVersion(record.id);
    if (known !== undefined) return Promise.resolve(known ?? undefined);
    return this.versions.find(record).then(
      (found) => {
        this.known?.setArxivVersion(record.id, found);
        return found;
      },
      (error: unknown) => {
        if (isAbortError(error)) throw error;
        return undefined; // arXiv failing leaves the finding as it was
      },
    );
  }

  /** Europe PMC's record of the work, remembered (also that it has none) in the audit cache. */
  private async europePmcVersion(record: PaperRecord): Promise<PaperRecord | undefined> {
    const known = this.known?.europePmcVersion(record.id);
    if (known !== undefined) return known ?? undefined;
    const found = await findEuropePmcVersion(record, this.deps);
    if (found !== undefined) this.known?.setEuropePmcVersion(record.id, found ?? undefined);
    return found ?? undefined;
  }

  /** The work's bioRxiv or medRxiv version, remembered (also that it has none) in the audit cache. */
  private async rxivVersion(record: PaperRecord): Promise<PaperRecord | undefined> {
    const known = this.known?.rxivVersion(record.id);
    if (known !== undefined) return known ?? undefined;
    // Europe PMC or the bioRxiv API failing (null) leaves the finding as it was, asked again next time.
    const found = await findRxivVersion(record, this.deps).catch((error: unknown) => (isAbortError(error) ? Promise.reject(error) : null));
    if (found !== null) this.known?.setRxivVersion(record.id, found);
    return found ?? undefined;
  }

  /** Retraction and the like, from Crossref; remembered as long as the HTTP cache keeps a record. */
  private async trustOf(record: PaperRecord): Promise<TrustSignal> {
    const maxAgeMs = Math.max(0, this.deps.settings['cache.ttlHours']) * 3_600_000;
    const known = this.known?.trust(record.id, maxAgeMs);
    if (known) return known;
    const { trust } = await assessTrust(record, this.deps);
    if (trust.status !== 'unknown') this.known?.setTrust(record.id, trust);
    return trust;
  }

  private async resolve(entry: BibEntry): Promise<Resolved> {
    const id = identifierOfFields(entry.fields);
    try {
      if (id) {
        const found = await this.lookup.byIdentifier(id);
        if (found) return { work: found };
        return { result: { status: 'unresolved', message: `The entry's identifier names no work its authority knows (${formatIdentifier(id)}).` } };
      }
      const title = entry.fields.title ? plainLine(entry.fields.title) : '';
      if (!title) return { result: { status: 'unresolved', message: 'The entry has no DOI, eprint, URL or title to find the work by.' } };
      const author = entry.fields.author ? plainLine(entry.fields.author.split(/\s+and\s+/i)[0]!) : undefined;
      const year = Number(entry.fields.year) || undefined;
      const outcome = await this.lookup.byBibliographic({ title, author, year });
      if (outcome.status === 'found') return { work: outcome.work };
      const why = outcome.status === 'ambiguous' ? `${outcome.works.length} different works match its title and author` : 'no published work matches its title and first author';
      return { result: { status: 'unresolved', message: `The entry has no identifier and ${why}; add its DOI or eprint.` } };
    } catch (error) {
      if (isAbortError(error) || this.deps.signal?.aborted) throw error;
      const service = serviceOf(error);
      // A refusal answered: waiting does not mend a key, an address or a proxy it does not accept.
      const message = isRefusal(error) ? `${service} ${refusalWords(error.status)}.` : `${service} did not answer (${(error as Error).message}); try again later.`;
      return { result: { status: 'unavailable', service, message } };
    }
  }

  private memo<T>(map: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
    let value = map.get(key);
    if (!value) map.set(key, (value = make()));
    return value;
  }
}

/** A retracted or withdrawn work is said first, whatever the passage scored. */
function withTrust(result: CachedResult, trust: TrustSignal): CachedResult {
  if (trust.status !== 'retracted' && trust.status !== 'withdrawn') return { ...result, trust };
  const when = trust.notice?.date ? ` (${trust.notice.date}${trust.notice.source ? `, ${trust.notice.source}` : ''})` : '';
  return { ...result, trust, message: `${trust.status.toUpperCase()}${when}: this work was ${trust.status}. ${result.message}` };
}

/** Which service an error came from, as people know it. */
function serviceOf(error: unknown): string {
  if (error instanceof SourceError) return error.host;
  const url = error instanceof HttpError ? error.url : /https?:\/\/[^\s)]+/.exec(String((error as Error)?.message))?.[0];
  const service = (error as { service?: ServiceName }).service;
  if (service && SERVICE_LABEL[service]) return SERVICE_LABEL[service];
  if (url) return hostOf(url);
  return error instanceof TimeoutError ? 'a service (timeout)' : 'a service';
}

function auditWork(found: FoundWork): AuditWork {
  const { record } = found;
  const work: AuditWork = { title: record.title };
  if (record.doi) work.doi = record.doi;
  if (record.arxivId) work.arxivId = record.arxivId;
  const url = record.url ?? (record.doi ? `https://doi.org/${record.doi}` : undefined);
  if (url) work.url = url;
  return work;
}
