// "Find the paper [1] cites for its main dataset": the attached paper's full text (GROBID keeps
// which bibliography entries each paragraph cites), the entries cited where the paper talks
// about the topic, each resolved to its record through Crossref (by DOI, else by title and
// first author). A reference no authority confirms is listed as printed, and says so.
import type { CoreDeps } from '../deps';
import { getFulltext } from '../fulltext';
import type { BibReference, FulltextDocument } from '../fulltext/model';
import { SCORING_TOKENS, stems } from '../text/tokens';
import { parseIdentifier } from '../identity/identifiers';
import { WorkLookup } from '../works/lookup';
import type { FulltextKind, PaperRecord } from '../types';
import type { PlanAnswer, PlanRecord } from './planTypes';
import { noticeOf } from './trust';

/** Why a reading holds no bibliography to follow, by how the paper was read. */
const NO_BIBLIOGRAPHY: Record<FulltextKind, string> = {
  jats: 'its JATS full text lists no references',
  grobid: 'GROBID found no bibliography in it',
  pdfjs: 'its text was read with pdf.js, which does not link citations to the bibliography',
  abstract: 'its text was read from the abstract only',
};

/** References listed per answer. */
const CITED_ROWS = 3;

export async function citedWorks(paper: PaperRecord, ref: number, topic: string, deps: CoreDeps): Promise<PlanAnswer> {
  const calls = [`full text of [${ref}] (the server's JATS, or the PDF through GROBID or pdf.js)`];
  const { kind, document } = await getFulltext(paper, deps);
  const bibliography = document.bibliography ?? [];
  if (bibliography.length === 0) {
    const why = NO_BIBLIOGRAPHY[kind];
    return { summary: `Could not follow the citations of [${ref}]: ${why}.`, records: [], calls };
  }
  const ranked = citedAbout(document, bibliography, topic).slice(0, CITED_ROWS);
  if (ranked.length === 0) return { summary: `[${ref}] cites nothing where it mentions "${topic}".`, records: [], calls };
  const lookup = new WorkLookup(deps);
  const resolved = await Promise.all(ranked.map((entry) => resolveReference(entry, ref, lookup, calls)));
  const records = resolved.filter((r): r is PlanRecord => typeof r !== 'string');
  const unconfirmed = resolved.filter((r): r is string => typeof r === 'string');
  const head = `Where [${ref}] mentions "${topic}", it cites ${ranked.length === 1 ? 'one work' : `${ranked.length} works`}; ${records.length} confirmed by their records${records.length ? ' (listed below)' : ''}.`;
  const printed = unconfirmed.map((text) => `Not confirmed (as printed in [${ref}]): ${text}`);
  return { summary: [head, ...printed].join('\n'), records, calls };
}

/** Bibliography entries cited in paragraphs that mention the topic, most mentions first. */
function citedAbout(document: FulltextDocument, bibliography: BibReference[], topic: string): BibReference[] {
  const wanted = new Set(stems(topic, SCORING_TOKENS));
  const weight = new Map<string, number>();
  for (const paragraph of document.sections.flatMap((s) => s.paragraphs)) {
    if (!paragraph.cites?.length) continue;
    const hits = stems(paragraph.text, SCORING_TOKENS).filter((s) => wanted.has(s)).length;
    if (hits === 0) continue;
    for (const id of paragraph.cites) weight.set(id, (weight.get(id) ?? 0) + hits);
  }
  const byId = new Map(bibliography.map((b) => [b.id, b]));
  return [...weight]
    .sort((a, b) => b[1] - a[1])
    .map(([id]) => byId.get(id))
    .filter((b): b is BibReference => b !== undefined);
}

/** The entry's record, or (when no authority confirms it) the reference as printed, as text. */
async function resolveReference(entry: BibReference, ref: number, lookup: WorkLookup, calls: string[]): Promise<PlanRecord | string> {
  const note = `cited by [${ref}]`;
  const id = entry.doi ? parseIdentifier(entry.doi) : undefined;
  if (id) {
    calls.push(`lookup ${entry.doi}`);
    const found = await lookup.byIdentifier(id);
    if (found) return { record: found.record, note, trust: found.crossref ? noticeOf(found.crossref) : undefined };
  } else if (entry.title) {
    calls.push(`Crossref bibliographic search "${entry.title}"`);
    const outcome = await lookup.byBibliographic({ title: entry.title, author: entry.authors[0], year: entry.year });
    if (outcome.status === 'found') return { record: outcome.work.record, note, trust: outcome.work.crossref ? noticeOf(outcome.work.crossref) : undefined };
  }
  return entry.raw ?? [entry.authors.join(', '), entry.year, entry.title].filter(Boolean).join('. ');
}
