// The \bibitem items of a project's .tex files as .bib entries, so that the cite audit and the
// Problems panel resolve a \cite of a thebibliography key as they do a .bib key: each item's
// fields are read from its text (fields.ts, never guessed) and written as the .bib fields the
// audit and the verdict engine read.
import type { BibEntry } from '../bibtex/entries';
import { hasThebibliography, thebibliographyItems } from './bibitems';
import { bibFields } from './check';
import { fieldsOfItem } from './fields';

export function bibitemEntries(file: string, text: string): BibEntry[] {
  if (!hasThebibliography(text)) return [];
  return thebibliographyItems(text)
    .filter((item) => item.key)
    .map((item) => ({ key: item.key!, type: 'misc', fields: bibFields(fieldsOfItem(item)), file, line: item.line ?? 0, start: item.start ?? 0, end: item.end ?? 0 }));
}
