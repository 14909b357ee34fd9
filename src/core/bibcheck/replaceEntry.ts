// "Replace with the authority's entry": the entry rewritten from the authority's record, keeping
// the user's key, entry type and the fields the authority does not speak to (eprint, url, note,
// keywords…). One edit spanning that entry only: every other byte of the file stays.
import { readBibEntries } from '../bibtex/entries';
import type { TextEditPlan } from '../manuscript/citeInsert';
import type { BibCheckEntry } from './index';

/** Fields the authority's record decides; the rest of the user's entry is kept as written. */
const AUTHORITY_FIELDS = ['author', 'title', 'journal', 'booktitle', 'year', 'volume', 'pages', 'doi'];

/** Where a biblatex entry (Zotero's Better BibTeX) keeps the year and the journal. */
const BIBLATEX_NAME: Readonly<Record<string, string>> = { year: 'date', journal: 'journaltitle' };

/** The entry's text with the authority's fields, fields in a stable order, two-space indent. */
export function authorityEntryText(
  entryType: string,
  key: string,
  ours: Record<string, string>,
  authority: Record<string, string>,
): string {
  const fields: [string, string][] = [];
  const written = new Set<string>();
  for (const name of AUTHORITY_FIELDS) {
    const value = authority[name];
    const alias = BIBLATEX_NAME[name];
    // A biblatex entry's date/journaltitle would override a year/journal written beside it (biber).
    const inEntry = alias && alias in ours && !(name in ours) ? alias : name;
    if (value === undefined) continue;
    fields.push([inEntry, value]);
    written.add(inEntry);
  }
  for (const [name, value] of Object.entries(ours)) {
    if (AUTHORITY_FIELDS.includes(name) || written.has(name) || (name === 'journal' && authority.booktitle) || (name === 'booktitle' && authority.journal))
      continue;
    fields.push([name, value]);
  }
  const width = Math.max(...fields.map(([name]) => name.length));
  return `@${entryType}{${key},\n${fields.map(([name, value]) => `  ${name.padEnd(width)} = {${value}}`).join(',\n')}\n}`;
}

/**
 * The edit that replaces `checked`'s entry in `text` (the file as it is now) with the authority's
 * entry; undefined when the entry moved, changed key or has no authority record.
 */
export function replaceEntryEdit(file: string, text: string, checked: BibCheckEntry): TextEditPlan | undefined {
  if (!checked.authority) return undefined;
  const entry = readBibEntries(file, text).entries.find((e) => e.key === checked.key && e.line === checked.line);
  if (!entry) return undefined;
  const end = text.slice(entry.start, entry.end).trimEnd().length;
  return { offset: entry.start, deleteLength: end, insert: authorityEntryText(entry.type, entry.key, entry.fields, checked.authority) };
}
