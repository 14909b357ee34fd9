// Reference strings to graded verdicts with the .bib engine: each item's fields (fieldsOf)
// become a synthetic entry that bibcheck checks exactly as a .bib's; an item whose title cannot
// be read is first identified from what it prints (untitled.ts); one whose DOI or arXiv id names
// nothing is "not found", as in a .bib. What is still not identified is "unreadable", with its
// text: never dropped.
import type { CoreDeps } from '../deps';
import type { BibEntry } from '../bibtex/entries';
import { checkBibEntries, checkingDeps, CONCURRENT, type BibCheckEntry, type BibCheckEvent } from '../bibcheck';
import { networkAuthorities, type Authorities } from '../bibcheck/authorities';
import type { EntryVerdict } from '../bibcheck/verdict';
import { forEachBounded } from '../net/bounded';
import { fieldsOfItem } from './fields';
import type { ReferenceFields, ReferenceItem } from './types';
import { arxivIdOf, identifyUntitled, titleNote, type TitleSource } from './untitled';

export interface CheckedReference {
  item: ReferenceItem;
  fields: ReferenceFields;
  /** The .bib engine's result; absent for an unreadable reference. */
  result?: BibCheckEntry;
  /** The reference prints no title (REVTeX's PRL form): where the title checked came from. */
  titleFrom?: TitleSource;
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
  const authorities = given ?? networkAuthorities(checkingDeps(deps));
  const references: CheckedReference[] = items.map((item) => ({ item, fields: withoutLabelTitle(fieldsOfItem(item)) }));
  // References without a title are identified as the engine checks entries: their arXiv ids and
  // DOIs asked at once (one id_list request, arXiv's 3 s apart; Crossref's DOI lists), the rest
  // several at a time.
  for (const { fields } of references) {
    if (fields.title) continue;
    const arxiv = arxivIdOf(fields);
    // identifyUntitled asks arXiv for an arXiv DOI, Crossref only for another DOI.
    if (arxiv) void authorities.arxivById(arxiv).catch(() => {});
    else if (fields.doi) void authorities.crossrefByDoi(fields.doi).catch(() => {});
  }
  const shownTitles = new Map<number, string>();
  const identify = async (i: number) => {
    const reference = references[i]!;
    if (reference.fields.title) return;
    const { unresolved, shownTitle, ...identified } = await identifyUntitled(reference.item.text, reference.fields, authorities);
    Object.assign(reference, identified);
    if (shownTitle) shownTitles.set(i, shownTitle);
    if (unresolved) reference.result = unresolvedEntry(reference.item, unresolved, i);
  };
  await forEachBounded(references.length, CONCURRENT, identify, deps.signal);
  deps.signal?.throwIfAborted();
  const readable = references.map((r, i) => ({ r, i })).filter(({ r }) => r.fields.title);
  const entries = readable.map(({ r, i }) => entryOf(r, i));
  const noted = (entry: BibCheckEntry) => withTitleNote(entry, references[indexOfKey(entry.key)]);
  const decided = references.flatMap((r) => (r.result ? [r.result] : []));
  const report = await checkBibEntries(entries, deps, countingDecided(listener, decided, noted), authorities);
  report.entries.forEach((checked, n) => {
    const reference = readable[n]!.r;
    const result = noted(checked);
    const duplicateOf = result.duplicateOf && keyOf(references, result.duplicateOf);
    reference.result = { ...result, duplicateOf };
  });
  // A taken title was checked by its words; it is shown as its authority writes it, maths as symbols.
  for (const [i, title] of shownTitles) references[i]!.fields = { ...references[i]!.fields, title };
  // Events carried the engine's "#n" keys (the editor maps them to items); the report carries the items' own.
  for (const r of references) if (r.result && r.item.key) r.result = { ...r.result, key: r.item.key };
  const summary: Record<string, number> = {};
  for (const r of references) {
    const verdict = r.result?.verdict.verdict ?? 'unreadable';
    summary[verdict] = (summary[verdict] ?? 0) + 1;
  }
  return { references, summary };
}

/** A preprint server's label where a title goes ("arXiv preprint arXiv:1605.08386"): no work's title. */
const PREPRINT_LABEL = /^(?:(?:arxiv|biorxiv|medrxiv|chemrxiv|ssrn)\b\s*)?(?:(?:preprint|e-?prints?)\b)?$/i;

/** A year a label kept after it ("arXiv preprint , 2016"). */
const YEAR_AFTER = /[\s.,;:]*\(?((?:1[6-9]|20)\d\d)[a-z]?\)?[\s.,;:]*$/;

/** The fields without a title that is only a preprint label: the reference is then title-less, identified by its id. */
function withoutLabelTitle(fields: ReferenceFields): ReferenceFields {
  if (fields.title === undefined) return fields;
  const year = YEAR_AFTER.exec(fields.title)?.[1];
  const label = fields.title.replace(YEAR_AFTER, '').replace(/[\s.,:;]+$/, '').trim();
  if (!PREPRINT_LABEL.test(label)) return fields;
  const { title: _label, ...rest } = fields;
  return { ...rest, ...(year && !rest.year ? { year } : {}) };
}

/** The engine's progress, counting first the references decided before it (an identifier that names nothing). */
function countingDecided(
  listener: (event: BibCheckEvent) => void,
  decided: BibCheckEntry[],
  noted: (entry: BibCheckEntry) => BibCheckEntry,
): (event: BibCheckEvent) => void {
  return (event) => {
    if (event.type === 'entries') {
      const total = event.total + decided.length;
      listener({ type: 'entries', total });
      decided.forEach((entry, i) => listener({ type: 'entry', entry, done: i + 1, total }));
    } else listener({ ...event, entry: noted(event.entry), done: event.done + decided.length, total: event.total + decided.length });
  };
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

/** The verdict says when the title checked was not the reference's own. */
function withTitleNote(entry: BibCheckEntry, reference: CheckedReference | undefined): BibCheckEntry {
  if (!reference?.titleFrom) return entry;
  const note = ` ${titleNote(reference.titleFrom, reference.fields)}`;
  return { ...entry, message: entry.message + note, verdict: { ...entry.verdict, message: entry.verdict.message + note } };
}

/** A reference whose identifier names nothing: "not found", as the same entry in a .bib would be. */
function unresolvedEntry(item: ReferenceItem, verdict: EntryVerdict, i: number): BibCheckEntry {
  return { key: indexKey(i), file: '', line: item.line ?? 0, status: 'unverified', fields: {}, message: verdict.message, verdict };
}
