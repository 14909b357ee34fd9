// The chat page's "Not sent" notice comes from the turn as recorded, not from today's settings.
import assert from 'node:assert/strict';
import { notSentNotice, shortenedNotice } from '../../../media/src/lib/turns';

describe('chat: a past question keeps what it was', () => {
  it('says "Not sent" only for a question recorded as not sent', () => {
    assert.equal(notSentNotice({ role: 'user', text: 'Q?', notSent: 'no LLM is configured (see above)' }), 'Not sent: no LLM is configured (see above).');
    assert.equal(notSentNotice({ role: 'user', text: 'Answered before the LLM setting was cleared?' }), undefined);
    assert.equal(notSentNotice({ role: 'assistant', text: 'A.', notSent: 'x' }), undefined);
  });

  it('says under an answer what its prompt left out to fit the model\'s window, as recorded', () => {
    const note = 'Shortened to fit the model\'s window of 4,096 tokens (citefinder.llm.contextTokens): 1 paragraph per paper instead of 3.';
    assert.equal(shortenedNotice({ role: 'assistant', text: 'A.', shortened: note }), note);
    assert.equal(shortenedNotice({ role: 'assistant', text: 'A.' }), undefined);
    assert.equal(shortenedNotice({ role: 'user', text: 'Q?', shortened: note }), undefined);
  });
});
