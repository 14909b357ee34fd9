// The results page: routing, editable queries, and one card per candidate, filled in as the
// host forwards pipeline events. Cards are rebuilt only when their data changes, and focus
// is kept on the same control across rebuilds so the page stays usable from the keyboard.
import { LIMITS, type ResultsHostMessage, type ResultsPageMessage } from '../../src/webview/protocol';
import { applyHostMessage, emptyResults } from '../../src/webview/resultsModel';
import type { ResultsState } from '../../src/webview/protocol';
import { repositoryLabel } from '../../src/core/identity/repository';
import type { LaneReport } from '../../src/core/types';
import { button, clear, el, icon, vscodeApi } from './lib/dom';
import { basename } from './lib/format';
import { renderCard } from './card';
import { renderBatch } from './batch';

const vscode = vscodeApi();
const send = (message: ResultsPageMessage): void => vscode.postMessage(message);

let state: ResultsState = emptyResults();
/** The user's edits to the queries survive incoming events until they search again. */
let editedQueries: string[] | undefined;
let notice: { level: 'info' | 'error'; message: string } | undefined;
const cards = new Map<string, { signature: string; node: HTMLElement }>();

const app = document.getElementById('app')!;
clear(app);
const batchBox = el('nav', { className: 'batch', attrs: { 'aria-label': 'Uncited claims of the batch' } });
const header = el('header', { className: 'run' });
const routingBox = el('section', { className: 'routing', attrs: { 'aria-label': 'Routing' } });
const queriesBox = el('section', { className: 'queries', attrs: { 'aria-label': 'Queries' } });
const warningsBox = el('section', { className: 'warnings', attrs: { 'aria-label': 'Warnings' } });
const noticeBox = el('div', { className: 'notice', attrs: { role: 'status', 'aria-live': 'polite' } });
const list = el('section', { className: 'candidates', attrs: { 'aria-label': 'Candidates' } });
app.append(batchBox, header, noticeBox, routingBox, queriesBox, warningsBox, list);

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
  if (message.type === 'uninserted') notice = { level: 'info', message: message.message };
  state = applyHostMessage(state, message);
  render();
});
send({ type: 'ready' });

function render(): void {
  renderBatch(batchBox, state, send);
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
      // The heuristics' reason gives each server's probability ("medRxiv 88%"); a second figure beside it, the
      // primary's share against the secondary (90%), read as a contradiction. The LLM's reason has no figure.
      ` · ${routing.discipline} · by ${routing.by === 'llm' ? `the LLM, confidence ${Math.round(routing.confidence * 100)}%` : 'heuristics'}`,
    ]),
    el('p', { className: 'reason', text: routing.reason }),
  );
  const lanes = state.lanes ?? [];
  if (lanes.length > 0) routingBox.append(lanesLine(lanes));
}

/** "Searched: arXiv, DBLP · skipped: OpenAlex (no API key)": every lane of the run, and why one was not asked. */
function lanesLine(lanes: LaneReport[]): HTMLElement {
  const searched = lanes.filter((l) => l.searched);
  const skipped = lanes.filter((l) => !l.searched);
  const line = el('p', { className: 'lanes', attrs: { 'aria-label': 'Lanes' } }, ['Searched: ']);
  searched.forEach((lane, i) => line.append(...(i ? [', '] : []), el('span', { className: `badge source source-${lane.lane}`, text: repositoryLabel(lane.lane) }), lane.note ? ` (${lane.note})` : ''));
  if (searched.length === 0) line.append('none');
  if (skipped.length > 0) line.append(` · skipped: ${skipped.map((l) => `${repositoryLabel(l.lane)}${l.note ? ` (${l.note})` : ''}`).join(', ')}`);
  return line;
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
      entry = { signature, node: renderCard(candidate, nodes.length, { send, cited: state.inserted[candidate.id], running: state.status === 'running' }) };
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
