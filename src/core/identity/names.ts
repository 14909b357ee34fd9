// Names and words reduced to plain ASCII, shared by cite keys and work identity. Authors arrive in
// every shape the sources use: BibTeX "von Last, First", "First von Last", Europe PMC
// "Surname IN", braced corporate names, LaTeX accents ({\"o}) and raw Unicode (Gödel).

/** Letters that Unicode decomposition does not reduce to ASCII. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D',
  ð: 'd', Ð: 'D', þ: 'th', Þ: 'Th', ı: 'i', ĸ: 'k', ŉ: 'n',
};

/** LaTeX letter macros (\ss, \o, ...) and their ASCII spelling. */
const LATEX_LETTERS: Record<string, string> = {
  ss: 'ss', o: 'o', O: 'O', ae: 'ae', AE: 'AE', oe: 'oe', OE: 'OE', aa: 'a', AA: 'A', l: 'l',
  L: 'L', i: 'i', j: 'j', dh: 'd', DH: 'D', th: 'th', TH: 'Th', ng: 'ng', NG: 'NG',
};

/**
 * Removes LaTeX markup that carries no letters of its own: accent commands keep their base
 * letter (`{\"o}`, `\"{o}`, `\c c` → o, o, c), letter macros become ASCII, math is dropped,
 * other commands vanish and braces go.
 */
function stripLatex(text: string): string {
  return text
    .replace(/\$\$[\s\S]*?\$\$|\$[^$]*\$|\\\([\s\S]*?\\\)/g, ' ')
    .replace(/\\[`'^"~=.](\s*)\{?\s*\\?([A-Za-z])\}?/g, '$2')
    .replace(/\\[uvHtcdbkr](?:\s+|\s*\{\s*)\\?([A-Za-z])\}?/g, '$1')
    .replace(/\\([A-Za-z]+)(?![A-Za-z])\s*(\{\})?/g, (_m, name: string) => LATEX_LETTERS[name] ?? ' ')
    .replace(/\\./g, ' ')
    .replace(/[{}]/g, '');
}

/** Unicode and LaTeX to ASCII letters, digits and whatever punctuation was there. */
function toAscii(text: string): string {
  return stripLatex(text)
    .replace(/[ßæÆøØœŒłŁđĐðÐþÞıĸŉ]/g, (ch) => SPECIAL_LETTERS[ch] ?? ch)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, ' ');
}

/** Lower-case ASCII letters and digits only: the alphabet of a cite key. */
function keyChars(text: string): string {
  return toAscii(text).toLowerCase().replace(/[^a-z0-9]/g, '');
}

const CORPORATE_WORDS = new Set([
  'project', 'consortium', 'collaboration', 'group', 'organization', 'organisation', 'team',
  'committee', 'association', 'society', 'institute', 'university', 'council', 'network',
  'initiative', 'agency', 'foundation', 'center', 'centre', 'alliance', 'investigators',
  'board', 'federation', 'ministry', 'office', 'laboratory', 'consortia', 'working', 'panel',
]);

const NAME_SUFFIX = /^(jr|sr|ii|iii|iv)\.?$/i;
const INITIALS = /^[A-Z]{1,3}$/;

/** True for "The X Project", "{World Health Organization}", "ATLAS Collaboration" and the like. */
function isCorporateName(name: string): boolean {
  const trimmed = name.trim();
  if (/^\{[^{}]*\}$/.test(trimmed) && /\s/.test(trimmed)) return true;
  const words = toAscii(trimmed).toLowerCase().split(/[^a-z]+/).filter(Boolean);
  return words[0] === 'the' || words.some((w) => CORPORATE_WORDS.has(w));
}

/**
 * The family name of one author as it should appear in a key, particles included
 * ("van der Maaten" → "vandermaaten", "Valero-Cuevas" → "valerocuevas"), so the key reads like
 * the name a reader knows. Corporate authors give their first significant word.
 * Returns '' when nothing ASCII is left (e.g. a name only in CJK script).
 */
export function familyName(name: string): string {
  if (isCorporateName(name)) return firstSignificantWord(name);
  const plain = name.trim();
  const commaAt = topLevelComma(plain);
  if (commaAt >= 0) return keyChars(plain.slice(0, commaAt));
  const tokens = plain.split(/\s+/).filter(Boolean);
  while (tokens.length > 1 && NAME_SUFFIX.test(tokens[tokens.length - 1])) tokens.pop();
  if (tokens.length === 0) return '';
  if (tokens.length > 1 && INITIALS.test(tokens[tokens.length - 1]) && !INITIALS.test(tokens[0])) {
    // Europe PMC / PubMed "Surname IN": the initials come last.
    return keyChars(tokens.slice(0, -1).join(' '));
  }
  // BibTeX "First von Last": the von part starts at the first lower-case word after the first.
  const vonAt = tokens.findIndex((t, i) => i > 0 && i < tokens.length - 1 && /^[a-z]/.test(toAscii(t)));
  return keyChars(tokens.slice(vonAt > 0 ? vonAt : tokens.length - 1).join(' '));
}

/** Index of the first comma outside braces, or -1. */
function topLevelComma(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') depth++;
    else if (ch === '}') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) return i;
  }
  return -1;
}

/**
 * Words skipped when a title gives its key word: articles, prepositions, conjunctions and
 * pronouns in English and the languages titles most often come in. Fixed here (not taken
 * from a library) so keys never change when a dependency updates its list.
 */
const FUNCTION_WORDS = new Set(
  (
    'a an the and or nor but so yet for of on in at to by with from into onto upon over under ' +
    'about above across after against along among around as before behind below beneath beside ' +
    'between beyond during except inside near off out outside per since than through toward ' +
    'towards until up via versus vs within without is are was were be been being do does did ' +
    'can could should would will may might must shall this that these those it its we our you ' +
    'your their they he she his her what which who whom whose when where why how not no some ' +
    'any all each every both either neither other such very more most also only just ' +
    'der die das des dem den ein eine einer eines einem einen und oder uber fur mit von zu zum ' +
    'zur im am auf aus bei nach le la les un une des du de et ou en sur pour par au aux dans ' +
    'il lo gli el los las y o del al con por para una uno'
  ).split(' '),
);

/** Words of a title reduced to key characters, LaTeX and math removed, in order. */
export function titleWords(title: string): string[] {
  return toAscii(title)
    .split(/[\s/]+/)
    .map((word) => word.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
}

/** The first word of a title that is neither a function word nor a bare number. */
export function firstSignificantWord(title: string): string {
  return titleWords(title).find((w) => !FUNCTION_WORDS.has(w) && !/^\d+$/.test(w)) ?? '';
}
