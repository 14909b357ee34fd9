// A printed reference's volume and pages (or article number), from the part after its title, in
// the forms the common styles print them: "pp. 1–10", "13(5):e0197348", "Nature 596, 583–589 (2021)".
import type { ReferenceFields } from './types';
import { withoutMeetingDates } from './venuePart';

export function pagesAndVolume(printed: string): Pick<ReferenceFields, 'pages' | 'volume'> {
  const tail = withoutMeetingDates(printed);
  // Nature prints the pages before the bracketed year: "… Pattern Recognition 770–778 (2016)".
  const pages = /(?:pp?\.|\bpp?\s+(?=\d)|pages)\s*(\d+\s*[-–—]+\s*\d+)|[:,]\s*(\d+\s*[-–—]+\s*\d+)|\s(\d+\s*[-–—]+\s*\d+)\s*\((?:1[6-9]|20)\d\d\)|\((?:1[6-9]|20)\d\d\)\s+(\d+\s*[-–—]+\s*\d+)/.exec(tail);
  // Vancouver's article number after volume(issue): "2025;5(4):100814.", "13(5):e0197348"; PLoS's and Springer's
  // after the venue's volume(issue) or volume: "PLoS ONE 7(3):e33693", "J NeuroEng Rehabil 13:22"; natbib's after a comma:
  // "Cell Genomics, 5(4):100814", "Physical Review B, 85:115117".
  // Nature's article number between the volume and the bracketed year: "Nat. Commun. 12, 3456 (2021)", "Sci. Rep. 5, 16696 (2015)".
  // ACM's volume, issue (year), article number is no such thing: "Cell Genomics 5, 4 (2025), 100814".
  const natureNumber = pages ? undefined : /\b\d+,\s*([A-Za-z]?\d+)\s*\((?:1[6-9]|20)\d\d\)(?!,\s*[A-Za-z]?\d)/.exec(tail)?.[1];
  const articleNumber = pages ? undefined : natureNumber ?? singlePage(tail) ?? /(?:;\s*\d+\s*(?:\(\d+\))?|(?<=\p{L}\.?,?\s)\d+\s*(?:\(\d+\))?)\s*:\s*(e?\d+)(?=[.;,\s]|$)/u.exec(tail)?.[1];
  // A year in brackets after the pages is no issue number: "Nature 596, 583–589 (2021)" has volume 596.
  // natbib's and plain's volume without pages or issue stands between commas before the year: "Journal, 13, 2017.".
  const volume = /(?:vol\.|volume)\s*(\d+)|\b(\d+)\s*\((?!(?:1[6-9]|20)\d\d\))\d+\)|\b(\d+):\s?\d|\b(\d+),\s*(?:no\.\s*\d|[A-Za-z]?\d+(?:\s*[-–—]+\s*\d+)?\s*\((?:1[6-9]|20)\d\d\))|\b(\d+)\s+\((?:1[6-9]|20)\d\d\)\s+[A-Za-z]?\d|,\s*(?!(?:1[6-9]|20)\d\d\b)(\d{1,5}),\s*(?:1[6-9]|20)\d\d[a-z]?(?![\d–—-])/.exec(tail);
  return {
    ...(pages ? { pages: (pages[1] ?? pages[2] ?? pages[3] ?? pages[4])!.replace(/\s+/g, '').replace(/[–—]+|-+/, '--') } : {}),
    ...(articleNumber ? { pages: articleNumber } : {}),
    ...(volume ? { volume: volume[1] ?? volume[2] ?? volume[3] ?? volume[4] ?? volume[5] ?? volume[6] } : {}),
  };
}

/**
 * One page or article number: IEEE's and SIAM's "p. 100814"; AMS's, ACM's and Elsevier's after the bracketed year, ending
 * the reference: "(2012), 115117.", "(2025), no. 4, 100814.", "(2025) 100814.".
 */
function singlePage(tail: string): string | undefined {
  return (/\bp\.\s*([A-Za-z]?\d+)(?=[.,;\s]|$)/.exec(tail) ?? /\((?:1[6-9]|20)\d\d\)(?:,\s*(?:no\.\s*\d+,\s*)?|\s+)([A-Za-z]?\d+)\.?\s*$/.exec(tail))?.[1];
}
