// Titles held against the authority's, up to form (case, braces, LaTeX, accents, dashes, DBLP's
// closing period, maths written differently) and how far apart they are in words when they are
// not the same: one or two words changed is a near miss, more is another work.
import { titleWords } from '../identity/names';
import { latexToPlainText } from '../latex/plainText';

/** Maths as the words it spells: `$\Omega$` and `$\upOmega$` both read "Omega", `$\varepsilon$` "epsilon". */
export function mathWords(title: string): string {
  // `\ensuremath{\Omega}` (NASA ADS's titles) is maths as `$\Omega$` is.
  const dollars = title.replace(/\\ensuremath\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g, (_m, math: string) => `$${math}$`);
  // A Greek letter's variant reads as the letter, as greekAsWords reads "ϵ" and "ε" alike: `$\varepsilon$` is "epsilon".
  // The spaces around keep the maths its own word, as greekAsWords does for a letter written out.
  return dollars.replace(
    /(?<!\\)\$([^$]*)(?<!\\)\$/g,
    (_m, math: string) => ' ' + math.replace(/\\(?:up|var(?=epsilon|theta|phi|pi|rho|sigma|kappa|[A-Z][a-z]))?([A-Za-z]+)/g, '$1').replace(/[^A-Za-z0-9]+/g, ' ') + ' ',
  );
}

/** A publisher's notice put before a retracted or withdrawn work's title; the trust signal says it, the title is the work's. */
const NOTICE_PREFIX = /^\s*(?:retracted|withdrawn)\s*:\s*/i;

/** A title as people read it: entities, maths and LaTeX turned into plain words, a retraction notice prefix left out. */
export function plainTitle(title: string): string {
  return withoutNotice(latexToPlainText(mathWords(decodeEntities(title))).replace(/\s+/g, ' ').trim());
}

/** A plain title without the publisher's "RETRACTED:" or "WITHDRAWN:" before it, which a message saying so already tells. */
export function withoutNotice(title: string): string {
  return title.replace(NOTICE_PREFIX, '');
}

/** The Greek letters by name, as maths spells them (`$\Omega$` reads "Omega"), in code point order from α. */
const GREEK = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma sigma tau upsilon phi chi psi omega'.split(' ');
const GREEK_VARIANTS: Readonly<Record<string, string>> = { 'ϵ': 'epsilon', 'ϑ': 'theta', 'ϕ': 'phi', 'ϖ': 'pi', 'ϱ': 'rho' };

/** "Ω" as "omega": a record that writes the letter (Crossref's JSON) and a .bib that writes `$\Omega$` say the same. */
function greekAsWords(text: string): string {
  return text.replace(/[\u0391-\u03a9\u03b1-\u03c9\u03d1\u03d5\u03d6\u03f1\u03f5]/g, (letter) => {
    const lower = letter.toLowerCase();
    return ` ${GREEK_VARIANTS[lower] ?? GREEK[lower.codePointAt(0)! - 0x3b1] ?? lower} `;
  });
}

/** A title as the words a reader sees, lower case, in order. */
export function titleTokens(title: string): string[] {
  const text = greekAsWords(plainTitle(title)).replace(/[‐‑‒–—―]/g, '-').replace(/[’‘`´]/g, "'");
  return titleWords(text).map((w) => w.replace(/'/g, ''));
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', apos: "'", quot: '"', lt: '<', gt: '>' };

/** DBLP's XML entities (`Networks&apos;`) copied into a .bib are a form of the character. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|apos|quot|lt|gt);/g, (_m, name: string) => ENTITIES[name]!);
}

/** Word-level edit distance (insert, delete, replace one word). */
function wordDistance(a: string[], b: string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

export type TitleAgreement = 'same' | 'near' | 'other';

export interface TitleComparison {
  agreement: TitleAgreement;
  /** Words to change to turn one title into the other. */
  distance: number;
  /** Share of the longer title's words that the two have in common (0..1). */
  overlap: number;
}

/** Titles cut short (an unclosed brace in the .bib) still agree when at least this many words match. */
const MIN_PREFIX_WORDS = 6;

export function compareTitles(entry: string, authority: string): TitleComparison {
  const a = titleTokens(entry);
  const b = titleTokens(authority);
  const joinedA = a.join('');
  const joinedB = b.join('');
  if (joinedA === joinedB) return { agreement: 'same', distance: 0, overlap: 1 };
  const distance = wordDistance(a, b);
  const setB = new Set(b);
  const common = a.filter((w) => setB.has(w)).length;
  const overlap = common / Math.max(a.length, b.length, 1);
  if (a.length >= MIN_PREFIX_WORDS && b.slice(0, a.length).join('') === joinedA) return { agreement: 'same', distance, overlap };
  // "Title: Subtitle" cited without its subtitle, or with it when the record lacks it.
  const beforeColon = (t: string) => titleTokens(t.split(/:\s/)[0] ?? t).join('');
  if (entry.includes(':') !== authority.includes(':') && (beforeColon(entry) === joinedB || beforeColon(authority) === joinedA) && Math.min(a.length, b.length) >= 4) {
    return { agreement: 'same', distance, overlap };
  }
  const longer = Math.max(a.length, b.length);
  const near = distance <= Math.max(2, Math.round(longer * 0.25)) && overlap >= 0.6;
  return { agreement: near ? 'near' : 'other', distance, overlap };
}
