// The chat's fixed plans: questions about works answered by API calls over real records, never
// by a model's memory (SoAy's lesson). A plan names what it asks and of whom; its answer carries
// the records it used, so the user can check, attach and cite each one.
import type { CoreDeps } from '../deps';
import { familyName } from '../identity/names';
import { normalizeDoi } from '../identity/work';
import { crossrefRecord, fetchCrossrefWork, searchCrossref, type CrossrefWork } from '../sources/crossref';
import { plural } from '../text/plural';
import type { PaperRecord } from '../types';
import { recordFromBibtex } from '../works/bibtexRecord';
import { describeTrust, noticeOf, type ChatTrust } from './trust';
import { citedWorks } from './citedPlan';
import { PlanError, type Attachment, type PlanAnswer, type PlanRecord, type PlanRequest } from './planTypes';

export type { Attachment, PlanAnswer, PlanRecord, PlanRequest } from './planTypes';
export { PlanError } from './planTypes';

/** How many works an author search lists. */
const AUTHOR_ROWS = 8;

export async function runPlan(request: PlanRequest, attachments: Attachment[], deps: CoreDeps): Promise<PlanAnswer> {
  switch (request.plan) {
    case 'published':
      return publishedVersion(attached(attachments, request.ref), request.ref, deps);
    case 'author':
      return authorWorks(attached(attachments, request.ref), request.ref, request.topic, deps);
    case 'cited':
      return citedWorks(attached(attachments, request.ref), request.ref, request.topic, deps);
    case 'newest':
      return newest(attachments);
    case 'retracted':
      return retracted(attachments, deps);
  }
}

function attached(attachments: Attachment[], ref: number): Attachment {
  const record = attachments[ref - 1];
  if (!record) {
    const have = attachments.length === 0 ? 'no paper is attached' : `the attached papers are [1]–[${attachments.length}]`;
    throw new PlanError(`There is no [${ref}]: ${have}.`);
  }
  return record;
}

/** Crossref's record of a DOI, with the call noted. */
async function crossrefWork(doi: string, calls: string[], deps: CoreDeps): Promise<CrossrefWork | undefined> {
  calls.push(`Crossref /works/${doi}`);
  return fetchCrossrefWork(doi, deps);
}

/**
 * The version of record of [n]: the published DOI its source already gave (bioRxiv `published`,
 * arXiv `<arxiv:doi>`), else Crossref's `is-preprint-of` relation of its own DOI; the published
 * DOI's Crossref record supplies the journal and year.
 */
async function publishedVersion(paper: Attachment, ref: number, deps: CoreDeps): Promise<PlanAnswer> {
  const calls: string[] = [];
  let publishedDoi = normalizeDoi(paper.publishedDoi);
  const ownDoi = normalizeDoi(paper.doi);
  if (!publishedDoi && ownDoi) {
    const own = await crossrefWork(ownDoi, calls, deps);
    publishedDoi = own?.preprintOf[0];
    if (own && !publishedDoi && own.type !== 'posted-content') {
      return { summary: `[${ref}] is itself a published ${own.type ?? 'work'} (${own.containerTitle ?? 'Crossref'}, ${own.year ?? 'n.d.'}).`, records: [], calls };
    }
  }
  if (!publishedDoi) {
    const asked = calls.length > 0 ? 'Crossref lists no published version of it' : 'its record names no published version and it has no DOI to ask Crossref about';
    return { summary: `No published version of [${ref}] found: ${asked}.`, records: [], calls };
  }
  const published = await crossrefWork(publishedDoi, calls, deps);
  const found = published ? { record: crossrefRecord(published), trust: noticeOf(published) } : await fromDoiOrg(publishedDoi, calls, deps);
  if (!found) {
    const record: PaperRecord = { id: `doi:${publishedDoi}`, source: 'crossref', title: `DOI ${publishedDoi}`, authors: [], doi: publishedDoi, url: `https://doi.org/${publishedDoi}` };
    return { summary: `[${ref}] names ${publishedDoi} as its published version, but neither Crossref nor doi.org has a record of it.`, records: [{ record, note: `published version of [${ref}] (unverified)` }], calls };
  }
  const where = [found.record.journal, found.record.year].filter(Boolean).join(', ');
  return {
    summary: `Yes: [${ref}] was published as "${found.record.title}"${where ? ` (${where})` : ''}, doi:${publishedDoi}.`,
    records: [{ record: found.record, note: `published version of [${ref}]`, trust: found.trust }],
    calls,
  };
}

/** A DOI Crossref has no record of, read from doi.org's BibTeX; its notices are unknown. */
async function fromDoiOrg(doi: string, calls: string[], deps: CoreDeps): Promise<{ record: PaperRecord; trust: ChatTrust } | undefined> {
  calls.push(`doi.org ${doi} (BibTeX)`);
  const record = await recordFromBibtex(doi, deps);
  return record && { record, trust: { status: 'unknown', reason: 'Crossref has no record of this DOI, so no notices could be read' } };
}

/** Other works by the first author of [n] on a topic (the paper's own title words by default). */
async function authorWorks(paper: Attachment, ref: number, topic: string | undefined, deps: CoreDeps): Promise<PlanAnswer> {
  const author = paper.authors[0];
  if (!author) throw new PlanError(`[${ref}] has no author in its record.`);
  const about = topic?.trim() || paper.title;
  const calls = [`Crossref /works?query.author=${author}&query.bibliographic=${about}`];
  const works = await searchCrossref({ bibliographic: about, author, rows: AUTHOR_ROWS + 2 }, deps);
  const surname = familyName(author).toLowerCase();
  const own = new Set([normalizeDoi(paper.doi), normalizeDoi(paper.publishedDoi)].filter(Boolean));
  const records = works
    .filter((w) => w.authors.some((a) => familyName(a).toLowerCase() === surname) && !own.has(w.doi))
    .slice(0, AUTHOR_ROWS)
    .map((w) => ({ record: crossrefRecord(w), note: `by ${author}${w.year ? `, ${w.year}` : ''}`, trust: noticeOf(w) }));
  const topicText = topic?.trim() ? ` on "${topic.trim()}"` : ' on the topic of [' + ref + ']';
  const summary = records.length
    ? `${plural(records.length, 'other work')} by ${author}${topicText} in Crossref:`
    : `Crossref lists no other work by ${author}${topicText}.`;
  return { summary, records, calls };
}

/** The newest attached paper, by year of its record. */
function newest(attachments: Attachment[]): PlanAnswer {
  if (attachments.length === 0) throw new PlanError('No paper is attached.');
  const dated = attachments.map((record, i) => ({ record, ref: i + 1 })).filter((a) => a.record.year !== undefined);
  if (dated.length === 0) return { summary: 'None of the attached papers has a year in its record.', records: [], calls: [] };
  const top = Math.max(...dated.map((a) => a.record.year!));
  const newestOnes = dated.filter((a) => a.record.year === top);
  const refs = newestOnes.map((a) => `[${a.ref}]`).join(' and ');
  const undated = attachments.length - dated.length;
  return {
    summary: `The newest attached paper${newestOnes.length > 1 ? 's are' : ' is'} ${refs}, from ${top}.${undated ? ` (${undated} without a year not compared.)` : ''}`,
    records: newestOnes.map((a) => ({ record: a.record, note: `[${a.ref}], ${top}` })),
    calls: [],
  };
}

/** Which attached papers carry a retraction, withdrawal or expression of concern (Crossref notices, titles). */
async function retracted(attachments: Attachment[], deps: CoreDeps): Promise<PlanAnswer> {
  if (attachments.length === 0) throw new PlanError('No paper is attached.');
  const calls: string[] = [];
  const lines: string[] = [];
  const records: PlanRecord[] = [];
  for (const [i, record] of attachments.entries()) {
    const doi = normalizeDoi(record.publishedDoi) ?? normalizeDoi(record.doi);
    let trust: ChatTrust;
    try {
      const work = doi ? await crossrefWork(doi, calls, deps) : undefined;
      trust = noticeOf(work, record.title, doi !== undefined, doi);
    } catch (error) {
      trust = { status: 'unknown', reason: `Crossref did not answer (${(error as Error).message})` };
    }
    lines.push(`[${i + 1}] ${describeTrust(trust)}`);
    // The row's trust mark says the status (chat.ts): the note only names the paper.
    if (trust.status !== 'ok') records.push({ record, note: `[${i + 1}]`, trust });
  }
  const flagged = records.filter((r) => ['retracted', 'withdrawn', 'concern'].includes(r.trust?.status ?? ''));
  const head = flagged.length ? `${flagged.length} of the attached papers carry a notice:` : 'None of the attached papers is retracted or withdrawn as far as the records show:';
  return { summary: [head, ...lines].join('\n'), records, calls };
}
