// The chat page's "Not sent" notice comes from the turn as recorded, not from today's settings.
import assert from 'node:assert/strict';
import { notSentNotice } from '../../../media/src/lib/turns';

describe('chat: a past question keeps what it was', () => {
  it('says "Not sent" only for a question recorded as not sent', () => {
    assert.equal(notSentNotice({ role: 'user', text: 'Q?', notSent: 'no LLM is configured (see above)' }), 'Not sent: no LLM is configured (see above).');
    assert.equal(notSentNotice({ role: 'user', text: 'Answered before the LLM setting was cleared?' }), undefined);
    assert.equal(notSentNotice({ role: 'assistant', text: 'A.', notSent: 'x' }), undefined);
  });
});
