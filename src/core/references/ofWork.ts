// The reference list of a work named by its identifier (DOI, arXiv id, PMID, PMCID or link), for
// checking a paper one has not got as a file: a submission under review, a preprint before one
// cites it. The list is taken where its fields are best kept: the article's JATS (PubMed Central's
// open-access XML, bioRxiv's and medRxiv's source XML: every author, tagged), else the references
// its publisher deposited at Crossref (first author only), else its open PDF, read as a PDF file is.
import type { CoreDeps } from '../deps';
import type { PaperRecord } from '../types';
import { parseIdentifier } from '../identity/identifiers';
import { WorkLookup } from '../works/lookup';
import { NotAnIdentifierError, notFoundMessage } from '../works/cite';
import { FulltextError } from '../fulltext/errors';
import { downloadRecordPdf, fulltextDownloadLimits } from '../fulltext/pdfSource';
import { HttpError, isAbortError } from '../net/types';
import type { CrossrefWork } from '../sources/crossref';
import { crossrefItems } from './crossrefItems';
import { fetchEuropePmcRecordByDoi } from '../sources/published/europepmcById';
import { jatsItems } from './jats';
import { pdfReferences } from './pdf';
import type { ReferenceList } from './types';

export type ListSource = 'jats' | 'crossref' | 'pdf';

export type WorkReferences =
  | { status: 'found'; work: PaperRecord; from: ListSource; list: ReferenceList }
  /** The work exists; none of its sources gave a reference list (`message` says why, for each). */
  | { status: 'no-list'; work: PaperRecord; message: string }
  | { status: 'not-found'; message: string };

/** Throws NotAnIdentifierError for text that names no work, and an authority's error when one fails. */
export async function referencesOfWork(text: string, deps: CoreDeps): Promise<WorkReferences> {
  const id = parseIdentifier(text);
  if (!id) throw new NotAnIdentifierError(`"${text.trim().slice(0, 200)}" is neither a file nor a DOI, arXiv id, PMID or PMCID, or a link to one.`);
  const found = await new WorkLookup(deps).byIdentifier(id);
  if (!found) return { status: 'not-found', message: notFoundMessage(id) };
  const work = found.record;
  const notices: string[] = [];
  for (const [from, read] of readers(work, found.crossref, deps)) {
    const list = await read().catch((error: unknown) => {
      if (isAbortError(error) || deps.signal?.aborted) throw error;
      notices.push(`${capitalised(LIST_SOURCES[from])}: ${(error as Error).message}`);
      return undefined;
    });
    if (list?.items.length) return { status: 'found', work, from, list: { ...list, notices: [...notices, ...list.notices] } };
    if (list) notices.push(`${capitalised(LIST_SOURCES[from])}: ${list.notices.join(' ') || 'no references.'}`);
  }
  if (!notices.length) notices.push('No full text of it is open (no JATS, no PDF link) and Crossref holds no references deposited with it.');
  return { status: 'no-list', work, message: `No reference list of "${work.title}" could be read. ${notices.join(' ')}` };
}

/** Where a list came from, as the CLI and the editor say it ("the references of …, from its JATS XML"). */
export const LIST_SOURCES: Readonly<Record<ListSource, string>> = {
  jats: 'its JATS XML',
  crossref: 'the list its publisher deposited at Crossref (first authors only)',
  pdf: 'its PDF',
};

const capitalised = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** A source's list, or undefined when the work turns out not to have that source (said nothing of). */
type Reader = [ListSource, () => Promise<ReferenceList | undefined>];

/** The sources this work has, best first. */
function readers(work: PaperRecord, crossref: CrossrefWork | undefined, deps: CoreDeps): Reader[] {
  const list: Reader[] = [];
  if (work.jatsUrl) list.push(['jats', () => jatsList(work.jatsUrl!, deps)]);
  // A published article named by its DOI: PubMed Central may hold it open, with every author tagged.
  else if (work.doi && deps.settings['sources.europepmc.enabled']) list.push(['jats', () => openJatsOfDoi(work.doi!, deps)]);
  if (crossref?.references) {
    const deposited = crossref.references;
    list.push(['crossref', async () => ({ items: crossrefItems(deposited), notices: [], reader: 'crossref' })]);
  }
  list.push(['pdf', () => pdfList(work, deps)]);
  return list;
}

async function openJatsOfDoi(doi: string, deps: CoreDeps): Promise<ReferenceList | undefined> {
  const record = await fetchEuropePmcRecordByDoi(doi, deps);
  return record?.jatsUrl ? jatsList(record.jatsUrl, deps) : undefined;
}

async function jatsList(url: string, deps: CoreDeps): Promise<ReferenceList> {
  try {
    // JATS is fetched as the full-text stage fetches it: the PDF's queue, limits and cache.
    const response = await deps.http.request({ service: 'pdf', url, accept: 'application/xml', ...fulltextDownloadLimits(deps.settings), signal: deps.signal });
    return jatsItems(response.text());
  } catch (error) {
    if (error instanceof HttpError) throw new Error(`${url} answered HTTP ${error.status}.`, { cause: error });
    throw error;
  }
}

async function pdfList(work: PaperRecord, deps: CoreDeps): Promise<ReferenceList> {
  try {
    const { bytes } = await downloadRecordPdf(work, deps);
    return await pdfReferences(bytes, deps);
  } catch (error) {
    if (error instanceof FulltextError) throw new Error(`${error.message}.`, { cause: error });
    throw error;
  }
}
