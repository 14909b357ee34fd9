// The authors a claim names in its own words ("unlike Green and Manning, we keep …", "Collins et
// al. showed …"): a work of theirs is very likely the one meant, though its title may share no word
// with the sentence (CL-SciSumm train, docs/published-bench.md). Only a construction that marks
// capitalised words as people counts: "X et al.", "X and Y", "X, Y and Z", or one name before a
// verb of reporting ("Mitkov showed", "As Golding points out"). A lone capitalised word does not
// ("Markov", "English"), and a name must equal an author's family name, word for word.
import { FAMILY, PARTICLE_WORDS } from '../informal/names';
import { familyNames, SEVERAL_AUTHORS } from '../informal/recognise';
import { isStopword } from '../text/stopwords';
import { isRareInScience } from '../scoring/termStats';
import { citationSpans } from '../latex/citeSites';
import { citationMacros } from '../latex/citeMacros';

/** "X et al." or a list ending in "and"/"&". Compiled on first use: Unicode classes cost a new process milliseconds. */
let namedPattern: RegExp | undefined;
const pattern = () => (namedPattern ??= new RegExp(FAMILY + SEVERAL_AUTHORS, 'gu'));
/** One name (capitalised, not in capitals) before a verb that reports someone's work. */
const REPORTING = String.raw`(?:show|propose|point|report|argue|note|describe|present|introduce|suggest|demonstrate|observe|claim|define|extend|employ|develop)(?:s|ed|es|d)?\b|found\b|finds\b|used\b|uses\b|applie[sd]\b`;
let reportedPattern: RegExp | undefined;
const reported = () => (reportedPattern ??= new RegExp(String.raw`\b(\p{Lu}\p{Ll}[\p{L}'’\-]*)\s+(?:${REPORTING})`, 'gu'));
/** What every construction above needs: checked first, so most claims never run the patterns. */
const CUE = new RegExp(String.raw`\set\s+al\b|\s(?:and|&)\s+\p{Lu}|\p{Lu}\p{Ll}+\s+(?:${REPORTING})`, 'u');

/** "[4]", " [12, 14]", "[3-5]" right after a word. */
const NUMBERED_CITATION = /\s?\[\d+(?:\s*[,–-]\s*\d+)*\]/gu;

/** Family names the text names as people, folded to lower case without accents; empty when none. */
export function namedAuthors(cited: string): string[] {
  // A numbered citation after each name ("Pang[4] and Su[5]") would keep the list from reading as one.
  const text = cited.replace(NUMBERED_CITATION, '');
  if (!CUE.test(text)) return [];
  const names = new Set<string>();
  for (const match of text.matchAll(pattern())) {
    for (const name of familyNames(match[0]) ?? []) names.add(folded(name));
  }
  for (const match of text.matchAll(reported())) {
    const word = match[1]!;
    if (reporterName(word)) names.add(folded(word));
  }
  return [...names];
}

/**
 * The first named author of each work a text names, as far as the names tell: the first name, and
 * the last when it names another work ("Pang[4] and Su[5]", "Ng and Cardie and Bean and Riloff",
 * "Watanabe et al. and Chiang", "Palmer and Dang et al."), not when the two are one pair of
 * co-authors ("Green and Manning"). Of CL-SciSumm's 263 training citances that name people, 38
 * cite a work of a later name, not the first's: the last name reaches 27 of them, and 59 ask twice.
 */
export function namedWorksAuthors(cited: string, source?: string): string[] {
  const names = namedAuthors(cited);
  const [first, last] = [names[0], names.at(-1)];
  if (!first || !last || last === first) return first ? [first] : [];
  // "Palmer and Dang et al.": Palmer's work and Dang et al.'s. The plain text has lost the LaTeX
  // citations, so a pair is read where they stood: "Pang~\cite{a} and Su~\cite{b}" names two works.
  const written = source ? withCitationsMarked(source) : cited;
  const text = ` ${folded(written.replace(/&/g, ' and '))} `;
  const pair = ` ${first} and ${last} `;
  return names.length === 2 && text.includes(pair) && !text.includes(`${pair}et al `) ? [first] : [first, last];
}

/** LaTeX with each citation (the manuscript readers' own: cite commands, starred, with options) as "[1]". */
function withCitationsMarked(source: string): string {
  let marked = '';
  let at = 0;
  for (const { start, end } of citationSpans(source, citationMacros([source]))) {
    marked += `${source.slice(at, start)} [1] `;
    at = end;
  }
  return marked + source.slice(at);
}

/**
 * The text with the particles of the names it cites blanked out ("Van Halteren et al.", "de Marneffe
 * and Manning"), for readers that weigh words by field: the router learned "van" from "van der Waals"
 * and sends a sentence citing Van Halteren to physics. The names themselves stay: which names a
 * field's papers cite is evidence the router learned too (on CL-SciSumm's citances, blanking whole
 * names moved as many sentences away from computer science as toward it).
 */
export function withoutNameParticles(text: string): string {
  if (!CUE.test(text)) return text;
  return text.replace(pattern(), (match, offset: number) => {
    const before = text[offset - 1];
    if (before && /[\p{L}\p{N}]/u.test(before)) return match; // "Midd|le Eastern and North": inside a word
    return familyNames(match) ? match.replace(PARTICLES, (particle) => ' '.repeat(particle.length)) : match;
  });
}

/** A name's particles (names.ts's) as words of their own, before a capitalised word or another particle. */
const PARTICLES = new RegExp(String.raw`\b(?:${PARTICLE_WORDS})(?=\s+(?:\p{Lu}|(?:${PARTICLE_WORDS})\s))`, 'gu');

/**
 * Scientific documents (of the term table's 17,029) above which a word is a word, not a name:
 * "Forces described" (287), "Experiments show" (1,119) against "Golding" (79), "Green" (77), "Mitkov" (7).
 */
const NAME_MAX_DOCUMENTS = 120;

/**
 * Whether the capitalised word before a verb of reporting is a name: "Mitkov showed", not "The results
 * show" or "Recently proposed". A hyphenated word goes by its first stem ("Al-Khwarizmi" by "Khwarizmi", "al" a stopword).
 */
function reporterName(word: string): boolean {
  return !isStopword(word) && !/ly$/.test(word) && isRareInScience(word, NAME_MAX_DOCUMENTS, 'first stem');
}

/** The share (0–1) of `named` found among the family names of `authors`, each by its last word. */
export function namedAuthorShare(named: readonly string[], authors: readonly string[]): number {
  if (named.length === 0 || authors.length === 0) return 0;
  const written = authors.map((author) => ` ${folded(author)} `);
  const found = named.filter((name) => written.some((author) => author.includes(lastWord(name))));
  return found.length / named.length;
}

/** The authors, as the record writes them, whom `named` names ("Hans van Halteren" for "van halteren"). */
export function authorsNamed(named: readonly string[], authors: readonly string[]): string[] {
  if (named.length === 0) return [];
  const words = named.map(lastWord);
  return authors.filter((author) => words.some((word) => ` ${folded(author)} `.includes(word)));
}

/** A name's last word, spaced for a whole-word match: "van halteren" is "Halteren" in records that drop the particle. */
function lastWord(name: string): string {
  return ` ${folded(name).split(' ').at(-1)} `;
}

/** Lower case, accents dropped, punctuation as spaces: "Ó'Neil-Smith, J." → "o neil smith j". */
function folded(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
