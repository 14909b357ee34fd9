// Reference strings to graded verdicts with the .bib engine: each item's fields (fieldsOf)
// become a synthetic entry that bibcheck checks exactly as a .bib's; an item whose title
// cannot be read is first identified from its whole string (its DOI or arXiv record, else
// Crossref's bibliographic search), and the found title is taken only when the string holds it.
// What still has no title is "unreadable", with its text: never dropped, never "not found".
import type { CoreDeps } from '../deps';
import type { BibEntry } from '../bibtex/entries';
import { checkBibEntries, type BibCheckEntry, type BibCheckEvent } from '../bibcheck';
import { networkAuthorities, type Authorities } from '../bibcheck/authorities';
import { titleTokens } from '../bibcheck/titles';
import { readAuthorList } from '../bibcheck/people';
import type { AuthorityRecord } from '../bibcheck/verdict';
import { CircuitBreakers } from '../net/breaker';
import { guardHttp } from '../net/guarded';
import { isAbortError } from '../net/types';
import { fieldsOfItem } from './fields';
import type { ReferenceFields, ReferenceItem } from './types';

export interface CheckedReference {
  item: ReferenceItem;
  fields: ReferenceFields;
  /** The .bib engine's result; absent for an unreadable reference. */
  result?: BibCheckEntry;
  /** The reference prints no title (REVTeX's PRL form): the title is its DOI's or arXiv id's record's. */
  titleFromIdentifier?: boolean;
}

export interface ReferenceCheck {
  references: CheckedReference[];
  /** References per verdict, "unreadable" among them. */
  summary: Record<string, number>;
}

export async function checkReferences(
  items: ReferenceItem[],
  deps: CoreDeps,
  listener: (event: BibCheckEvent) => void = () => {},
  given?: Authorities,
): Promise<ReferenceCheck> {
  const guarded: CoreDeps = { ...deps, http: guardHttp(deps.http, new CircuitBreakers()) };
  const authorities = given ?? networkAuthorities(guarded);
  const references: CheckedReference[] = [];
  for (const item of items) {
    deps.signal?.throwIfAborted();
    const fields = fieldsOfItem(item);
    references.push(fields.title ? { item, fields } : { item, ...(await withFoundTitle(item.text, fields, authorities)) });
  }
  const readable = references.map((r, i) => ({ r, i })).filter(({ r }) => r.fields.title);
  const entries = readable.map(({ r, i }) => entryOf(r, i));
  const noted = (entry: BibCheckEntry) => withTitleNote(entry, references[indexOfKey(entry.key)]);
  const report = await checkBibEntries(entries, deps, (event) => listener(event.type === 'entry' ? { ...event, entry: noted(event.entry) } : event), authorities);
  report.entries.forEach((checked, n) => {
    const reference = readable[n]!.r;
    const result = noted(checked);
    const duplicateOf = result.duplicateOf && keyOf(references, result.duplicateOf);
    reference.result = { ...result, key: reference.item.key ?? result.key, duplicateOf };
  });
  const summary: Record<string, number> = {};
  for (const r of references) {
    const verdict = r.result?.verdict.verdict ?? 'unreadable';
    summary[verdict] = (summary[verdict] ?? 0) + 1;
  }
  return { references, summary };
}

/** The entry's key: the item's index, so two items with one \bibitem key are still two. */
const indexKey = (i: number) => `#${i + 1}`;
const indexOfKey = (key: string) => Number(key.slice(1)) - 1;

function keyOf(references: CheckedReference[], key: string): string {
  const item = references[indexOfKey(key)]?.item;
  return item?.key ?? (item?.number ? `[${item.number}]` : key);
}

function entryOf(reference: CheckedReference, i: number): BibEntry {
  const { item, fields } = reference;
  return {
    key: indexKey(i),
    type: 'misc',
    fields: bibFields(fields),
    file: '',
    line: item.line ?? 0,
    start: item.start ?? 0,
    end: item.end ?? 0,
  };
}

/** The fields as a .bib entry's, plain text escaped where LaTeX would read it. */
export function bibFields(fields: ReferenceFields): Record<string, string> {
  const tex = (value: string) => value.replace(/([&%$#_])/g, '\\$1');
  const out: Record<string, string> = {};
  if (fields.title) out.title = tex(fields.title);
  if (fields.author) out.author = tex(fields.author);
  if (fields.year) out.year = fields.year;
  if (fields.venue) out.journal = tex(fields.venue);
  if (fields.doi) out.doi = fields.doi;
  if (fields.arxiv) Object.assign(out, { eprint: fields.arxiv, archiveprefix: 'arXiv' });
  if (fields.pmid) out.pmid = fields.pmid;
  if (fields.pmcid) out.pmcid = fields.pmcid;
  if (fields.url) out.url = fields.url;
  if (fields.pages) out.pages = fields.pages;
  if (fields.volume) out.volume = fields.volume;
  return out;
}

/**
 * The title of the work the string names: one an authority has that the string contains word for
 * word; or, for a style that prints no title (REVTeX's PRL form), its DOI's or arXiv id's record's,
 * when that record has the printed first author and year. The check then holds the rest against it.
 */
async function withFoundTitle(text: string, fields: ReferenceFields, authorities: Authorities): Promise<Omit<CheckedReference, 'item'>> {
  if (text.split(/\s+/).length < 4) return { fields };
  try {
    // arXiv's own DOI (10.48550/arXiv.2205.01068) is DataCite's, not Crossref's: the paper is arXiv's.
    const arxiv = fields.arxiv ?? /^10\.48550\/arxiv\.(.+?)(?:v\d+)?$/i.exec(fields.doi ?? '')?.[1];
    const byId = arxiv ? await authorities.arxivById(arxiv) : fields.doi ? await authorities.crossrefByDoi(fields.doi) : undefined;
    const records = arxiv || fields.doi ? [byId] : await authorities.crossrefSearch({ title: text });
    const words = ` ${titleTokens(text).join(' ')} `;
    const title = records.find((r) => r && titleTokens(r.title).length >= 2 && words.includes(` ${titleTokens(r.title).join(' ')} `))?.title;
    if (title) return { fields: { ...fields, title } };
    return byId && namesPrintedWork(byId, fields) ? { fields: { ...fields, title: byId.title }, titleFromIdentifier: true } : { fields };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { fields };
  }
}

/** The record has the reference's printed first author (family name) and, when one is printed, its year. */
function namesPrintedWork(record: AuthorityRecord, fields: ReferenceFields): boolean {
  const printed = readAuthorList(fields.author ?? '').people[0];
  const first = readAuthorList(record.authors).people[0];
  if (!printed || !first || printed.family !== first.family) return false;
  return !fields.year || Number(fields.year) === record.year;
}

/** The verdict says when the title checked was the identifier's, not the reference's. */
function withTitleNote(entry: BibCheckEntry, reference: CheckedReference | undefined): BibCheckEntry {
  if (!reference?.titleFromIdentifier) return entry;
  const note = ` The reference prints no title: its ${reference.fields.doi ? 'DOI' : 'arXiv id'} names a work with its first author and year, whose title was taken.`;
  return { ...entry, message: entry.message + note, verdict: { ...entry.verdict, message: entry.verdict.message + note } };
}
