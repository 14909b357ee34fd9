// What a user may paste to name a work: a DOI (bare, `doi:`, a doi.org link), an arXiv id (new
// or old style, with or without version, `arXiv:`, abs/pdf links, arXiv's DataCite DOI), a
// bioRxiv/medRxiv link, or a PubMed or PMC id (`PMID: 40120586`, `40120586`, `PMC5967733`, their PubMed, PMC
// and Europe PMC links). One parser, so the command, the code action, the CLI and the audit agree.
import { arxivIdFromDoi, findArxivId, findDoi, isArxivId, normalizeDoi, splitArxivId } from './work';
import { PMC_ID_PATTERNS, PUBMED_ID_PATTERNS, withoutLabelSpace } from './patterns';

export type RxivServer = 'biorxiv' | 'medrxiv';

export type WorkIdentifier =
  | { kind: 'doi'; doi: string; /** Known from a bioRxiv/medRxiv link. */ server?: RxivServer }
  | { kind: 'arxiv'; id: string; version?: string }
  /** A PubMed record; Europe PMC resolves it (to its DOI when it has one). */
  | { kind: 'pubmed'; pmid: string }
  | { kind: 'pmc'; pmcid: string };

/** The identifiers only Europe PMC resolves. */
export type EuropePmcId = Extract<WorkIdentifier, { kind: 'pubmed' | 'pmc' }>;

/** bioRxiv/medRxiv content links: `…/content/10.1101/2020.03.02.972935v1.full.pdf`. */
const RXIV_URL = /^(?:https?:\/\/)?(?:www\.|connect\.)?(biorxiv|medrxiv)\.org\/(?:content|cgi\/content\/short)\/(10\.1101\/[\d.]+\d)(?:v\d+)?/i;

/**
 * The text without surrounding space, angle brackets, quotes or a trailing full stop, and
 * without the space after a label (`doi: 10.1/x`, `PMID: 123`), which is one identifier still.
 */
function trimmed(text: string): string {
  return withoutLabelSpace(text.trim().replace(/^[<"'(\[]+|[>"')\].,;]+$/g, ''));
}

function pubmedOrPmc(value: string): WorkIdentifier | undefined {
  for (const pattern of PUBMED_ID_PATTERNS) {
    const match = pattern.exec(value);
    if (match) return { kind: 'pubmed', pmid: String(Number(match[1])) };
  }
  for (const pattern of PMC_ID_PATTERNS) {
    const match = pattern.exec(value);
    if (match) return { kind: 'pmc', pmcid: match[1]!.toUpperCase() };
  }
  return undefined;
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
  const medical = pubmedOrPmc(value);
  if (medical) return medical;
  // A bare number given as an identifier is how PubMed's PMIDs are copied (Zotero reads it so too).
  // Only here, where the user names a work: a selected number in prose is no identifier (patterns.ts).
  if (/^0*[1-9]\d{0,8}$/.test(value)) return { kind: 'pubmed', pmid: String(Number(value)) };
  const doi = normalizeDoi(value) ?? (/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i.test(value) ? findDoi(value) : undefined);
  if (!doi) return undefined;
  const arxivId = arxivIdFromDoi(doi);
  return arxivId ? { kind: 'arxiv', id: arxivId } : { kind: 'doi', doi };
}

/**
 * The identifier a `.bib` entry names, from the fields that can carry one: `doi`, then
 * `eprint` (with `archivePrefix = arXiv` or an arXiv-shaped value), then `url`, then a PubMed or
 * PMC id.
 */
export function identifierOfFields(fields: Readonly<Record<string, string | undefined>>): WorkIdentifier | undefined {
  const doi = fields.doi ? (parseIdentifier(fields.doi) ?? doiInside(fields.doi)) : undefined;
  if (doi) return doi;
  const eprint = fields.eprint?.trim();
  const prefix = (fields.archiveprefix ?? fields.eprinttype ?? '').trim().toLowerCase();
  if (eprint && (prefix === 'arxiv' || prefix === '' || /^arxiv:/i.test(eprint))) {
    const id = arxiv(eprint) ?? arxiv(`${fields.primaryclass?.trim()}/${eprint}`);
    if (id) return id;
  }
  const url = fields.url?.trim();
  const fromUrl = url ? (parseIdentifier(url) ?? arxivInside(url)) : undefined;
  return fromUrl ?? arxivOfExportFields(fields) ?? pubmedOfFields(fields, eprint, prefix);
}

/**
 * An arXiv id where exporters and writers put it outside `eprint`: Mendeley's `arxivId`, Google
 * Scholar's `journal = {arXiv preprint arXiv:1605.08386}`, a `@misc`'s `howpublished` or `note`
 * (`arXiv:…`, `\url{https://arxiv.org/abs/…}`), DBLP's CoRR `volume = {abs/1512.03385}`.
 */
function arxivOfExportFields(fields: Readonly<Record<string, string | undefined>>): WorkIdentifier | undefined {
  const arxivId = fields.arxivid?.trim();
  const named = arxivId ? arxiv(arxivId) : undefined;
  if (named) return named;
  const journal = fields.journal ?? fields.journaltitle;
  for (const written of [journal, fields.howpublished, fields.note]) {
    const id = written ? findArxivId(written) : undefined;
    if (id) return { kind: 'arxiv', id };
  }
  const corr = /^(?:corr|arxiv)$/i.test(journal?.trim() ?? '') ? /^abs\/(.+)$/i.exec(fields.volume?.trim() ?? '')?.[1] : undefined;
  return corr ? arxiv(corr) : undefined;
}

/** Last: a PubMed or PMC id (biblatex's `eprinttype = {pubmed}`, JabRef's `pmid` and `pmcid` fields). */
function pubmedOfFields(
  fields: Readonly<Record<string, string | undefined>>,
  eprint: string | undefined,
  prefix: string,
): WorkIdentifier | undefined {
  if (eprint && prefix === 'pubmed' && /^\d{1,9}$/.test(eprint)) return { kind: 'pubmed', pmid: String(Number(eprint)) };
  if (eprint && (prefix === 'pmc' || prefix === 'pmcid')) return pubmedOrPmc(eprint);
  const pmid = fields.pmid?.trim();
  if (pmid && /^\d{1,9}$/.test(pmid)) return { kind: 'pubmed', pmid: String(Number(pmid)) };
  const pmcid = fields.pmcid?.trim();
  return pmcid ? pubmedOrPmc(pmcid) : undefined;
}

function doiInside(text: string): WorkIdentifier | undefined {
  const doi = findDoi(text);
  return doi ? parseIdentifier(doi) : undefined;
}

function arxivInside(text: string): WorkIdentifier | undefined {
  const id = findArxivId(text);
  return id ? { kind: 'arxiv', id } : undefined;
}

/** How an identifier is written for people and in the CLI: `10.1086/307221`, `arXiv:1706.03762`, `PMID:40120586`. */
export function formatIdentifier(id: WorkIdentifier): string {
  switch (id.kind) {
    case 'doi':
      return id.doi;
    case 'arxiv':
      return `arXiv:${id.id}${id.version ?? ''}`;
    case 'pubmed':
      return `PMID:${id.pmid}`;
    case 'pmc':
      return id.pmcid;
  }
}
