// The identifiers a reference string carries (DOI, arXiv id, PMID, PMCID, URL), read before anything else:
// they decide the work with one request and are taken out of the text the other fields come from.
import { findArxivId, findDoi } from '../identity/work';
import { ARXIV_ID } from '../identity/patterns';

export interface StringIdentifiers {
  doi?: string;
  arxiv?: string;
  pmid?: string;
  pmcid?: string;
  url?: string;
  /** The text without them (and without the words that announce them). */
  rest: string;
}

const URL = /\bhttps?:\/\/[^\s<>"]+/gi;
/** "URL", "Available at", "Retrieved from" before a link (or before nothing: a link written apart, as \url{} leaves it). */
const LINK_LABEL = /\b(?:URL|Available(?: online)?(?: at)?|Retrieved from)\b\s*:?\s*(?=https?:\/\/|www\.|\[Online\]|$)/gi;
/** DBLP's and some styles' way of writing an arXiv paper: "CoRR abs/1810.04805". */
const CORR_ID = new RegExp(String.raw`\babs/(${ARXIV_ID})`, 'i');
/** INSPIRE and Elsevier's physics print an old arXiv id alone in brackets: "[hep-th/9802068]". */
const BRACKETED_OLD_ID = /\[((?:[a-z]+-)*[a-z]+(?:\.[A-Z]{2})?\/\d{7})\]/;
/** Vancouver and NLM styles print them after the DOI: "PMID: 40120586; PMCID: PMC5967733". */
const PMID = /\bPMID\s*:?\s*(\d{1,9})\b/i;
const PMCID = /\b(?:PMCID\s*:?\s*)?(PMC\d{3,9})\b/;

export function identifiersOf(text: string): StringIdentifiers {
  const urls = [...text.matchAll(URL)].map((m) => m[0].replace(/[.,;)\]]+$/, ''));
  const doi = findDoi(text);
  const arxiv = findArxivId(text) ?? CORR_ID.exec(text)?.[1] ?? BRACKETED_OLD_ID.exec(text)?.[1];
  const pmid = PMID.exec(text)?.[1];
  const pmcid = PMCID.exec(text)?.[1];
  const url = urls.find((u) => !/doi\.org|arxiv\.org/i.test(u));
  const rest = text
    // The words that announce a link, only where one follows: "URL" in a title ("Malicious URL detection") is the title's.
    .replace(LINK_LABEL, ' ')
    .replace(URL, ' ')
    .replace(/\b(?:doi|DOI)\s*:?\s*10\.\d{4,9}\/\S+/g, ' ')
    .replace(/\b10\.\d{4,9}\/\S+/g, ' ')
    .replace(new RegExp(String.raw`\b(?:arXiv\s*:\s*|abs\/)(?:${ARXIV_ID})(?:v\d+)?(?:\s*\[[^\]]*\])?`, 'gi'), ' ')
    .replace(/\b(?:PMID|PMCID)\s*:?\s*(?:PMC)?\d+\b|\bPMC\d{3,9}\b/gi, ' ')
    .replace(/\[Online\]\.?|\bAccessed[^.]*\./gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return {
    ...(doi ? { doi } : {}),
    ...(arxiv ? { arxiv } : {}),
    ...(pmid ? { pmid: String(Number(pmid)) } : {}),
    ...(pmcid ? { pmcid: pmcid.toUpperCase() } : {}),
    ...(url ? { url } : {}),
    rest,
  };
}
