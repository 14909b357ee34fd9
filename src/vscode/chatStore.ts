// The chat kept in the workspace state, so the claim, the attached papers and the conversation
// survive a window reload; an answer the reload cut off says so.
import type * as vscode from 'vscode';
import type { Candidate, Claim } from '../core/types';
import type { ChatTurn } from '../webview/protocol';
import { markUnansweredQuestions } from './chatTurns';
import { log } from './log';

const CHAT_STATE_KEY = 'citefinder.chat';
/** A long conversation keeps its latest turns; the model sees fewer still (core/chat/prompt.ts). */
const KEPT_TURNS = 200;

export interface SavedChat {
  claim?: Claim;
  attachments: Candidate[];
  turns: ChatTurn[];
}

export function loadChat(memento: vscode.Memento): SavedChat | undefined {
  const saved = memento.get<SavedChat & { version: number }>(CHAT_STATE_KEY);
  if (saved?.version !== 1 || !Array.isArray(saved.turns) || !Array.isArray(saved.attachments)) return undefined;
  const turns = saved.turns.map((turn, index) =>
    index === saved.turns.length - 1 && turn.role === 'assistant' && !turn.error && turn.partial
      ? { ...turn, partial: undefined, error: 'Interrupted: the window was reloaded.' }
      : turn,
  );
  return { claim: saved.claim, attachments: saved.attachments, turns: markUnansweredQuestions(turns) };
}

export function saveChat(memento: vscode.Memento, chat: SavedChat): void {
  const saved = { version: 1, ...chat, turns: chat.turns.slice(-KEPT_TURNS) };
  void Promise.resolve(memento.update(CHAT_STATE_KEY, saved)).catch((error: unknown) => log(`Could not save the chat: ${String(error)}`));
}
