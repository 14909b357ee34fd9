// One result card: title, byline, badges (sources, support, trust), links, the version of
// record, the abstract, the best paragraphs, the BibTeX line and the actions. Every string from a
// record goes in as text; links are opened by the host from its own copy of the record.
import type { Candidate, ScoredParagraph } from '../../src/core/types';
import type { ResultsPageMessage } from '../../src/webview/protocol';
import { citedByText, repositoryLabel } from '../../src/core/identity/repository';
import { namedInClaimText } from '../../src/core/ranking/namedInClaim';
import type { PaperLink } from '../../src/webview/links';
import { button, el, hostLink, icon } from './lib/dom';
import { authorsText, percent } from './lib/format';
import { venueFromJournalRef, venueText } from '../../src/core/bibtex/journalRef';
import { passageOrderNote } from '../../src/core/scoring/passageOrder';

/** What a card needs from the page: how to talk to the host, and the run's state. */
export interface CardContext {
  send: (message: ResultsPageMessage) => void;
  /** The key this paper was cited under, when it was. */
  cited?: string;
  running: boolean;
}

export function renderCard(candidate: Candidate, index: number, ctx: CardContext): HTMLElement {
  const titleId = `title-${index}-${candidate.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const card = el('article', { className: 'card', attrs: { 'aria-labelledby': titleId, 'data-id': candidate.id } });
  card.append(
    el('h3', { className: 'title', text: candidate.title, attrs: { id: titleId } }),
    el('p', { className: 'meta' }, [
      authorsText(candidate.authors),
      candidate.year ? ` · ${candidate.year}` : '',
      venueText(candidate) ? ` · ${venueText(candidate)}` : '',
      candidate.citedBy ? ` · ${citedByText(candidate.citedBy)}` : '',
    ]),
    badges(candidate, ctx),
    links(candidate, ctx),
  );
  const version = versionLine(candidate, ctx);
  if (version) card.append(version);
  if (candidate.abstract) {
    card.append(el('details', { className: 'abstract' }, [el('summary', { text: 'Abstract' }), el('p', { text: candidate.abstract })]));
  }
  card.append(fulltextLine(candidate, ctx), ...paragraphs(candidate.paragraphs), bibtexLine(candidate), actions(candidate, ctx));
  return card;
}

function badges(candidate: Candidate, ctx: CardContext): HTMLElement {
  const row = el('p', { className: 'badges' });
  for (const source of candidate.sources.length ? candidate.sources : [candidate.source]) {
    row.append(el('span', { className: `badge source source-${source}`, text: repositoryLabel(source) }));
  }
  if (candidate.support) {
    const by = candidate.support.by === 'llm' ? ' (LLM)' : '';
    row.append(el('span', { className: `badge support support-${candidate.support.label}`, text: candidate.support.label + by }));
    // The judge and the calibrated lexical scale disagree: both are shown, the user judges.
    const lexical = candidate.support.lexical;
    if (lexical) row.append(el('span', { className: `badge support support-${lexical}`, text: `lexical: ${lexical}` }));
  }
  // The paper's one number; each paragraph's, on the same scale, is shown smaller below.
  if (candidate.score !== undefined) row.append(el('span', { className: 'score', text: `support ${percent(candidate.score)}` }));
  else row.append(el('span', { className: 'score pending', text: `relevance ${percent(candidate.retrievalScore)}` }));
  // Why a card with few of the claim's words may stand high: the claim names its author.
  if (candidate.namedInClaim) row.append(el('span', { className: 'badge named', text: namedInClaimText(candidate.namedInClaim) }));
  const cited = ctx.cited;
  if (cited) row.append(el('span', { className: 'badge cited' }, [icon('check'), ` cited as ${cited}`]));
  const trust = trustBadge(candidate, ctx);
  if (trust) row.append(trust);
  return row;
}

const TRUST_LABELS: Record<string, string> = { retracted: 'Retracted', withdrawn: 'Withdrawn', concern: 'Expression of concern', corrected: 'Corrected', unknown: 'Trust unknown' };

/** A red badge for a retraction or withdrawal, amber for a concern, a note for a correction; the notice opens through the host. */
function trustBadge(candidate: Candidate, ctx: CardContext): HTMLElement | undefined {
  const trust = candidate.trust;
  if (!trust || trust.status === 'ok') return undefined;
  const text = `${TRUST_LABELS[trust.status] ?? trust.status}${trust.notice?.date ? ` ${trust.notice.date}` : ''}`;
  const title = [trust.notice ? `Notice doi:${trust.notice.doi}${trust.notice.source ? ` (${trust.notice.source})` : ''}` : '', trust.reason ?? ''].filter(Boolean).join(' — ');
  const badge = el('span', { className: `badge trust trust-${trust.status}`, attrs: { title, role: 'status' } }, [icon(trust.status === 'corrected' || trust.status === 'unknown' ? 'info' : 'warning'), ` ${text}`]);
  const notice = trust.notice && hostLink('notice', `https://doi.org/${trust.notice.doi}`, () => ctx.send({ type: 'open', id: candidate.id, link: 'notice' }));
  if (notice) badge.append(' ', notice);
  return badge;
}

/** "Published in <venue>", and whose BibTeX the card cites, with the switch. */
function versionLine(candidate: Candidate, ctx: CardContext): HTMLElement | undefined {
  const v = candidate.versionOfRecord;
  if (!v) return undefined;
  const journal = v.journal ? [venueFromJournalRef(v.journal), v.year].filter(Boolean).join(', ') : undefined;
  const venue = journal ?? (candidate.bibtexOf === 'published' ? candidate.venue : undefined);
  // Without a venue, a DOI is a link to the version, not a place of publication.
  const text = venue ? ` Published in ${venue}` : ` Published version: ${v.doi ? `doi:${v.doi}` : 'in a journal'}`;
  const line = el('p', { className: 'version' }, [icon('book'), text]);
  if (v.doi && candidate.bibtexOf) {
    const other = candidate.bibtexOf === 'published' ? 'preprint' : 'published';
    line.append(
      ` · citing the ${candidate.bibtexOf} version `,
      button(`Cite the ${other} version`, 'arrow-swap', () => ctx.send({ type: 'bibtexVersion', id: candidate.id, version: other }), { className: 'button secondary small', action: 'version' }),
    );
  }
  return line;
}

function links(candidate: Candidate, ctx: CardContext): HTMLElement {
  const row = el('p', { className: 'links' });
  const open = (link: PaperLink) => () => ctx.send({ type: 'open', id: candidate.id, link });
  const items = [
    candidate.arxivId ? hostLink(`arXiv:${candidate.arxivId}`, `https://arxiv.org/abs/${candidate.arxivId}`, open('arxiv')) : undefined,
    candidate.doi ? hostLink(`doi:${candidate.doi}`, `https://doi.org/${candidate.doi}`, open('doi')) : undefined,
    candidate.publishedDoi ? hostLink('published version', `https://doi.org/${candidate.publishedDoi}`, open('published')) : undefined,
    candidate.pmid ? hostLink(`PMID:${candidate.pmid}`, `https://pubmed.ncbi.nlm.nih.gov/${candidate.pmid}/`, open('pubmed')) : undefined,
    candidate.pmcid ? hostLink(candidate.pmcid, `https://europepmc.org/article/PMC/${candidate.pmcid}`, open('pmc')) : undefined,
    hostLink('PDF', candidate.pdfUrl, open('pdf')),
  ].filter((a): a is HTMLAnchorElement => a !== undefined);
  items.forEach((a, i) => row.append(...(i ? [' · ', a] : [a])));
  return row;
}

const FULLTEXT_NAMES: Record<string, string> = { jats: 'the server’s JATS', grobid: 'GROBID', pdfjs: 'pdf.js', abstract: 'abstract only' };

/** "open access" or "not open access", as the sources report it: whether a reader can have the paper. */
function accessMark(candidate: Candidate): string {
  if (candidate.openAccess === undefined) return '';
  return candidate.openAccess ? ' · open access' : ' · not open access';
}

function fulltextLine(candidate: Candidate, ctx: CardContext): HTMLElement {
  // A journal article's JATS comes from PubMed Central, a preprint's from its server.
  const name = candidate.fulltext === 'jats' && candidate.pmcid && candidate.sources.includes('pubmed') ? 'PMC’s JATS' : undefined;
  // Scored without full text or abstract: the title was all there was to read.
  const titleOnly = candidate.fulltext === 'abstract' && !candidate.abstract?.trim() ? 'title only (the record has no abstract)' : undefined;
  const text = candidate.fulltext
    ? `Full text: ${name ?? titleOnly ?? FULLTEXT_NAMES[candidate.fulltext] ?? candidate.fulltext}${ofArxivVersion(candidate)}`
    : ctx.running
      ? 'Full text: pending…'
      : 'Full text: not read';
  const title = candidate.fulltextArxivVersion ? arxivVersionTitle(candidate.fulltextArxivVersion) : undefined;
  return el('p', { className: 'fulltext', attrs: { title } }, [icon('file-text'), ` ${text}${accessMark(candidate)}`]);
}

/** A journal or proceedings card read from its arXiv version: its passages are the preprint's, its BibTeX is not. */
function ofArxivVersion(candidate: Candidate): string {
  return candidate.fulltextArxivVersion ? ` of its arXiv version (arXiv:${candidate.fulltextArxivVersion})` : '';
}

function arxivVersionTitle(arxivId: string): string {
  return `The passages are read from the preprint arXiv:${arxivId}; the BibTeX cited is this card's published version's. The two texts may differ.`;
}

/** Paragraphs longer than this show their start, with the rest one click away. */
const PARAGRAPH_PREVIEW = 420;

/** The best passages, with the order they come in said above them (their numbers need not fall). */
function paragraphs(list: ScoredParagraph[] | undefined): HTMLElement[] {
  if (!list?.length) return [];
  const shown = list.slice(0, 3);
  const box = el('ol', { className: 'paragraphs', attrs: { 'aria-label': 'Top paragraphs' } });
  for (const p of shown) {
    const head = el('p', { className: 'paragraph-head' }, [
      el('span', { className: 'score paragraph-score', text: `passage ${percent(p.score)}`, attrs: { title: "This passage's support, on the paper's scale" } }),
      p.label ? el('span', { className: `badge support support-${p.label}`, text: p.label }) : undefined,
      p.section ? el('span', { className: 'section', text: p.section }) : undefined,
    ]);
    box.append(el('li', {}, [head, paragraphText(p.text), p.reason ? el('p', { className: 'reason', text: p.reason }) : undefined]));
  }
  const note = passageOrderNote(shown);
  return shown.length > 1 ? [el('p', { className: 'paragraphs-order', text: note.charAt(0).toUpperCase() + note.slice(1) + '.' }), box] : [box];
}

function paragraphText(text: string): HTMLElement {
  if (text.length <= PARAGRAPH_PREVIEW) return el('blockquote', { text });
  const cut = text.lastIndexOf(' ', PARAGRAPH_PREVIEW);
  return el('blockquote', {}, [
    el('details', { className: 'more' }, [
      el('summary', { text: `${text.slice(0, cut > 0 ? cut : PARAGRAPH_PREVIEW)} …` }),
      el('p', { text }),
    ]),
  ]);
}

function bibtexLine(candidate: Candidate): HTMLElement {
  if (candidate.bibtex) {
    const line = el('p', { className: 'bibtex' }, [icon('bookmark'), ` BibTeX key `, el('code', { text: candidate.citeKey ?? '' })]);
    // The authority's LaTeX was broken: say what was repaired (or is still wrong).
    if (candidate.bibtexNote) line.append(el('span', { className: 'bibtex-note', text: ` · ${candidate.bibtexNote}` }));
    return line;
  }
  const why = noBibtexWhy(candidate);
  if (why) return el('p', { className: 'bibtex error' }, [icon('error'), ` ${why}`]);
  return el('p', { className: 'bibtex pending' }, [icon('loading', 'codicon-modifier-spin'), ' Fetching BibTeX…']);
}

/**
 * "No BibTeX: doi.org and Crossref do not know this DOI": the core's plain words, or the
 * technical message without its URLs when an older host sent none. Undefined while pending.
 */
export function noBibtexWhy(candidate: Candidate): string | undefined {
  if (candidate.bibtex) return undefined;
  if (candidate.bibtexWhy) return `No BibTeX: ${candidate.bibtexWhy}`;
  if (!candidate.bibtexError) return undefined;
  const plain = candidate.bibtexError.replace(/^No BibTeX for \S+:\s*/, '').replace(/\s*\(?\bhttps?:\/\/\S+/g, '').trim();
  return `No BibTeX: ${plain || 'no authority had it'}`;
}

function actions(candidate: Candidate, ctx: CardContext): HTMLElement {
  const id = candidate.id;
  const noBibtex = !candidate.bibtex;
  // A disabled button says why in its tooltip, in the same words as the card.
  const why = noBibtex ? noBibtexWhy(candidate) ?? 'Waiting for the BibTeX from the authority…' : undefined;
  return el('div', { className: 'actions' }, [
    button('Insert citation', 'insert', () => ctx.send({ type: 'insert', id }), { disabled: noBibtex, action: 'insert', title: why }),
    button('Open paper', 'link-external', () => ctx.send({ type: 'open', id, link: 'page' }), { className: 'button secondary', action: 'open' }),
    button('Ask in chat', 'comment-discussion', () => ctx.send({ type: 'ask', id }), { className: 'button secondary', action: 'ask' }),
    button('Copy BibTeX', 'copy', () => ctx.send({ type: 'copyBibtex', id }), { className: 'button secondary', disabled: noBibtex, action: 'copy', title: why }),
  ]);
}
