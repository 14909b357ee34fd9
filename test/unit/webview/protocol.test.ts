// Messages from the webview pages are untrusted: only well-formed ones get through.
import assert from 'node:assert/strict';
import { LIMITS, parseChatPageMessage, parseResultsPageMessage } from '../../../src/webview/protocol';

describe('results page messages', () => {
  it('accepts the well-formed messages', () => {
    assert.deepEqual(parseResultsPageMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseResultsPageMessage({ type: 'cancel', extra: 1 }), { type: 'cancel' });
    assert.deepEqual(parseResultsPageMessage({ type: 'closeBatch' }), { type: 'closeBatch' });
    assert.deepEqual(parseResultsPageMessage({ type: 'openBatchSentence', index: 2, uri: 'file:///etc/passwd' }), { type: 'openBatchSentence', index: 2 });
    for (const type of ['insert', 'ask', 'copyBibtex'] as const) {
      assert.deepEqual(parseResultsPageMessage({ type, id: 'arxiv:1706.03762', url: 'javascript:x' }), {
        type,
        id: 'arxiv:1706.03762',
      });
    }
    // "Open" names which of the record's links; a URL the page sends along is dropped.
    assert.deepEqual(parseResultsPageMessage({ type: 'open', id: 'a', url: 'javascript:x' }), { type: 'open', id: 'a', link: 'page' });
    assert.deepEqual(parseResultsPageMessage({ type: 'open', id: 'a', link: 'pdf' }), { type: 'open', id: 'a', link: 'pdf' });
    assert.deepEqual(parseResultsPageMessage({ type: 'search', queries: [' "type Ia" supernovae ', '', 'dark energy'] }), {
      type: 'search',
      queries: ['"type Ia" supernovae', 'dark energy'],
    });
  });

  it('rejects malformed or hostile messages', () => {
    const bad: unknown[] = [
      null,
      'insert',
      [],
      { type: 'eval', code: 'alert(1)' },
      { type: 'insert' },
      { type: 'insert', id: 42 },
      { type: 'insert', id: '   ' },
      { type: 'open', id: 'x'.repeat(LIMITS.id + 1) },
      { type: 'open', id: 'a', link: 'javascript:alert(1)' },
      { type: 'search', queries: 'one' },
      { type: 'search', queries: [1, 2] },
      { type: 'search', queries: ['', ' '] },
      { type: 'search', queries: Array.from({ length: LIMITS.queries + 1 }, () => 'q') },
      { type: 'search', queries: ['x'.repeat(LIMITS.query + 1)] },
      { type: '__proto__' },
      { type: 'openBatchSentence' },
      { type: 'openBatchSentence', index: -1 },
      { type: 'openBatchSentence', index: 1.5 },
      { type: 'openBatchSentence', index: '0' },
    ];
    for (const message of bad) assert.equal(parseResultsPageMessage(message), undefined, JSON.stringify(message)?.slice(0, 80));
  });
});

describe('chat page messages', () => {
  it('accepts the well-formed messages and trims questions', () => {
    assert.deepEqual(parseChatPageMessage({ type: 'ask', question: '  Does [1] support it? ' }), {
      type: 'ask',
      question: 'Does [1] support it?',
    });
    assert.deepEqual(parseChatPageMessage({ type: 'detach', id: 'doi:10.1101/x' }), { type: 'detach', id: 'doi:10.1101/x' });
    // Passed on as text: the host checks it (links.ts) before anything opens it.
    assert.deepEqual(parseChatPageMessage({ type: 'openLink', url: 'https://arxiv.org/abs/1706.03762' }), { type: 'openLink', url: 'https://arxiv.org/abs/1706.03762' });
    for (const type of ['ready', 'stop', 'openSettings', 'setApiKey'] as const) {
      assert.deepEqual(parseChatPageMessage({ type }), { type });
    }
  });

  it('rejects malformed messages', () => {
    for (const message of [
      undefined,
      { type: 'ask', question: '' },
      { type: 'ask', question: 'x'.repeat(LIMITS.question + 1) },
      { type: 'ask', question: { toString: 'x' } },
      { type: 'detach' },
      { type: 'insert', id: 'a' },
      { type: 'openLink' },
      { type: 'openLink', url: 'https://x/' + 'a'.repeat(LIMITS.url) },
    ]) {
      assert.equal(parseChatPageMessage(message), undefined);
    }
  });
});
