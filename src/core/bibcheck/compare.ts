// Which bibliographic fields of a user's entry say something else than the authority's record.
// Both sides are reduced to what a reader sees (LaTeX, braces, accents, case, spacing, page
// dashes and name order undone), so a difference of form alone is no difference.
import { splitBibtexAuthors } from '../bibtex';
import { familyName, titleWords } from '../identity/names';
import { normalizeDoi } from '../identity/work';

/** The fields compared, by their .bib names (venue: journal or booktitle). */
export const COMPARED_FIELDS = ['title', 'author', 'year', 'venue', 'volume', 'pages', 'doi'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

export interface FieldDifference {
  ours?: string;
  authority: string;
}

type Fields = Readonly<Record<string, string | undefined>>;

/** The entry's value of a compared field (venue from journal or booktitle). */
export function fieldValue(fields: Fields, name: ComparedField): string | undefined {
  const value = name === 'venue' ? (fields.journal ?? fields.booktitle ?? fields.journaltitle) : name === 'year' ? (fields.year ?? fields.date?.slice(0, 4)) : fields[name];
  return value?.trim() || undefined;
}

/** The fields whose meaning differs; a field the authority lacks is never a difference. */
export function differingFields(ours: Fields, authority: Fields): Partial<Record<ComparedField, FieldDifference>> {
  const differences: Partial<Record<ComparedField, FieldDifference>> = {};
  for (const name of COMPARED_FIELDS) {
    const theirs = fieldValue(authority, name);
    if (!theirs) continue;
    const mine = fieldValue(ours, name);
    const same = mine !== undefined && (name === 'author' ? sameAuthors(mine, theirs) : normalise(name, mine) === normalise(name, theirs));
    if (!same) differences[name] = { ours: mine, authority: theirs };
  }
  return differences;
}

/**
 * Pages as a reader compares them: dashes and braces aside, and a range the way NLM and Vancouver
 * print it ("637-41") read in full ("637-641").
 */
export function pagesKey(value: string): string {
  // DBLP writes a numbered article's pages after its number ("159:1-159:39", JMLR 24(159):1–39): the pages are 1-39.
  const pages = value.replace(/[\s{}]/g, '').replace(/-+|–|—/g, '-').toLowerCase().replace(/^(\d+):(\w+)-\1:(\w+)$/, '$2-$3');
  const elided = /^(\d+)-(\d+)$/.exec(pages);
  if (!elided || elided[2]!.length >= elided[1]!.length) return pages;
  const [, first, last] = elided;
  return `${first}-${first!.slice(0, first!.length - last!.length)}${last}`;
}

/**
 * A volume as a reader compares it: braces and spaces aside, and a degenerate range read as the
 * one volume it names (Crossref's "38-38" for Gödel 1931 is volume 38).
 */
export function volumeKey(value: string): string {
  const volume = value.replace(/[\s{}]/g, '').replace(/-+|–|—/g, '-').toLowerCase();
  const range = /^([^-]+)-([^-]+)$/.exec(volume);
  return range && range[1] === range[2] ? range[1]! : volume;
}

function normalise(name: ComparedField, value: string): string {
  switch (name) {
    case 'author':
      return authorsKey(value);
    case 'pages':
      return pagesKey(value);
    case 'volume':
      return volumeKey(value);
    case 'doi':
      return normalizeDoi(value) ?? value.trim().toLowerCase();
    case 'venue':
      // "Astrophys. J." and "The Astrophysical Journal" are the same venue to a reader, but
      // not to a string: only case, articles and punctuation are forgiven here.
      return titleWords(value).filter((w) => w !== 'the').join(' ');
    default:
      // Maths is left out: authorities write it in their own ways ($\Omega$, $\{upOmega}$).
      return titleWords(value.replace(/\$[^$]*\$/g, ' ').replace(/[’‘`´]/g, "'")).join(' ');
  }
}

/**
 * Authors as family names in order. A list ending in "and others" (BibTeX's et al.) matches any
 * longer list it is the start of.
 */
function authorsKey(value: string): string {
  const names = splitBibtexAuthors(value).map((n) => n.trim());
  const truncated = names.at(-1)?.toLowerCase() === 'others';
  const families = (truncated ? names.slice(0, -1) : names).map(familyName);
  return (truncated ? 'prefix:' : '') + families.join('|');
}

/** True when two author lists name the same people (an "and others" list as a prefix). */
export function sameAuthors(ours: string, authority: string): boolean {
  const a = authorsKey(ours);
  const b = authorsKey(authority);
  if (a === b) return true;
  if (a.startsWith('prefix:')) return (b.replace(/^prefix:/, '') + '|').startsWith(a.slice(7) + '|');
  return false;
}
