// Applying the authority's fields to an entry the user accepted: only those fields change (a
// value replaced in place, in braces; a missing field added before the closing brace), the key,
// the entry type, the other fields and every byte outside the entry stay as they were.
import type { TextEditPlan } from '../manuscript/citeInsert';
import { lineEndingOf, type LineEnding } from '../text/lineEnding';
import { readBibEntries } from '../bibtex/entries';
import { scanBibEntry } from '../bibtex/entryFields';
import type { ComparedField } from './compare';
import type { BibCheckEntry } from './index';

/**
 * A .bib field name for a compared field, given the entry's own fields. biblatex's `date` and
 * `journaltitle` (Zotero's Better BibTeX writes them) are where the year and the journal stand: a
 * `year` or `journal` added beside them is overridden by them (biber) and leaves the entry wrong.
 */
function fieldName(field: ComparedField, existing: Record<string, string>, authority: Record<string, string>): string {
  if (field === 'year') return 'date' in existing && !('year' in existing) ? 'date' : 'year';
  if (field !== 'venue') return field;
  if ('booktitle' in existing || (!('journal' in existing) && !('journaltitle' in existing) && 'booktitle' in authority)) return 'booktitle';
  return 'journaltitle' in existing && !('journal' in existing) ? 'journaltitle' : 'journal';
}

/** Offsets [start, end) of the value of `name` in an entry's text (its first part, when `#` joins several), delimiters included. */
function valueSpan(entry: string, name: string): [number, number] | undefined {
  const field = scanBibEntry(entry, 0).fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
  if (!field) return undefined;
  return [field.valueSpan.start, field.parts[0]?.end ?? field.valueSpan.start];
}

function usesAbbreviation(entry: string, [start, end]: [number, number]): boolean {
  const value = entry.slice(start, end);
  const bareWord = !/^[{"]/.test(value) && !/^\d+$/.test(value);
  return bareWord || /^\s*#/.test(entry.slice(end));
}

/**
 * Edits (offsets into the whole file) that give the entry at `entryStart` the authority's values
 * of `accepted`. `entryText` is the entry as it stands in the file; `ending`, the file's line ending.
 */
export function fieldUpdateEdits(
  entryText: string,
  entryStart: number,
  existing: Record<string, string>,
  authority: Record<string, string>,
  accepted: ComparedField[],
  ending: LineEnding = lineEndingOf(entryText),
): TextEditPlan[] {
  const edits: TextEditPlan[] = [];
  const added: string[] = [];
  for (const field of accepted) {
    const name = fieldName(field, existing, authority);
    const value = authority[field === 'venue' ? (authority.journal !== undefined ? 'journal' : 'booktitle') : field];
    if (value === undefined) continue;
    const span = valueSpan(entryText, name);
    // A value built from @string abbreviations (`journal = apj`, `apj # " Suppl."`) is the writer's
    // own shorthand: left as written, whatever the authority says.
    if (span && usesAbbreviation(entryText, span)) continue;
    if (span) edits.push({ offset: entryStart + span[0], deleteLength: span[1] - span[0], insert: `{${value}}` });
    else added.push(`  ${name} = {${value}},`);
  }
  if (added.length) {
    const close = entryText.trimEnd().length - 1;
    const beforeClose = entryText.slice(0, close).trimEnd();
    const comma = beforeClose.endsWith(',') ? '' : ',';
    edits.push({ offset: entryStart + beforeClose.length, deleteLength: 0, insert: `${comma}${ending}${added.join(ending).replace(/,$/, '')}` });
  }
  return edits;
}

/** What the user accepted: per key, the fields to take from the authority. */
export type Accepted = ReadonlyMap<string, readonly ComparedField[]>;

/**
 * The edits to one .bib file for the accepted entries of a check. The file is read again, so an
 * entry that moved or changed since the check is matched by key and line, or left alone.
 */
export function bibCheckEdits(file: string, text: string, checked: readonly BibCheckEntry[], accepted: Accepted): TextEditPlan[] {
  const { entries } = readBibEntries(file, text);
  const ending = lineEndingOf(text);
  return checked.flatMap((result) => {
    const fields = accepted.get(result.key);
    if (!fields?.length || result.file !== file || !result.authority) return [];
    const entry = entries.find((e) => e.key === result.key && e.line === result.line);
    if (!entry) return [];
    return fieldUpdateEdits(text.slice(entry.start, entry.end), entry.start, entry.fields, result.authority, [...fields], ending);
  });
}
