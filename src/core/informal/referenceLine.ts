// A pasted reference-list entry: the whole selection is one reference, so it is a bare mention.
//   AAS:       "Perlmutter, S., et al. 1999, ApJ, 517, 565"
//   APA:       "Smith, J., & Jones, K. (2020). Title of the paper. Journal, 1(2), 3–4."
//   numbered:  "[3] A. Author, B. Author, Title, Venue, 2019."
import type { InformalCitation } from './citation';
import { FAMILY, INITIALS, YEAR } from './names';

const YEAR_IN_TEXT = new RegExp(String.raw`\b${YEAR}\b`, 'u');
/** "Family, I." repeated, joined by commas and "&"/"and", optionally ending in "et al.". */
const FAMILY_FIRST = new RegExp(
  String.raw`^(${FAMILY}),\s*${INITIALS}((?:,?\s*(?:&|and)?\s*${FAMILY},\s*${INITIALS})*)(,?\s*et\s+al\.?)?`,
  'u',
);
/** "A. Author" repeated: the numbered (IEEE-like) style. */
const INITIALS_FIRST = new RegExp(String.raw`^${INITIALS}(${FAMILY})`, 'u');
const NUMBER = /^\s*(?:\[\d+\]|\d+\.)\s+/u;

export function parseReferenceLine(selection: string): InformalCitation | undefined {
  const trimmed = selection.trim();
  if (trimmed.includes('\n') || trimmed.length < 12) return undefined;
  const start = selection.indexOf(trimmed);
  const span = { start, end: start + trimmed.length };
  const numbered = NUMBER.exec(trimmed);
  const body = numbered ? trimmed.slice(numbered[0].length) : trimmed;
  const parsed = familyFirst(body) ?? (numbered ? initialsFirst(body) : undefined);
  if (!parsed || parsed.year === undefined) return undefined;
  return { ...parsed, kind: 'bare', span };
}

type Parsed = Pick<InformalCitation, 'authors' | 'year' | 'titleWords'>;

function familyFirst(body: string): Parsed | undefined {
  const match = FAMILY_FIRST.exec(body);
  if (!match) return undefined;
  const others = [...(match[2] ?? '').matchAll(new RegExp(String.raw`(${FAMILY}),\s*${INITIALS}`, 'gu'))].map((m) => m[1]!);
  const rest = body.slice(match[0].length);
  const year = YEAR_IN_TEXT.exec(rest);
  if (!year || year.index > 12) return undefined;
  // APA puts the title right after "(2020). "; AAS has no title at all.
  const afterYear = rest.slice(year.index + year[0].length).replace(/^\)?\.\s*/, '');
  const apaTitle = /^\(/.test(rest.trim()) ? /^([^.?!]{8,}?)[.?!]/u.exec(afterYear)?.[1] : undefined;
  return { authors: [match[1]!, ...others], year: Number(year[1]), ...(apaTitle ? { titleWords: apaTitle.trim() } : {}) };
}

function initialsFirst(body: string): Parsed | undefined {
  // Commas separate the fields; "and" only joins the last two authors, never a title's words.
  const segments = body.split(/,\s*/u);
  const authors: string[] = [];
  let index = 0;
  for (; index < segments.length; index++) {
    const names = segments[index]!.trim().split(/\s+and\s+/u).map(initialsFamily);
    if (names.some((n) => n === undefined)) break;
    authors.push(...(names as string[]));
  }
  if (authors.length === 0) return undefined;
  const title = segments[index]?.trim().replace(/^["“]|["”]$/gu, '');
  const year = YEAR_IN_TEXT.exec(segments.slice(index).join(', '));
  return { authors, ...(year ? { year: Number(year[1]) } : {}), ...(title ? { titleWords: title } : {}) };
}

/** "D. M. Mount" → "Mount"; undefined when the text is not a name in that form. */
function initialsFamily(text: string): string | undefined {
  const name = INITIALS_FIRST.exec(text.replace(/^and\s+/u, ''));
  return name && name[0].length === text.replace(/^and\s+/u, '').length ? name[1] : undefined;
}
