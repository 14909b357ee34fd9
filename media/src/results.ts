// The results page: routing, editable queries, and one card per candidate, filled in as the
// host forwards pipeline events. Cards are rebuilt only when their data changes, and focus
// is kept on the same control across rebuilds so the page stays usable from the keyboard.
import type { Candidate, ScoredParagraph } from '../../src/core/types';
import { LIMITS, type ResultsHostMessage, type ResultsPageMessage } from '../../src/vscode/protocol';
import { applyHostMessage, emptyResults } from '../../src/vscode/resultsModel';
import type { ResultsState } from '../../src/vscode/protocol';
import { repositoryLabel } from '../../src/core/identity/repository';
import type { PaperLink } from '../../src/vscode/links';
import { button, clear, el, hostLink, icon, vscodeApi } from './lib/dom';
import { authorsText, basename, percent } from './lib/format';

const vscode = vscodeApi();
const send = (message: ResultsPageMessage): void => vscode.postMessage(message);

let state: ResultsState = emptyResults();
/** The user's edits to the queries survive incoming events until they search again. */
let editedQueries: string[] | undefined;
let notice: { level: 'info' | 'error'; message: string } | undefined;
const cards = new Map<string, { signature: string; node: HTMLElement }>();

const app = document.getElementById('app')!;
clear(app);
const header = el('header', { className: 'run' });
const routingBox = el('section', { className: 'routing', attrs: { 'aria-label': 'Routing' } });
const queriesBox = el('section', { className: 'queries', attrs: { 'aria-label': 'Queries' } });
const warningsBox = el('section', { className: 'warnings', attrs: { 'aria-label': 'Warnings' } });
const noticeBox = el('div', { className: 'notice', attrs: { role: 'status', 'aria-live': 'polite' } });
const list = el('section', { className: 'candidates', attrs: { 'aria-label': 'Candidates' } });
app.append(header, noticeBox, routingBox, queriesBox, warningsBox, list);

window.addEventListener('message', (event: MessageEvent<ResultsHostMessage>) => {
  const message = event.data;
  if (message.type === 'start') {
    editedQueries = undefined;
    notice = undefined;
  }
  if (message.type === 'notice') notice = { level: message.level, message: message.message };
  if (message.type === 'inserted') {
    const where = message.bibFile ? ` (${message.reused ? 'already in' : 'added to'} ${basename(message.bibFile)})` : '';
    const notes = message.notes?.length ? ` Note: ${message.notes.join('; ')}.` : '';
    notice = { level: 'info', message: `Cited as ${message.key}${where}.${notes}` };
  }
  state = applyHostMessage(state, message);
  render();
});
send({ type: 'ready' });

function render(): void {
  renderHeader();
  renderNotice();
  renderRouting();
  renderQueries();
  renderWarnings();
  renderCandidates();
}

function renderHeader(): void {
  clear(header);
  if (state.status === 'idle') {
    header.append(el('p', { text: 'Select a claim in a LaTeX file and run "Citefinder: Find Citations for Selection".' }));
    return;
  }
  header.append(el('h1', { text: 'Claim' }), el('blockquote', { className: 'claim', text: state.claim }));
  const line = el('p', { className: `status status-${state.status}`, attrs: { role: 'status' } });
  const count = `${state.candidates.length} candidate${state.candidates.length === 1 ? '' : 's'}`;
  if (state.status === 'running') {
    line.append(icon('loading', 'codicon-modifier-spin'), ` Searching… ${count} so far `);
    line.append(button('Cancel', 'stop-circle', () => send({ type: 'cancel' }), { action: 'cancel' }));
  } else if (state.status === 'done') line.append(icon('pass'), ` Done: ${count}.`);
  else if (state.status === 'cancelled') line.append(icon('circle-slash'), ` Cancelled. ${count}.`);
  else line.append(icon('error'), ` Failed: ${state.message ?? 'unknown error'}`);
  header.append(line);
}

function renderNotice(): void {
  clear(noticeBox);
  if (notice) noticeBox.append(el('p', { className: `notice-${notice.level}`, text: notice.message }));
}

function renderRouting(): void {
  clear(routingBox);
  const routing = state.routing;
  if (!routing) return;
  routingBox.append(
    el('h2', { text: 'Routing' }),
    el('p', {}, [
      el('span', { className: 'badge', text: repositoryLabel(routing.primary) }),
      ' then ',
      el('span', { className: 'badge badge-secondary', text: repositoryLabel(routing.secondary) }),
      ` · ${routing.discipline} · by ${routing.by === 'llm' ? 'the LLM' : 'heuristics'}, confidence ${Math.round(routing.confidence * 100)}%`,
    ]),
    el('p', { className: 'reason', text: routing.reason }),
  );
}

function renderQueries(): void {
  const active = document.activeElement;
  if (active instanceof HTMLInputElement && queriesBox.contains(active)) return; // don't disturb typing
  clear(queriesBox);
  const queries = editedQueries ?? state.queries;
  if (queries.length === 0 && state.status !== 'done') return;
  const form = el('form', { attrs: { 'aria-label': 'Edit the queries and search again' } });
  form.append(el('h2', { text: 'Queries' }));
  const rows = el('ol', { className: 'query-list' });
  queries.forEach((query, index) => {
    const input = el('input', {
      // The host refuses longer queries (protocol LIMITS), so the page never offers them.
      attrs: { type: 'text', value: query, 'aria-label': `Query ${index + 1}`, spellcheck: 'false', maxlength: String(LIMITS.query) },
    });
    input.value = query;
    input.addEventListener('input', () => {
      editedQueries = [...(editedQueries ?? state.queries)];
      editedQueries[index] = input.value;
    });
    const remove = button('', 'close', () => {
      editedQueries = (editedQueries ?? state.queries).filter((_, i) => i !== index);
      renderQueries();
    }, { className: 'icon-button', ariaLabel: `Remove query ${index + 1}`, title: 'Remove this query' });
    rows.append(el('li', {}, [input, remove]));
  });
  const add = button('Add query', 'add', () => {
    editedQueries = [...(editedQueries ?? state.queries), ''];
    renderQueries();
    const inputs = queriesBox.querySelectorAll('input');
    inputs[inputs.length - 1]?.focus();
  }, {
    className: 'button secondary',
    disabled: queries.length >= LIMITS.queries,
    title: queries.length >= LIMITS.queries ? `At most ${LIMITS.queries} queries` : undefined,
  });
  const submit = el('button', { className: 'button', attrs: { type: 'submit' } }, [icon('search'), el('span', { text: 'Search again' })]);
  form.append(rows, el('div', { className: 'row' }, [add, submit]));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const queriesToRun = (editedQueries ?? state.queries).map((q) => q.trim()).filter(Boolean);
    if (queriesToRun.length) send({ type: 'search', queries: queriesToRun });
  });
  queriesBox.append(form);
}

function renderWarnings(): void {
  const wasOpen = warningsBox.querySelector('details')?.open ?? false;
  clear(warningsBox);
  if (!state.warnings.length) return;
  const count = state.warnings.length;
  const details = el('details', {}, [
    el('summary', {}, [icon('warning'), ` ${count} warning${count === 1 ? '' : 's'}`]),
    el('ul', {}, state.warnings.map((w) => el('li', { text: w }))),
  ]);
  details.open = wasOpen;
  warningsBox.append(details);
}

function renderCandidates(): void {
  const focused = focusedControl();
  const seen = new Set<string>();
  const nodes: HTMLElement[] = [];
  for (const candidate of state.candidates) {
    seen.add(candidate.id);
    const signature = JSON.stringify([candidate, state.inserted[candidate.id]]);
    let entry = cards.get(candidate.id);
    if (!entry || entry.signature !== signature) {
      entry = { signature, node: renderCard(candidate, nodes.length) };
      cards.set(candidate.id, entry);
    }
    nodes.push(entry.node);
  }
  for (const id of [...cards.keys()]) if (!seen.has(id)) cards.delete(id);
  if (nodes.length === 0 && state.status !== 'running' && state.status !== 'idle') {
    list.replaceChildren(el('p', { className: 'empty', text: 'No candidates. Try editing the queries.' }));
  } else list.replaceChildren(...nodes);
  restoreFocus(focused);
}

function renderCard(candidate: Candidate, index: number): HTMLElement {
  const titleId = `title-${index}-${candidate.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const card = el('article', { className: 'card', attrs: { 'aria-labelledby': titleId, 'data-id': candidate.id } });
  card.append(
    el('h3', { className: 'title', text: candidate.title, attrs: { id: titleId } }),
    el('p', { className: 'meta' }, [authorsText(candidate.authors), candidate.year ? ` · ${candidate.year}` : '', candidate.journal ? ` · ${candidate.journal}` : '']),
    badges(candidate),
    links(candidate),
  );
  const version = versionLine(candidate);
  if (version) card.append(version);
  if (candidate.abstract) {
    card.append(el('details', { className: 'abstract' }, [el('summary', { text: 'Abstract' }), el('p', { text: candidate.abstract })]));
  }
  const top = paragraphs(candidate.paragraphs);
  card.append(fulltextLine(candidate), ...(top ? [top] : []), bibtexLine(candidate), actions(candidate));
  return card;
}

function badges(candidate: Candidate): HTMLElement {
  const row = el('p', { className: 'badges' });
  for (const source of candidate.sources.length ? candidate.sources : [candidate.source]) {
    row.append(el('span', { className: `badge source source-${source}`, text: repositoryLabel(source) }));
  }
  if (candidate.support) {
    row.append(el('span', { className: `badge support support-${candidate.support.label}`, text: candidate.support.label }));
  }
  if (candidate.score !== undefined) row.append(el('span', { className: 'score', text: `support ${percent(candidate.score)}` }));
  else row.append(el('span', { className: 'score pending', text: `relevance ${percent(candidate.retrievalScore)}` }));
  const cited = state.inserted[candidate.id];
  if (cited) row.append(el('span', { className: 'badge cited' }, [icon('check'), ` cited as ${cited}`]));
  const trust = trustBadge(candidate);
  if (trust) row.append(trust);
  return row;
}

const TRUST_LABELS: Record<string, string> = { retracted: 'Retracted', withdrawn: 'Withdrawn', concern: 'Expression of concern', corrected: 'Corrected', unknown: 'Trust unknown' };

/** A red badge for a retraction or withdrawal, amber for a concern, a note for a correction; the notice opens through the host. */
function trustBadge(candidate: Candidate): HTMLElement | undefined {
  const trust = candidate.trust;
  if (!trust || trust.status === 'ok') return undefined;
  const text = `${TRUST_LABELS[trust.status] ?? trust.status}${trust.notice?.date ? ` ${trust.notice.date}` : ''}`;
  const title = [trust.notice ? `Notice doi:${trust.notice.doi}${trust.notice.source ? ` (${trust.notice.source})` : ''}` : '', trust.reason ?? ''].filter(Boolean).join(' — ');
  const badge = el('span', { className: `badge trust trust-${trust.status}`, attrs: { title, role: 'status' } }, [icon(trust.status === 'corrected' || trust.status === 'unknown' ? 'info' : 'warning'), ` ${text}`]);
  const notice = trust.notice && hostLink('notice', `https://doi.org/${trust.notice.doi}`, () => send({ type: 'open', id: candidate.id, link: 'notice' }));
  if (notice) badge.append(' ', notice);
  return badge;
}

/** "Published in <journal> <year>", and whose BibTeX the card cites, with the switch. */
function versionLine(candidate: Candidate): HTMLElement | undefined {
  const v = candidate.versionOfRecord;
  if (!v) return undefined;
  const where = [v.journal, v.year].filter(Boolean).join(', ') || (v.doi ? `doi:${v.doi}` : 'a journal');
  const line = el('p', { className: 'version' }, [icon('book'), ` Published in ${where}`]);
  if (v.doi && candidate.bibtexOf) {
    const other = candidate.bibtexOf === 'published' ? 'preprint' : 'published';
    line.append(
      ` · citing the ${candidate.bibtexOf} version `,
      button(`Cite the ${other} version`, 'arrow-swap', () => send({ type: 'bibtexVersion', id: candidate.id, version: other }), { className: 'button secondary small', action: 'version' }),
    );
  }
  return line;
}

function links(candidate: Candidate): HTMLElement {
  const row = el('p', { className: 'links' });
  const open = (link: PaperLink) => () => send({ type: 'open', id: candidate.id, link });
  const items = [
    candidate.arxivId ? hostLink(`arXiv:${candidate.arxivId}`, `https://arxiv.org/abs/${candidate.arxivId}`, open('arxiv')) : undefined,
    candidate.doi ? hostLink(`doi:${candidate.doi}`, `https://doi.org/${candidate.doi}`, open('doi')) : undefined,
    candidate.publishedDoi ? hostLink('published version', `https://doi.org/${candidate.publishedDoi}`, open('published')) : undefined,
    hostLink('PDF', candidate.pdfUrl, open('pdf')),
  ].filter((a): a is HTMLAnchorElement => a !== undefined);
  items.forEach((a, i) => row.append(...(i ? [' · ', a] : [a])));
  return row;
}

const FULLTEXT_NAMES: Record<string, string> = { grobid: 'GROBID', pdfjs: 'pdf.js', abstract: 'abstract only' };

function fulltextLine(candidate: Candidate): HTMLElement {
  const text = candidate.fulltext
    ? `Full text: ${FULLTEXT_NAMES[candidate.fulltext] ?? candidate.fulltext}`
    : state.status === 'running'
      ? 'Full text: pending…'
      : 'Full text: not read';
  return el('p', { className: 'fulltext' }, [icon('file-text'), ` ${text}`]);
}

/** Paragraphs longer than this show their start, with the rest one click away. */
const PARAGRAPH_PREVIEW = 420;

function paragraphs(list: ScoredParagraph[] | undefined): HTMLElement | undefined {
  if (!list?.length) return undefined;
  const box = el('ol', { className: 'paragraphs', attrs: { 'aria-label': 'Top paragraphs' } });
  for (const p of list.slice(0, 3)) {
    const head = el('p', { className: 'paragraph-head' }, [
      el('span', { className: 'score', text: percent(p.score) }),
      p.label ? el('span', { className: `badge support support-${p.label}`, text: p.label }) : undefined,
      p.section ? el('span', { className: 'section', text: p.section }) : undefined,
    ]);
    box.append(el('li', {}, [head, paragraphText(p.text), p.reason ? el('p', { className: 'reason', text: p.reason }) : undefined]));
  }
  return box;
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
  if (candidate.bibtex) return el('p', { className: 'bibtex' }, [icon('bookmark'), ` BibTeX key `, el('code', { text: candidate.citeKey ?? '' })]);
  if (candidate.bibtexError) return el('p', { className: 'bibtex error' }, [icon('error'), ` No BibTeX: ${candidate.bibtexError}`]);
  return el('p', { className: 'bibtex pending' }, [icon('loading', 'codicon-modifier-spin'), ' Fetching BibTeX…']);
}

function actions(candidate: Candidate): HTMLElement {
  const id = candidate.id;
  const noBibtex = !candidate.bibtex;
  return el('div', { className: 'actions' }, [
    button('Insert citation', 'insert', () => send({ type: 'insert', id }), { disabled: noBibtex, action: 'insert' }),
    button('Open paper', 'link-external', () => send({ type: 'open', id, link: 'page' }), { className: 'button secondary', action: 'open' }),
    button('Ask in chat', 'comment-discussion', () => send({ type: 'ask', id }), { className: 'button secondary', action: 'ask' }),
    button('Copy BibTeX', 'copy', () => send({ type: 'copyBibtex', id }), { className: 'button secondary', disabled: noBibtex, action: 'copy' }),
  ]);
}

/** Which card control has the focus, so a rebuilt card can get it back. */
function focusedControl(): { id: string; action: string } | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return undefined;
  const card = active.closest('article.card');
  const action = active.getAttribute('data-action');
  const id = card?.getAttribute('data-id');
  return id && action ? { id, action } : undefined;
}

function restoreFocus(focused: { id: string; action: string } | undefined): void {
  if (!focused || (document.activeElement && document.activeElement !== document.body)) return;
  for (const card of list.querySelectorAll('article.card')) {
    if (card.getAttribute('data-id') !== focused.id) continue;
    const target = card.querySelector<HTMLElement>(`[data-action="${focused.action}"]`);
    target?.focus();
  }
}
