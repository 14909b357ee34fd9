// The batch's sentences above the current search: after "Find Citations for All Listed", each
// sentence with how many candidates its search found; one click shows a sentence's search (from
// the cache), where "Insert citation" cites into that sentence. The sentence being shown is marked.
import type { ResultsPageMessage, ResultsState } from '../../src/webview/protocol';
import { button, clear, el } from './lib/dom';

export function renderBatch(box: HTMLElement, state: ResultsState, send: (message: ResultsPageMessage) => void): void {
  clear(box);
  const sentences = state.batch;
  if (!sentences?.length) return;
  const searched = sentences.filter((s) => s.found !== undefined).length;
  const heading = el('div', { className: 'batch-heading' }, [
    el('h2', { text: `Uncited claims: ${searched} of ${sentences.length} searched` }),
    button('', 'close', () => send({ type: 'closeBatch' }), { className: 'icon-button', ariaLabel: 'Close the list of uncited claims', title: 'Close this list' }),
  ]);
  const items = sentences.map((sentence, index) => {
    const current = sentence.text === state.claim;
    const open = button(sentence.text, current ? 'arrow-right' : 'quote', () => send({ type: 'openBatchSentence', index }), {
      className: 'batch-sentence',
      title: `Show the candidates for: ${sentence.text}`,
    });
    if (current) open.setAttribute('aria-current', 'true');
    const meta = el('span', { className: 'batch-meta', text: `${sentence.where} · ${sentence.failed ? 'search failed (see the log)' : foundText(sentence.found)}`, attrs: { title: sentence.best ? `Best: ${sentence.best}` : undefined } });
    return el('li', { className: current ? 'current' : undefined }, [open, meta]);
  });
  box.append(heading, el('ol', { className: 'batch-list' }, items));
}

function foundText(found: number | undefined): string {
  if (found === undefined) return 'not searched yet';
  return found === 0 ? 'no candidate' : `${found} candidate${found === 1 ? '' : 's'}`;
}
