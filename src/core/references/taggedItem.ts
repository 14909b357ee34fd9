// A \bibitem whose style tags its fields, `\bibinfo {journal} {Phys. Rev.}` (`\bibinfo` prints only
// its second group): REVTeX's apsrev4-2 and kin (APS and AIP journals, much of physics on arXiv),
// ACM's ACM-Reference-Format (every acmart paper; authors tagged `person`, the title shown by
// `\showarticletitle`) and Nature's naturemag. The tags are read as the fields they name, so
// nothing is guessed from the printed order, which REVTeX separates by commas only ("A. Einstein,
// B. Podolsky, and N. Rosen, Phys. Rev. 47, 777 (1935)").
import { plainTitle } from '../bibcheck/titles';
import { readGroup } from './biblatexBbl';
import { compactFields } from './fields';
import { plainOf } from './latexItem';
import type { ReferenceFields, ReferenceItem } from './types';

/** The styles' own commands that print nothing of their own (REVTeX's item frame, ACM's \natexlab). */
const SILENT = /\\BibitemOpen\b|\\BibitemShut\s*\{[^{}]*\}|\\bibitemStop\b|\\bibitemNoStop\b|\\EOS\b|\\href@noop\s*\{\s*\}|\\natexlab\s*\{[^{}]*\}|\\urldef\s*\\tempurl%?|\\showDOI\s*\{\\tempurl\}/g;
/** The tags' names: `\bibinfo {journal}` prints nothing but the value after it. */
const TAG = /\\(?:bibinfo|bibfield)\s*\{[^{}]*\}\s*/g;
/** ACM's `\showeprint[arXiv]{1605.08386}`, which prints "arXiv:1605.08386" (the type defaults to arXiv). */
const EPRINT = /\\showeprint\s*(?:\[([^\]]*)\])?\s*\{([^{}]*)\}/g;
/** Commands that print their one argument as it is. */
const SHOWN = /\\show(?:article|eprint|ISBN|ISSN)\w*\s*(?=\{)|\\showURL\s*(?=\{)/g;

/** True when the item's LaTeX tags its fields. */
export function isTaggedItem(latex: string): boolean {
  return /\\bibinfo\s*\{[a-z]+\}/.test(latex);
}

export function taggedItem(latex: string, where: Omit<ReferenceItem, 'text'>): ReferenceItem {
  // REVTeX spaces with control spaces and ties ("Mitra},\ and\ ", "P.~H.~S.~\bibnamefont {Torr}").
  const spaced = latex.replace(/(?<!\\)\\(?=\s)/g, '').replace(/(?<!\\)~/g, ' ');
  // A link's address goes after the item's text (the DOI and arXiv id are read from it): the link
  // words nest deeper than latexItem's \href reading goes (`{\emph {\bibinfo {journal} {…}}}`).
  const links: string[] = [];
  const printed = spaced
    .replace(SILENT, '')
    .replace(TAG, '')
    .replace(EPRINT, (_m, type: string | undefined, id: string) => ` ${!type?.trim() || /^arxiv$/i.test(type.trim()) ? 'arXiv' : type.trim()}:${id.trim()} `)
    .replace(SHOWN, '')
    .replace(/\\(?:href|Eprint)\s*\{([^{}]*)\}/g, (_m, url: string) => {
      links.push(url.replace(/\\([_%&#$])/g, '$1').trim());
      return '';
    });
  return { ...where, text: [plainOf(printed), ...links].join(' '), fields: taggedFields(spaced) };
}

function taggedFields(latex: string): ReferenceFields {
  const tagged = valuesByTag(latex);
  const one = (name: string) => {
    const value = tagged.get(name)?.[0]?.content;
    return value === undefined ? undefined : plainOf(value) || undefined;
  };
  const title = tagged.get('title')?.[0]?.content ?? groupAfter(latex, /\\showarticletitle\s*/);
  // Only what is tagged: an untagged DOI (printed as a link) is read from the text.
  return compactFields({
    author: authorsOf(latex, [...(tagged.get('author') ?? []), ...(tagged.get('person') ?? [])]),
    title: title === undefined ? undefined : plainTitle(title) || undefined,
    venue: one('journal') ?? one('booktitle'),
    year: one('year')?.match(/(?:1[6-9]|20)\d\d/)?.[0],
    volume: one('volume'),
    pages: one('pages')?.replace(/\s*[-–—]+\s*/, '--'),
    doi: one('doi'),
  });
}

/** Each `\bibinfo {name} {value}`'s value and where it ends, by name, in order. */
function valuesByTag(latex: string): Map<string, { content: string; end: number }[]> {
  const tagged = new Map<string, { content: string; end: number }[]>();
  for (const m of latex.matchAll(/\\bibinfo\s*(?=\{)/g)) {
    const name = readGroup(latex, m.index + m[0].length);
    if (!name) continue;
    const value = readGroup(latex, name.end + /^\s*/.exec(latex.slice(name.end))![0].length);
    const tag = name.content.trim();
    if (value) tagged.set(tag, [...(tagged.get(tag) ?? []), value]);
  }
  return tagged;
}

function groupAfter(latex: string, command: RegExp): string | undefined {
  const m = command.exec(latex);
  return m ? readGroup(latex, m.index + m[0].length)?.content : undefined;
}

/** Each tagged author in plain text ("J. Wang"), in order, joined as a .bib joins them; "et al." as "others". */
function authorsOf(latex: string, authors: { content: string; end: number }[]): string | undefined {
  const sorted = [...authors].sort((a, b) => a.end - b.end);
  const names = sorted.map((a) => plainOf(a.content)).filter(Boolean);
  if (!names.length) return undefined;
  // "et al." stands after the last tagged author, before the next field (REVTeX inside its author
  // field, Nature after it: `\bibinfo{author}{Wang, J.} \emph{et~al.}`).
  const after = latex.slice(sorted.at(-1)!.end).split(/\\bibinfo|\\newblock|\\bibfield/)[0] ?? '';
  const truncated = /\bet[~\s]*al\b/.test(after);
  return [...names, ...(truncated ? ['others'] : [])].join(' and ');
}
