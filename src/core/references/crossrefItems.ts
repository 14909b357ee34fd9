// The references a publisher deposited with a work at Crossref, as items to check. A deposit names
// the first author only ("AF Arnsten"), so the list is cut short with "others": the judge then
// holds it against any list that person starts. A deposit that is only a string ("unstructured")
// is read from its text, as a pasted reference is.
import { decodeEntities } from '../bibcheck/titles';
import type { CrossrefReference } from '../sources/crossrefWork';
import { compactFields, fieldsOfItem } from './fields';
import type { ReferenceFields, ReferenceItem } from './types';

export function crossrefItems(references: readonly CrossrefReference[]): ReferenceItem[] {
  return references.map((deposited, index) => {
    // Deposits keep XML's escapes in their text ("Parkinson&apos;s disease").
    const reference = Object.fromEntries(Object.entries(deposited).map(([k, v]) => [k, decodeEntities(v)])) as CrossrefReference;
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
  if (!journal || !read.title) return read;
  const titleAt = text.indexOf(read.title);
  const journalAt = text.indexOf(`. ${journal}`, titleAt + read.title.length);
  const title = titleAt >= 0 && journalAt > titleAt ? text.slice(titleAt, journalAt) : read.title;
  return compactFields({ ...read, title, venue: journal.replace(/\.$/, ''), volume: r.volume ?? read.volume, year: read.year ?? r.year });
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
