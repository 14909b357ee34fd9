// What a user may paste to name a work: a DOI (bare, `doi:`, a doi.org link), an arXiv id (new
// or old style, with or without version, `arXiv:`, abs/pdf links, arXiv's DataCite DOI), or a
// bioRxiv/medRxiv link. One parser, so the command, the code action, the CLI and the audit agree.
import { arxivIdFromDoi, findArxivId, findDoi, isArxivId, normalizeDoi, splitArxivId } from './work';

export type RxivServer = 'biorxiv' | 'medrxiv';

export type WorkIdentifier =
  | { kind: 'doi'; doi: string; /** Known from a bioRxiv/medRxiv link. */ server?: RxivServer }
  | { kind: 'arxiv'; id: string; version?: string };

/** bioRxiv/medRxiv content links: `…/content/10.1101/2020.03.02.972935v1.full.pdf`. */
const RXIV_URL = /^(?:https?:\/\/)?(?:www\.|connect\.)?(biorxiv|medrxiv)\.org\/(?:content|cgi\/content\/short)\/(10\.1101\/[\d.]+\d)(?:v\d+)?/i;

/** The text without surrounding space, angle brackets, quotes or a trailing full stop. */
function trimmed(text: string): string {
  return text.trim().replace(/^[<"'(\[]+|[>"')\].,;]+$/g, '');
}

function arxiv(raw: string): WorkIdentifier | undefined {
  const { id, version } = splitArxivId(raw.replace(/\.pdf$/i, ''));
  if (!isArxivId(id)) return undefined;
  return version ? { kind: 'arxiv', id, version } : { kind: 'arxiv', id };
}

/**
 * The identifier `text` is, or undefined when it is none: free text with an identifier inside
 * it ("see doi 10.1/x") is not an identifier, so a selection of prose never looks like one.
 */
export function parseIdentifier(text: string): WorkIdentifier | undefined {
  const value = trimmed(text);
  if (!value || /\s/.test(value)) return undefined;
  const rxiv = RXIV_URL.exec(value);
  if (rxiv) return { kind: 'doi', doi: rxiv[2].toLowerCase(), server: rxiv[1].toLowerCase() as RxivServer };
  if (/^(?:https?:\/\/)?(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf)\//i.test(value)) {
    return arxiv(value.replace(/^.*?\/(?:abs|pdf)\//i, ''));
  }
  if (/^arxiv:/i.test(value) || isArxivId(value)) return arxiv(value);
  const doi = normalizeDoi(value) ?? (/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i.test(value) ? findDoi(value) : undefined);
  if (!doi) return undefined;
  const arxivId = arxivIdFromDoi(doi);
  return arxivId ? { kind: 'arxiv', id: arxivId } : { kind: 'doi', doi };
}

/**
 * The identifier a `.bib` entry names, from the fields that can carry one: `doi`, then
 * `eprint` (with `archivePrefix = arXiv` or an arXiv-shaped value), then `url`.
 */
export function identifierOfFields(fields: Readonly<Record<string, string | undefined>>): WorkIdentifier | undefined {
  const doi = fields.doi ? (parseIdentifier(fields.doi) ?? doiInside(fields.doi)) : undefined;
  if (doi) return doi;
  const eprint = fields.eprint?.trim();
  const prefix = (fields.archiveprefix ?? fields.eprinttype ?? '').trim().toLowerCase();
  if (eprint && (prefix === 'arxiv' || prefix === '' || /^arxiv:/i.test(eprint))) {
    const id = arxiv(eprint);
    if (id) return id;
  }
  const url = fields.url?.trim();
  if (url) return parseIdentifier(url) ?? arxivInside(url);
  return undefined;
}

function doiInside(text: string): WorkIdentifier | undefined {
  const doi = findDoi(text);
  return doi ? parseIdentifier(doi) : undefined;
}

function arxivInside(text: string): WorkIdentifier | undefined {
  const id = findArxivId(text);
  return id ? { kind: 'arxiv', id } : undefined;
}

/** How an identifier is written for people and in the CLI: `10.1086/307221`, `arXiv:1706.03762`. */
export function formatIdentifier(id: WorkIdentifier): string {
  return id.kind === 'doi' ? id.doi : `arXiv:${id.id}${id.version ?? ''}`;
}
