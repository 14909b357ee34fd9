// What the chat shows under a past question. Decided from the turn itself, as recorded when it
// was asked, never from today's settings: clearing the LLM setting later must not rewrite
// questions that were answered ("Not sent" above their own answers).
import type { ChatTurn } from '../../../src/webview/protocol';

/** "Not sent: no LLM is configured (see above)." for a question that was not sent; else undefined. */
export function notSentNotice(turn: ChatTurn): string | undefined {
  if (turn.role !== 'user' || !turn.notSent) return undefined;
  return `Not sent: ${turn.notSent}.`;
}

/** What an answer's prompt left out to fit the model's window, as recorded when it was asked; else undefined. */
export function shortenedNotice(turn: ChatTurn): string | undefined {
  return turn.role === 'assistant' && turn.shortened ? turn.shortened : undefined;
}
