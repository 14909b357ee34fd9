// What Citing Medicine (NLM's style, PubMed's "Cite → NLM") prints around a reference's fields and
// is none of them: the medium or kind of work in brackets after the title ("[Internet]",
// "[Preprint]", "[dissertation]"), the date a web page was cited or updated ("[cited 2024 Jan 5]"),
// and the month and day after the year ("2012 Mar 21;7(3):e33693").

/** "[Internet]", "[Preprint]", "[Doctoral dissertation]", "[master's thesis]", "[monograph on the Internet]" at the title's end. */
const MEDIUM =
  /\s*\[[^[\]]*\b(?:Internet|Preprint|dissertation|thesis|monograph|database|homepage|CD-ROM|DVD|editorial|letter|abstract|podcast|video|audio|poster|blog)\b[^[\]]*\]$/i;

/** A date of reading, never the work's: "[cited 2024 Jan 5]", "[updated 2023 Mar 1]", "Accessed 5 Jan. 2024". */
const ACCESS_DATE = /\[(?:cited|updated|accessed|modified|revised|last modified)\b[^\]]*\]|(?:^|(?<=[.,;]\s*))(?:Accessed|Retrieved|Last accessed)\b[^\]]{0,40}?(?:1[6-9]|20)\d\d/gi;

/**
 * The month (and day) after the year, where a venue ends: "PLoS One. 2012 Mar 21;7(3)", "2015 Nov-Dec"
 * (not a season: "Proceedings of the 2016 Winter Simulation Conference").
 */
export const DATE_AFTER_YEAR = /\.?\s+(?:1[6-9]|20)\d\d\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?(?![\p{L}])/u;

/** The title without the medium Citing Medicine puts after it. */
export function withoutMedium(title: string): string {
  return title.replace(MEDIUM, '');
}

/** The text without the dates on which it was read: their year is not the work's. */
export function withoutAccessDates(text: string): string {
  return text.replace(ACCESS_DATE, ' ');
}
