// biber's .bbl (biblatex): each `\entry{key}{type}{}` … `\endentry` holds the entry's fields
// already structured (\field, \name, \list, \verb), so they are read as they are, not re-parsed
// from a formatted string. Names come as family/given key-values (biber ≥ 2.7) or as positional
// groups (older biber): both are read.
import { identifierOfFields } from '../identity/identifiers';
import { plainOf } from './latexItem';
import type { ReferenceFields, ReferenceItem } from './types';

const ENTRY = /\\entry\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g;

/** The content of the brace group opening at `open` (which must be `{`), and the index after it. */
export function readGroup(text: string, open: number): { content: string; end: number } | undefined {
  if (text[open] !== '{') return undefined;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return { content: text.slice(open + 1, i), end: i + 1 };
  }
  return undefined;
}

export function isBiblatexBbl(text: string): boolean {
  return /\\entry\s*\{[^{}]*\}\s*\{[^{}]*\}/.test(text) && /\\endentry/.test(text);
}

export function biblatexItems(text: string): ReferenceItem[] {
  const items: ReferenceItem[] = [];
  for (const match of text.matchAll(ENTRY)) {
    const end = text.indexOf('\\endentry', match.index);
    if (end < 0) break;
    const body = text.slice(match.index + match[0].length, end);
    const fields = fieldsOf(body, match[2]!.trim().toLowerCase());
    items.push({
      key: match[1]!.trim(),
      line: text.slice(0, match.index).split('\n').length - 1,
      start: match.index,
      end: end + '\\endentry'.length,
      text: displayText(fields),
      fields,
    });
  }
  return items;
}

/** The first group after each `\command{name}`: `\field{title}{…}` → title. */
function namedGroups(body: string, command: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = new RegExp(String.raw`\\${command}\s*\{([^{}]+)\}(?:\s*\{[^{}]*\}\s*\{[^{}]*\})?\s*`, 'g');
  for (const m of body.matchAll(pattern)) {
    const group = readGroup(body, m.index + m[0].length);
    if (group && !found.has(m[1]!)) found.set(m[1]!, group.content);
  }
  return found;
}

function fieldsOf(body: string, type: string): ReferenceFields {
  const field = namedGroups(body, 'field');
  const verb = new Map([...body.matchAll(/\\verb\s*\{(\w+)\}\s*\\verb\s+([^\n]*)\n\s*\\endverb/g)].map((m) => [m[1]!, m[2]!.trim()]));
  const names = namedGroups(body, 'name');
  const plain = (value: string | undefined) => (value === undefined ? undefined : plainOf(value.replace(/\\bibrangedash\s*/g, '–')) || undefined);
  const authors = peopleOf(body, names);
  const eprintType = field.get('eprinttype')?.toLowerCase();
  const eprint = verb.get('eprint') ?? field.get('eprint');
  // biblatex's `eprinttype = {pubmed}` (and `pmcid`), read as a .bib entry's would be.
  const named = identifierOfFields({ eprint, eprinttype: eprintType });
  // A title's part after its colon is biblatex's `subtitle` (a journal's and a book's likewise): the name is both.
  const whole = (name: string, part = name.replace(/title$/, 'subtitle')) => [field.get(name), field.get(part)].filter(Boolean).join(': ') || undefined;
  const venue = whole('journaltitle') ?? field.get('journal') ?? whole('booktitle') ?? (type === 'book' ? undefined : whole('maintitle'));
  const fields: ReferenceFields = {
    author: authors.length ? authors.join(' and ') : undefined,
    title: plain(whole('title')),
    venue: plain(venue),
    year: field.get('year') ?? field.get('date')?.slice(0, 4) ?? field.get('labelyear'),
    doi: verb.get('doi') ?? field.get('doi'),
    arxiv: eprintType === 'arxiv' || eprintType === undefined ? eprint : undefined,
    pmid: named?.kind === 'pubmed' ? named.pmid : undefined,
    pmcid: named?.kind === 'pmc' ? named.pmcid : undefined,
    url: verb.get('url') ?? field.get('url'),
    // An online journal's article number (PLoS ONE's e33693) is its `eid`, printed where pages go.
    pages: plain(field.get('pages') ?? field.get('eid')),
    volume: plain(field.get('volume')),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v)) as ReferenceFields;
}

/** The author list (else the editors), "others" at its end when biblatex's `\true{moreauthor}` says it is cut short. */
function peopleOf(body: string, names: Map<string, string>): string[] {
  const role = names.has('author') ? 'author' : 'editor';
  const people = namesOf(names.get(role) ?? '');
  const more = new RegExp(String.raw`\\true\s*\{more${role}\}`).test(body);
  return people.length && more ? [...people, 'others'] : people;
}

/** "Family, Given" of each name of a \name list. */
function namesOf(list: string): string[] {
  const names: string[] = [];
  let at = list.indexOf('{');
  while (at >= 0) {
    const person = readGroup(list, at);
    if (!person) break;
    const name = nameOf(person.content);
    if (name) names.push(name);
    at = list.indexOf('{', person.end);
  }
  return names;
}

function nameOf(person: string): string | undefined {
  // `{hash=…}{family={Smith},given={John},…}` or `{hash=…}{Smith}{S.}{John}{J.}{}{}{}{}`.
  const groups: string[] = [];
  for (let at = person.indexOf('{'); at >= 0; ) {
    const group = readGroup(person, at);
    if (!group) break;
    groups.push(group.content);
    at = person.indexOf('{', group.end);
  }
  const keyed = groups.find((g) => /(?:^|[,%\s])family=/.test(g));
  if (keyed) {
    const value = (name: string) => {
      const m = new RegExp(String.raw`(?:^|[,\s])${name}=`).exec(keyed);
      return m ? readGroup(keyed, m.index + m[0].length)?.content : undefined;
    };
    return joinName(value('family'), value('given'), value('prefix'));
  }
  const positional = groups.filter((g) => !/^\s*(?:uniquename|hash)=/.test(g));
  return joinName(positional[0], positional[2]);
}

/** biber's name delimiters (\bibnamedelima, \bibinitperiod…) as the space or period they print. */
function nameText(value: string): string {
  return plainOf(value.replace(/\\bibinitperiod/g, '.').replace(/\\bib(?:name|init)delim[a-z]?/g, ' '));
}

function joinName(family: string | undefined, given: string | undefined, prefix?: string): string | undefined {
  const last = [prefix, family].map((p) => (p ? nameText(p) : '')).filter(Boolean).join(' ');
  if (!last) return undefined;
  const first = given ? nameText(given) : '';
  return first ? `${last}, ${first}` : last;
}

function displayText(fields: ReferenceFields): string {
  const authors = fields.author?.split(' and ').join('; ');
  return [authors, fields.title, fields.venue, fields.year].filter(Boolean).join('. ') + '.';
}
