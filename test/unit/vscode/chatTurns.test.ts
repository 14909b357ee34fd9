// A chat saved before questions recorded `notSent`: only a question no answer follows is marked.
import assert from 'node:assert/strict';
import { markUnansweredQuestions, NOT_SENT_NO_LLM } from '../../../src/vscode/chatTurns';

describe('chat history restored as it was', () => {
  it('marks only unanswered questions (not slash commands) as not sent', () => {
    const turns = [
      { role: 'user' as const, text: 'Answered?' },
      { role: 'assistant' as const, text: 'Yes.' },
      { role: 'user' as const, text: '/newest' },
      { role: 'user' as const, text: 'Never sent?' },
    ];
    assert.deepEqual(markUnansweredQuestions(turns), [...turns.slice(0, 3), { role: 'user', text: 'Never sent?', notSent: NOT_SENT_NO_LLM }]);
  });
});
