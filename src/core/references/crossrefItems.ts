// The references a publisher deposited with a work at Crossref, as items to check. A deposit names
// the first author only ("AF Arnsten"), so the list is cut short with "others": the judge then
// holds it against any list that person starts. A deposit that is only a string ("unstructured")
// is read from its text, as a pasted reference is.
import { decodeEntities } from '../bibcheck/titles';
import { isKnownVenue } from '../bibcheck/venues';
import { titleIdentity } from '../identity/work';
import type { CrossrefReference } from '../sources/crossrefWork';
import { compactFields, fieldsOfItem } from './fields';
import type { ReferenceFields, ReferenceItem } from './types';

export function crossrefItems(references: readonly CrossrefReference[]): ReferenceItem[] {
  return references.map((deposited, index) => {
    // Deposits keep XML's escapes in their text ("Parkinson&apos;s disease").
    const decoded = Object.fromEntries(Object.entries(deposited).map(([k, v]) => [k, decodeEntities(v)])) as CrossrefReference;
    const reference = withTitleFromJournal(decoded);
    const where = { number: String(index + 1), ...(reference.key ? { key: reference.key } : {}) };
    const fields = depositedFields(reference);
    // Without its title tagged, the printed string (every author, the title) says more than the
    // tags: it is read as printed, with the deposit's DOI beside it.
    if (!reference['article-title'] && reference.unstructured) {
      const doi = reference.DOI && !reference.unstructured.toLowerCase().includes(reference.DOI.toLowerCase()) ? ` doi:${reference.DOI}` : '';
      const text = reference.unstructured + doi;
      return { ...where, text, fields: withTaggedJournal(fieldsOfItem({ text }), text, reference) };
    }
    const tagged = fields.title !== undefined || fields.doi !== undefined;
    return { ...where, text: reference.unstructured ?? printed(fields), ...(tagged ? { fields } : {}) };
  });
}

/**
 * The string's fields, with the journal, volume and year the deposit tags beside it: the tag is the journal whole where
 * the string is cut at a period ("Neurobiol. Aging 35" read "Neurobiol"), and where the title holds a period of its own
 * ("… is nucleation-dependent. Implications for …. J. Biol. Chem. 274") the title runs to the tagged journal.
 */
function withTaggedJournal(read: ReferenceFields, text: string, r: CrossrefReference): ReferenceFields {
  const journal = r['journal-title'];
  // The string's own title deposited as its journal (IEEE's): its venue is the one the string prints.
  if (!journal || !read.title || titleIdentity(journal) === titleIdentity(read.title)) return read;
  const titleAt = text.indexOf(read.title);
  const journalAt = text.indexOf(`. ${journal}`, titleAt + read.title.length);
  const title = titleAt >= 0 && journalAt > titleAt ? text.slice(titleAt, journalAt) : read.title;
  return compactFields({ ...read, title, venue: journal.replace(/\.$/, ''), volume: r.volume ?? read.volume, year: read.year ?? r.year });
}

/**
 * IEEE deposits a paper's title as its `journal-title` when it tags no `article-title`, the proceedings
 * then in `volume-title` ("Deep residual learning for image recognition" in "Proc CVPR"), or nothing
 * else for a standalone document (an RFC, a draft, a book). Such a journal title is moved to
 * `article-title` so it is read as the title, not searched as the venue.
 */
function withTitleFromJournal(r: CrossrefReference): CrossrefReference {
  const journal = r['journal-title'];
  if (!journal || r['article-title'] || r.unstructured || !readsAsWorkTitle(journal, r)) return r;
  const { 'journal-title': _title, ...rest } = r;
  return { ...rest, 'article-title': journal };
}

/** Words only a venue's name holds (full or ISO 4 abbreviated). */
const VENUE_WORD = /\b(?:journal|j|proc|proceedings|conf|conference|symp|symposium|workshop|trans|transactions|lett|letters|rev|review|reviews|bull|bulletin|annals|ann|magazine|mag|notices|reports?|series|acta|archives?|opinion|trends|advances)\b/i;

function readsAsWorkTitle(journal: string, r: CrossrefReference): boolean {
  if (VENUE_WORD.test(journal) || isKnownVenue(journal)) return false;
  // With the proceedings beside it, the journal title can only be the paper's.
  if (r['volume-title']) return true;
  // Without them, a journal's reference has its volume or page; a document of its own has neither.
  return !r.volume && !r['first-page'] && journal.split(/\s+/).length >= 3;
}

function depositedFields(r: CrossrefReference): ReferenceFields {
  const title = r['article-title'] ?? r['volume-title'];
  return compactFields({
    author: r.author ? `${firstAuthor(r.author)} and others` : undefined,
    title,
    venue: r['article-title'] ? (r['journal-title'] ?? r['volume-title'] ?? r['series-title']) : (r['journal-title'] ?? r['series-title']),
    year: /\b(1[5-9]|20)\d\d\b/.exec(r.year ?? '')?.[0],
    volume: r.volume,
    pages: r['first-page'],
    doi: r.DOI,
  });
}

/**
 * Deposits write the name as their style prints it: "AF Arnsten", "Arnsten AF", "Arnsten, A. F.".
 * Vancouver's "Family INITIALS" gets its comma, so the family name is read as such.
 */
function firstAuthor(written: string): string {
  const name = written.replace(/\s+et\.?\s*al\.?$/i, '').trim();
  const vancouver = /^(\S.*?)\s+([A-Z]{1,3})$/.exec(name);
  return vancouver && !name.includes(',') ? `${vancouver[1]}, ${vancouver[2]}` : name;
}

function printed(fields: ReferenceFields): string {
  const who = fields.author?.replace(/ and others$/, ' et al.');
  const where = [fields.venue, fields.volume, fields.pages].filter(Boolean).join(' ');
  // "et al." ends with its own period: no second one after it ("tobe et al.. (2000)").
  return [who, fields.year && `(${fields.year})`, fields.title, where, fields.doi && `doi:${fields.doi}`].filter(Boolean).join('. ').replace(/\.\.(?= )/g, '.');
}
