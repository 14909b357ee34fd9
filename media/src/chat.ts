// The chat page: setup help when no LLM is configured, the claim and the attached papers
// (each removable), the transcript with answers rendered as Markdown and [n] references, and
// the question box. Answers stream in as `delta` messages: only the last turn is re-rendered
// (once per frame), and a turn that did not change keeps its DOM nodes.
import { LIMITS, type ChatHostMessage, type ChatPageMessage, type ChatRecordView, type ChatTurn } from '../../src/webview/protocol';
import { LLM_SETUP_HELP } from '../../src/webview/llmSetupHelp';
import { citedByText } from '../../src/core/identity/repository';
import { button, clear, el, icon, vscodeApi } from './lib/dom';
import { renderMarkdown } from './lib/markdown';
import { notSentNotice, shortenedNotice } from './lib/turns';
import { venueFromJournalRef } from '../../src/core/bibtex/journalRef';

type State = Extract<ChatHostMessage, { type: 'state' }>;

const vscode = vscodeApi();
const send = (message: ChatPageMessage): void => vscode.postMessage(message);

let state: State | undefined;
/** Rendered turns, by position, with what they were rendered from. */
const turnNodes: { signature: string; node: HTMLElement }[] = [];
let typing: HTMLElement | undefined;
let pendingFrame: number | undefined;

const app = document.getElementById('app')!;
clear(app);
const restrictedBox = el('section', { className: 'restricted', attrs: { 'aria-label': 'Restricted Mode' } });
const setupBox = el('section', { className: 'setup', attrs: { 'aria-label': 'LLM setup' } });
const contextBox = el('section', { className: 'context', attrs: { 'aria-label': 'Attached material' } });
const transcript = el('section', { className: 'transcript', attrs: { 'aria-label': 'Conversation', 'aria-live': 'polite' } });
const form = el('form', { className: 'ask', attrs: { 'aria-label': 'Ask about the attached papers' } });
app.append(restrictedBox, setupBox, contextBox, transcript, form);

const question = el('textarea', {
  attrs: {
    rows: '3',
    'aria-label': 'Question about the attached papers',
    placeholder: 'Ask about the attached papers, or /published 1, /author 1 topic, /newest, /retracted (Enter to send)',
    maxlength: String(LIMITS.question), // the host refuses longer questions
  },
});
question.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    form.requestSubmit();
  }
});
const askButton = el('button', { className: 'button', attrs: { type: 'submit' } }, [icon('send'), el('span', { text: 'Ask' })]);
const stopButton = button('Stop', 'debug-stop', () => send({ type: 'stop' }), { className: 'button secondary' });
form.append(question, el('div', { className: 'row' }, [askButton, stopButton]));
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = question.value.trim();
  if (!text || state?.busy) return;
  send({ type: 'ask', question: text });
  question.value = '';
});

window.addEventListener('message', (event: MessageEvent<ChatHostMessage>) => {
  const message = event.data;
  if (message.type === 'state') {
    state = message;
    render();
  } else if (message.type === 'delta' && state) {
    const last = state.turns[state.turns.length - 1];
    if (last?.role === 'assistant') {
      last.text += message.text;
      // Many deltas can arrive per frame: the last turn is rendered once per frame at most.
      pendingFrame ??= requestAnimationFrame(() => {
        pendingFrame = undefined;
        renderTranscript();
      });
    }
  }
});
send({ type: 'ready' });

function render(): void {
  if (!state) return;
  renderRestricted(state);
  renderSetup(state);
  renderContext(state);
  renderTranscript();
  // Slash commands answer from records without an LLM, so the box stays usable.
  askButton.disabled = state.busy;
  stopButton.hidden = !state.busy;
}

function renderSetup(current: State): void {
  clear(setupBox);
  if (current.llm.configured) {
    setupBox.append(el('p', { className: 'llm' }, [icon('hubot'), ` ${current.llm.model} at ${current.llm.baseUrl}`]));
    return;
  }
  setupBox.append(
    el('h2', {}, [icon('info'), ' No LLM configured']),
    ...LLM_SETUP_HELP.map((line) => el('p', { text: line })),
    el('div', { className: 'row' }, [
      button('Open settings', 'settings-gear', () => send({ type: 'openSettings' })),
      button('Set API key', 'key', () => send({ type: 'setApiKey' }), { className: 'button secondary' }),
    ]),
  );
}

function renderContext(current: State): void {
  clear(contextBox);
  if (current.claim) contextBox.append(el('h2', { text: 'Claim' }), el('blockquote', { className: 'claim', text: current.claim }));
  contextBox.append(el('h2', { text: `Attached papers (${current.attachments.length})` }));
  if (current.attachments.length === 0) {
    contextBox.append(el('p', { className: 'empty', text: 'None yet. Use "Ask in chat" on a result card to attach a paper.' }));
    return;
  }
  const list = el('ol', { className: 'attachments' });
  current.attachments.forEach((paper, index) => {
    const byline = [paper.authors[0] ? `${paper.authors[0]}${paper.authors.length > 1 ? ' et al.' : ''}` : '', paper.year ? String(paper.year) : '']
      .filter(Boolean)
      .join(', ');
    list.append(
      el('li', { attrs: { 'data-id': paper.id } }, [
        el('span', { className: 'ref', text: `[${index + 1}]` }),
        el('div', {}, [
          el('div', { className: 'title', text: paper.title }),
          byline ? el('div', { className: 'byline', text: byline }) : undefined,
        ]),
        button('', 'close', () => send({ type: 'detach', id: paper.id }), {
          className: 'icon-button',
          ariaLabel: `Remove ${paper.title}`,
          title: 'Remove from the chat',
        }),
      ]),
    );
  });
  contextBox.append(list);
}

function renderRestricted(current: State): void {
  clear(restrictedBox);
  restrictedBox.hidden = !current.restricted;
  if (current.restricted) restrictedBox.append(el('p', {}, [icon('shield'), ` ${current.restricted}`]));
}

/** Rebuilds only the turns whose text, error or references changed; the others keep their nodes. */
function renderTranscript(): void {
  if (!state) return;
  const titles = state.attachments.map((a) => a.title).join('\n');
  state.turns.forEach((turn, index) => {
    const signature = JSON.stringify([turn.role, turn.text, turn.error ?? '', turn.records ?? [], turn.notSent ?? '', turn.shortened ?? '', titles]);
    const existing = turnNodes[index];
    if (existing?.signature === signature) return;
    const rendered = { signature, node: renderTurn(turn, index, state!) };
    if (existing) existing.node.replaceWith(rendered.node);
    else transcript.insertBefore(rendered.node, typing ?? null);
    turnNodes[index] = rendered;
  });
  for (const stale of turnNodes.splice(state.turns.length)) stale.node.remove();
  if (state.busy && !typing) typing = el('p', { className: 'typing' }, [icon('loading', 'codicon-modifier-spin'), ' Answering…']);
  if (typing) {
    if (state.busy) transcript.append(typing);
    else {
      typing.remove();
      typing = undefined;
    }
  }
  transcript.lastElementChild?.scrollIntoView({ block: 'end' });
}

function renderTurn(turn: ChatTurn, index: number, current: State): HTMLElement {
  const body = el('div', { className: 'text' });
  if (turn.role === 'assistant') {
    body.append(renderMarkdown(turn.text, { openLink: (url) => send({ type: 'openLink', url }), text: (parent, text) => appendWithReferences(parent, text, current) }));
  } else body.textContent = turn.text;
  const notSent = notSentNotice(turn);
  if (notSent) body.append(el('p', { className: 'notice-error', text: notSent }));
  return el('div', { className: `turn turn-${turn.role}`, attrs: { 'aria-label': turn.role === 'user' ? 'You' : 'Citefinder' } }, [
    body,
    turn.records?.length ? renderRecords(turn.records, index) : undefined,
    turn.calls ? el('p', { className: 'calls', text: `Records used: ${turn.calls.join('; ') || 'the attached papers\' own records'}` }) : undefined,
    shortenedNotice(turn) ? el('p', { className: 'calls shortened', text: shortenedNotice(turn) }) : undefined,
    turn.error ? el('p', { className: 'notice-error', text: turn.error }) : undefined,
  ]);
}

/** A record's trust status in words; "unknown" alone read as if the paper were. */
const TRUST_WORDS: Record<string, string> = { unknown: 'notices not checked', concern: 'expression of concern' };

/** The records a lookup answer came from, each with Attach and Insert citation. */
function renderRecords(records: ChatRecordView[], turn: number): HTMLElement {
  const list = el('ol', { className: 'records', attrs: { 'aria-label': 'Records used' } });
  records.forEach(({ record, note, trust }, index) => {
    const authors = record.authors.slice(0, 3).join(', ') + (record.authors.length > 3 ? ' et al.' : '');
    const byline = [authors, venueFromJournalRef(record.journal), record.year ? String(record.year) : '', record.citedBy ? citedByText(record.citedBy) : '']
      .filter(Boolean)
      .join(' · ');
    const id = record.doi ? `doi:${record.doi}` : record.arxivId ? `arXiv:${record.arxivId}` : '';
    list.append(
      el('li', { attrs: { 'data-id': record.id } }, [
        el('div', { className: 'title', text: record.title }),
        byline ? el('div', { className: 'byline', text: byline }) : undefined,
        el('div', { className: 'note' }, [note, id ? ` · ${id}` : '', trust ? el('span', { className: `trust trust-${trust}`, text: ` ${TRUST_WORDS[trust] ?? trust}` }) : undefined]),
        el('div', { className: 'row' }, [
          button('Attach', 'add', () => send({ type: 'record', action: 'attach', turn, index }), { className: 'button secondary' }),
          button('Insert citation', 'quote', () => send({ type: 'record', action: 'insert', turn, index }), { className: 'button secondary' }),
        ]),
      ]),
    );
  });
  return list;
}

/** Text with each [n] shown as a reference to the n-th attached paper. */
function appendWithReferences(target: Node, text: string, current: State): void {
  let last = 0;
  for (const match of text.matchAll(/\[(\d+)\]/g)) {
    const paper = current.attachments[Number(match[1]) - 1];
    if (!paper) continue;
    target.appendChild(document.createTextNode(text.slice(last, match.index)));
    target.appendChild(el('span', { className: 'ref', text: match[0], attrs: { title: paper.title } }));
    last = match.index + match[0].length;
  }
  target.appendChild(document.createTextNode(text.slice(last)));
}
