// The venue of a printed reference, from the part after its title: from "In" (and its editors) to
// where volume, pages or the year begin, with the periods of abbreviations ("Proc. IEEE", "J. Econ.
// Theory") told from the one that ends it. Also the years and abbreviations every part of the reader shares.
import { DATE_AFTER_YEAR, withoutAccessDates } from './citingMedicine';

/** A year as printed: 1600–2099, with a letter for a second work of the year (2020a). */
export const YEAR = /(?<![\d./:–-])((?:1[6-9]|20)\d\d)[a-z]?(?![\d/–-])/g;

/**
 * ISO 4's abbreviations of title words that venues print with a period ("Proc. IEEE Conf. Comput.
 * Vis. Pattern Recognit.", "Phys. Rev. Lett."): never a full English word, so a title or venue
 * ending in one is not cut short.
 */
const VENUE_ABBREVIATIONS =
  'acad adv am anal annu appl assoc biol bull chem clin commun comput electron eng environ exp geophys inf inst intell j lett ling mach math mech med mol natl neurosci opt pharmacol phys psychol recognit rep res rev sci semin soc stat symp syst technol theor trans vis';
/** Words a period follows without ending the part (abbreviations common in author lists and venues). */
const ABBREVIATIONS = new Set(['vol', 'no', 'nos', 'pp', 'proc', 'conf', 'int', 'intl', 'eds', 'ed', 'jr', 'sr', 'st', 'vs', 'e.g', 'i.e', 'fig', 'cf', 'approx', 'dept', 'univ', ...VENUE_ABBREVIATIONS.split(' ')]);

export function isAbbreviation(word: string): boolean {
  const bare = word.replace(/^[(\[“"]+/, '');
  if (/^(?:\p{Lu}\.?-?)+$/u.test(bare.replace(/\./g, '')) && bare.replace(/[.-]/g, '').length <= 3 && /^\p{Lu}/u.test(bare)) return true; // initials: J, J.-P, A.B
  return ABBREVIATIONS.has(bare.toLowerCase());
}

export function trimPart(text: string): string {
  return text.replace(/^[\s,.:;]+|[\s,.:;]+$/g, '').replace(/^[“"‘]|[”"’]$/g, '').trim();
}

/** A chapter's editors before its book: LNCS's "Navab, N., Frangi, A.F. (eds.)", Vancouver's "Vogelstein B, Kinzler KW, editors." */
const EDITORS = /^[^()]{1,300}?(?:\((?:eds?|editors?)\.?\)|,\s*(?:eds?|editors?)\.)\s*/i;

/** A book's edition, which Citing Medicine prints between the title and the publisher: "2nd ed.", "3rd rev. ed.", "4th edn". */
const EDITION = /^\s*\d+(?:st|nd|rd|th)\s+(?:rev\.\s+|revised\s+)?(?:ed\.|edn\.?|edition\.?)\s*/i;

/** The venue: the part after the title, from "In" (and its editors) to where volume, pages or the year begin. */
export function venueOf(tail: string): string | undefined {
  let text = withoutAccessDates(tail).replace(/^\s*(?:In|in)\s*:?\s+/, '').replace(EDITORS, '').replace(EDITION, '');
  if (/^\s*(?:arXiv|CoRR)\b/i.test(text)) return 'arXiv';
  text = withoutPlaceAndDate(text);
  // Springer's basic style writes "pp 770–778", without a period; APA brackets them: "Proceedings of … (pp. 2270–2282)".
  text = text.split(/,\s*(?:pp?\.|pp?\s+\d|pages?\b|vol\.|volume\b|\d)|\s\d+\s*\(|\s\d+:|\s\d+,\s*(?:no\.|[A-Za-z]?\d)|\s\d+\s*[-–—]+\s*\d+|;\s*\d|\s\(\s*(?:\d{4}|pp?\.|pages?\b|[Vv]ol\.)|,\s*(?:1[6-9]|20)\d\d/)[0] ?? '';
  text = text.split(DATE_AFTER_YEAR)[0]!;
  text = text.slice(0, venueEnd(text));
  const venue = trimPart(text.replace(YEAR, '').replace(/\s+/g, ' '));
  return venue.length >= 2 && /\p{L}{2}/u.test(venue) ? venue : undefined;
}

const MONTH = String.raw`(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?`;
/**
 * The dates a proceedings' title (DBLP's, as LNCS and Springer print it) holds: ", May 7-9, 2015", ", June 27 - July 1,
 * 2016", and day first: ", 17-23 July 2022", ", 30 November - 4 December 2020".
 */
const MEETING_DATES = new RegExp(
  String.raw`,\s*(?:${MONTH}\s+\d{1,2}(?:\s*[-–—]+\s*(?:\p{L}+\.?\s+)?\d{1,2})?,|\d{1,2}(?:\s+${MONTH})?\s*[-–—]+\s*\d{1,2}\s+${MONTH}|\d{1,2}\s+${MONTH})\s*(?:1[6-9]|20)\d\d`,
  'u',
);

/** The text without the meeting's dates, whose days are no pages ("ICML 2022, 17-23 July 2022, …, pages 24177–24211"). */
export function withoutMeetingDates(text: string): string {
  return text.replace(new RegExp(MEETING_DATES.source, 'gu'), '');
}

/**
 * A proceedings' name without where and when the meeting was: "3rd International Conference on Learning
 * Representations, ICLR 2015, San Diego, CA, USA, May 7-9, 2015, …" ends with its "ICLR 2015" (the last part
 * before the dates that names a year: a place names none).
 */
export function withoutPlaceAndDate(text: string): string {
  const dates = MEETING_DATES.exec(text);
  if (!dates) return text;
  const parts = text.slice(0, dates.index).split(/,\s+/);
  const named = parts.findLastIndex((part) => /(?<!\d)(?:1[6-9]|20)\d\d(?!\d)/.test(part));
  return parts.slice(0, named >= 0 ? named + 1 : parts.length).join(', ');
}

/** ISO 4's abbreviations that are English words too: read as such only inside a venue ("J. Mach. Learn. Res."). */
const VENUE_WORDS = new Set(['learn', 'process', 'pattern', 'comp', 'control', 'data', 'found']);

/**
 * Where a period ends the venue: not after an abbreviation ("Proc. IEEE", "Phys. Rev."), nor after
 * any ISO 4 abbreviation the list lacks ("J. Econ. Theory", "Proc. 12th Int. Conf. Artif. Intell.
 * Statist. (AISTATS)") that more of the venue follows.
 */
function venueEnd(text: string): number {
  for (const m of text.matchAll(/(\S+)\.\s+(?=(\S))/g)) {
    const word = m[1]!;
    if (isAbbreviation(word) || VENUE_WORDS.has(word.toLowerCase()) || (isWordStem(word) && /[\p{Lu}(]/u.test(m[2]!))) continue;
    return m.index + word.length;
  }
  return text.length;
}

/**
 * A capitalised stem of up to seven letters that ends as no English word does: ISO 4 cuts a word
 * after a consonant ("Econ", "Artif", "Distrib", "Syst"), where "Vision", "Mining", "Data", "Science",
 * "Systems" or "Theory" end a venue that a publisher ("Springer", "IEEE") follows.
 */
function isWordStem(word: string): boolean {
  return (/^\(?\p{Lu}\p{Ll}{1,6}$/u.test(word) && !/(?:[aeiouy]|ion|ing|[^y]s)$/.test(word)) || isOlogyStem(word);
}

/** ISO 4's "-ology" cut to "-ol", however long the word: "Neurobiol", "Endocrinol", "Immunol", "Epidemiol", "Rheumatol". */
const isOlogyStem = (word: string) => /^\p{Lu}\p{Ll}{2,}[incmtr]ol$/u.test(word);
