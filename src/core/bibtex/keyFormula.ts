// Cite keys from a formula (`[auth:lower][year][shorttitle:1]`, see settings/citeKeyFormula.ts) or from
// one of the named styles. Values are lists of words in plain ASCII: names as their family
// names, titles as their words; a field's words are joined without spaces. Names and title words
// start with a capital unless a modifier says otherwise, as in JabRef's patterns.
import { parseKeyFormula, type FormulaPart } from '../settings/citeKeyFormula';
import type { CiteKeyStyle, Settings } from '../settings/index';
import { makeCiteKey, type CiteKeyFields } from './citeKey';
import { familyName, firstSignificantWord, titleWords } from '../identity/names';

export interface KeyFormula {
  parts: FormulaPart[];
  /** The named style used when the formula yields no key at all (no author, year or title). */
  fallback: CiteKeyStyle;
}

/** How keys are made: a named style, or a formula. */
export type CiteKeyRule = CiteKeyStyle | KeyFormula;

/** The rule the settings ask for: `citeKey.formula` when set, else `citeKey.style`. */
export function citeKeyRule(settings: Pick<Settings, 'citeKey.style' | 'citeKey.formula'>): CiteKeyRule {
  const formula = settings['citeKey.formula'].trim();
  return formula ? { parts: parseKeyFormula(formula), fallback: settings['citeKey.style'] } : settings['citeKey.style'];
}

export function keyFor(fields: CiteKeyFields, rule: CiteKeyRule): string {
  if (typeof rule === 'string') return makeCiteKey(fields, rule);
  const key = rule.parts.map((part) => part.literal ?? render(fieldWords(part.field!, fields), part.modifiers ?? [])).join('');
  return /[A-Za-z0-9]/.test(key) ? key : makeCiteKey(fields, rule.fallback);
}

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const significant = (word: string): boolean => firstSignificantWord(word) === word;

function names(fields: CiteKeyFields): string[] {
  return fields.authors.map((a) => familyName(a)).filter(Boolean).map(capitalize);
}

/** The words of one field. */
function fieldWords(field: string, fields: CiteKeyFields): string[] {
  const authors = names(fields);
  const title = titleWords(fields.title).map(capitalize);
  const year = fields.year && Number.isInteger(fields.year) && fields.year > 0 ? String(fields.year) : '';
  const numbers = (field.match(/\d+/g) ?? []).map(Number);
  switch (field.replace(/\d+(_\d+)?$/, '')) {
    case 'auth':
      if (numbers.length === 0) return authors.slice(0, 1);
      return [(authors[(numbers[1] ?? 1) - 1] ?? '').slice(0, numbers[0])].filter(Boolean);
    case 'authors':
      if (numbers.length === 0) return authors;
      return authors.length > numbers[0]! ? [...authors.slice(0, numbers[0]), 'EtAl'] : authors;
    case 'authorLast':
      return authors.slice(-1);
    case 'authEtAl':
      return authors.length > 2 ? [authors[0]!, 'EtAl'] : authors;
    case 'auth.etal':
      return [(authors.length > 2 ? [authors[0]!, 'etal'] : authors).join('.')];
    case 'year':
      return year ? [year] : [];
    case 'shortyear':
      return year ? [year.slice(-2)] : [];
    case 'title':
      return title;
    case 'shorttitle':
      return title.filter((w) => significant(w.toLowerCase())).slice(0, 3);
    case 'veryshorttitle':
      return title.filter((w) => significant(w.toLowerCase())).slice(0, 1);
    default:
      return [];
  }
}

/** Applies the modifiers left to right, then joins the words. */
function render(words: string[], modifiers: string[]): string {
  let current = words;
  for (const modifier of modifiers) {
    const numbers = (modifier.match(/\d+/g) ?? []).map(Number);
    if (modifier === 'lower') current = current.map((w) => w.toLowerCase());
    else if (modifier === 'upper') current = current.map((w) => w.toUpperCase());
    else if (modifier === 'capitalize') current = current.map((w) => capitalize(w.toLowerCase()));
    else if (modifier === 'abbr') current = current.map((w) => w.charAt(0));
    else if (modifier === 'skipwords') current = current.filter((w) => significant(w.toLowerCase()));
    else if (/^\d+$/.test(modifier)) current = current.slice(0, numbers[0]);
    else if (modifier.startsWith('truncate')) current = [current.join('').slice(0, numbers[0])];
    else if (modifier.startsWith('select')) current = current.slice(numbers[0]! - 1, numbers[0]! - 1 + (numbers[1] ?? 1));
    // fold and nopunct: the words are plain ASCII letters and digits already.
  }
  return current.join('');
}
