// What identifies a work wherever it was read (a source's record, the user's .bib): its DOI, its
// arXiv id without version, and its title reduced to letters and digits. One place, so dedupe,
// the BibTeX fetch and the .bib update agree on when two records are the same work.
import type { PaperRecord } from '../types';
import { familyName, titleWords } from './names';
import { ARXIV_ID, DOI, isArxivId } from './patterns';

/** A DOI field (bare, `doi:` or a doi.org link) as a lower-case DOI; undefined unless it is one. */
/** DOI prefixes of preprint servers: bioRxiv and medRxiv (old and new) and arXiv's DataCite DOIs. */
const PREPRINT_DOI = /^10\.(1101|64898|48550)\//i;

/** True for a preprint server's DOI: a work under it is a preprint, not its journal version. */
export function isPreprintDoi(doi: string | undefined): boolean {
  return PREPRINT_DOI.test(doi?.trim() ?? '');
}

export function normalizeDoi(raw: string | undefined): string | undefined {
  const doi = raw?.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:)/i, '').toLowerCase();
  return doi && /^10\.\d{4,9}\//.test(doi) ? doi : undefined;
}

/**
 * The first DOI in free text, normalised: URL-decoded, trailing punctuation dropped (a .bib
 * field: "DOI: 10.1186/….", `https://doi.org/10.1086%2F307221`).
 */
export function findDoi(text: string): string | undefined {
  let decoded = text.trim();
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // Not URL-encoded after all.
  }
  const found = new RegExp(DOI).exec(decoded)?.[0];
  return normalizeDoi(found === undefined ? undefined : withoutClosingPunctuation(found));
}

/**
 * A DOI without the punctuation that closes the text around it: "(https://doi.org/10.1007/…_28)."
 * ends at "_28", while a SICI DOI keeps the brackets it opens ("10.1002/(SICI)1097-4636(199711)37:2<231::AID-JBM12>3.0.CO;2-F").
 */
function withoutClosingPunctuation(doi: string): string {
  const count = (text: string, char: string) => text.split(char).length - 1;
  let text = doi.replace(/[.,;}]+$/, '');
  while (/[)\]]$/.test(text) && count(text, text.endsWith(')') ? '(' : '[') < count(text, text.at(-1)!)) text = text.slice(0, -1).replace(/[.,;}]+$/, '');
  return text;
}

export { isArxivId };

/** A DOI as a URL path: its slash stays, everything else that URLs reserve is escaped. */
export function doiPath(doi: string): string {
  return doi.split('/').map(encodeURIComponent).join('/');
}

/** `http://arxiv.org/abs/astro-ph/9812133v1`, `arXiv:1710.08557v2` → the id and its version. */
export function splitArxivId(raw: string): { id: string; version?: string } {
  const text = raw.trim().replace(/^.*?\/abs\//, '').replace(/^arxiv:/i, '').trim();
  const version = /v\d+$/i.exec(text)?.[0];
  return { id: version ? text.slice(0, -version.length) : text, version };
}

/** arXiv's DataCite DOIs (10.48550/arXiv.ID) name an arXiv paper: its versionless id. */
export function arxivIdFromDoi(doi: string | undefined): string | undefined {
  const id = arxivDoiId(doi);
  return id ? splitArxivId(id).id || undefined : undefined;
}

function arxivDoiId(doi: string | undefined): string | undefined {
  return doi ? /^10\.48550\/arxiv\.(.+)$/i.exec(doi)?.[1] : undefined;
}

/** An arXiv id inside a URL (`arxiv.org/abs/…`, `/pdf/…`) or a note (`arXiv:1706.03762`), versionless. */
export function findArxivId(text: string): string | undefined {
  return new RegExp(`arxiv(?:\\.org\\/(?:abs|pdf)\\/|:\\s*)(${ARXIV_ID})(v\\d+)?`, 'i').exec(text)?.[1];
}

/** A record's versionless arXiv id: its own, from an `arxiv:` record id, or from its DataCite DOI. */
export function versionlessArxivId(record: Pick<PaperRecord, 'id' | 'arxivId' | 'doi'>): string | undefined {
  const raw = record.arxivId ?? (record.id.startsWith('arxiv:') ? record.id.slice(6) : arxivDoiId(normalizeDoi(record.doi)));
  return raw === undefined ? undefined : splitArxivId(raw).id || undefined;
}

/** A title normalised for identity: lower-case ASCII words joined by single spaces. */
export function normalizedTitle(title: string): string {
  return titleWords(title).join(' ');
}

/** A title's identity: letters and digits only, so "Prime-Editing" and "prime editing" agree. */
export function titleIdentity(title: string): string {
  return normalizedTitle(title).replace(/ /g, '');
}

/** Titles shorter than this (normalised) are too generic to identify a work. */
const MIN_TITLE_CHARS = 12;

/**
 * Exact identity keys of a record: `arxiv:` its versionless id, `doi:` its DOI and its published
 * version's, and `title:` first-author surname with the title. Two records sharing one key are
 * the same work.
 */
export function identityKeys(record: PaperRecord): string[] {
  const keys: string[] = [];
  const arxivId = versionlessArxivId(record);
  if (arxivId) keys.push('arxiv:' + arxivId.toLowerCase());
  for (const doi of [record.doi, record.publishedDoi]) {
    const normal = normalizeDoi(doi);
    if (normal) keys.push('doi:' + normal);
  }
  // PubMed, Semantic Scholar and OpenAlex name a work's PMID; DBLP and Semantic Scholar its DBLP key.
  if (record.pmid) keys.push('pmid:' + record.pmid);
  if (record.dblpKey) keys.push('dblp:' + record.dblpKey.toLowerCase());
  const title = titleIdentity(record.title);
  const surname = familyName(record.authors[0] ?? '');
  if (title.length >= MIN_TITLE_CHARS && surname) keys.push(`title:${surname}|${title}`);
  return keys;
}
