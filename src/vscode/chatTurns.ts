// What a past question of the chat is, recorded when it was asked: sent (and answered), a slash
// command, or not sent for want of an LLM. Never re-derived from today's settings, so clearing
// the LLM setting does not rewrite history. No `vscode` import.
import type { ChatTurn } from '../webview/protocol';

export const NOT_SENT_NO_LLM = 'no LLM is configured (see above)';

/** A slash command runs a lookup plan, which needs no LLM. */
export function isCommand(question: string): boolean {
  return question.trim().startsWith('/');
}

/**
 * Chats saved before questions recorded `notSent`: a question (not a slash command) that no
 * answer follows was not sent; every other turn stays exactly as it was.
 */
export function markUnansweredQuestions(turns: ChatTurn[]): ChatTurn[] {
  return turns.map((turn, index) => {
    const answered = turns[index + 1]?.role === 'assistant';
    if (turn.role !== 'user' || turn.notSent || answered || isCommand(turn.text)) return turn;
    return { ...turn, notSent: NOT_SENT_NO_LLM };
  });
}
