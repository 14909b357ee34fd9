// The chat WebviewView in its own sidebar container. Its context is the claim, the section
// around it and the papers the user attached ("Ask in chat"); answers stream from the user's
// configured LLM only. With no LLM configured the page explains how to set one up. The claim,
// the attached papers and the conversation are kept in the workspace state, so they survive a
// window reload.
import { isCommand, NOT_SENT_NO_LLM } from './chatTurns';
import { loadChat, saveChat } from './chatStore';
import * as vscode from 'vscode';
import type { ChatMessage } from '../core/llm/types';
import type { Candidate, Claim } from '../core/types';
import { fitChatMessages } from '../core/chat/fit';
import { contextWindowTokens } from '../core/llm/window';
import { parseChatPageMessage, type ChatHostMessage, type ChatTurn, type LlmStatusView } from '../webview/protocol';
import { webviewHtml, webviewRoots } from './results/panel';
import { openSettings, promptAndStoreApiKey, readApiKey, readSettings } from './settings';
import { log } from './log';
import { openWebLink } from './openLink';
import { restrictedModeNotice } from './restrictedMode';
import { loadHeavy } from './lazy';
import { applyOutcome, recordCandidate, recordsOutcome, withBibtex, type ChatServices } from './chatRecords';

export const CHAT_VIEW_ID = 'citefinder.chat';
export interface ChatSnapshot {
  attachments: string[];
  turns: ChatTurn[];
  busy: boolean;
  /** What the page was last told about the LLM; undefined while no page is open. */
  shownLlm?: LlmStatusView;
}

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view?: vscode.WebviewView;
  private attachments: Candidate[] = [];
  private turns: ChatTurn[] = [];
  private claim?: Claim;
  private answering?: AbortController;
  private viewListeners: vscode.Disposable[] = [];
  /** The LLM status last sent to the page (it shows the setup help when none is configured). */
  private shownLlm?: LlmStatusView;
  /** Settings, key and insertion, from the extension (record answers need them). */
  private services?: ChatServices;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly secrets: vscode.SecretStorage,
    private readonly memento: vscode.Memento,
  ) {
    this.restore();
  }

  /** The chat as it was before the window reloaded. */
  private restore(): void {
    const saved = loadChat(this.memento);
    if (!saved) return;
    ({ claim: this.claim, attachments: this.attachments, turns: this.turns } = saved);
  }

  /** Saves the chat to the workspace state (after each change, not per streamed word). */
  private save(): void {
    saveChat(this.memento, { claim: this.claim, attachments: this.attachments, turns: this.turns });
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    view.webview.options = { enableScripts: true, localResourceRoots: webviewRoots(this.extensionUri) };
    // This view's listeners go with it: VS Code may dispose and resolve the view again.
    this.disposeViewListeners();
    const listeners = this.viewListeners;
    view.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw), undefined, listeners);
    view.onDidDispose(
      () => {
        if (this.view === view) this.view = undefined;
        for (const listener of listeners) listener.dispose();
      },
      undefined,
      listeners,
    );
    view.webview.html = webviewHtml(view.webview, this.extensionUri, 'chat', 'Citefinder Chat');
  }

  connect(services: ChatServices): void {
    this.services = services;
  }

  /** What the chat currently holds (for the extension API and tests). */
  snapshot(): ChatSnapshot {
    return {
      attachments: this.attachments.map((c) => c.id),
      turns: this.turns.map(({ partial: _partial, ...turn }) => ({ ...turn })),
      busy: Boolean(this.answering),
      shownLlm: this.shownLlm,
    };
  }

  setClaim(claim: Claim | undefined): void {
    if (!claim) return this.postState(); // no search yet: the restored claim stays
    this.claim = claim;
    this.save();
    this.postState();
  }

  /** Adds a paper to the context and shows the chat. */
  async attach(candidate: Candidate): Promise<void> {
    const index = this.attachments.findIndex((c) => c.id === candidate.id);
    if (index >= 0) this.attachments[index] = candidate;
    else this.attachments.push(candidate);
    this.save();
    await reveal();
    this.postState();
  }

  clear(): void {
    this.answering?.abort();
    this.attachments = [];
    this.turns = [];
    this.save();
    this.postState();
  }

  /**
   * Asks a question; resolves when the answer is complete. A slash command or (with an LLM) a
   * question the model routes to a plan is answered from records; anything else streams from the LLM.
   */
  async ask(question: string): Promise<void> {
    if (this.answering) return;
    const settings = readSettings((message) => log(message));
    const llmStatus = llmView(settings);
    const notSent = !llmStatus.configured && !isCommand(question);
    this.turns.push({ role: 'user', text: question, ...(notSent ? { notSent: NOT_SENT_NO_LLM } : {}) });
    if (notSent) {
      this.save();
      this.postState();
      return;
    }
    // Questions that were never sent are not part of the conversation the model saw.
    const history: ChatMessage[] = this.turns
      .slice(0, -1)
      .filter((t) => !t.notSent)
      .map((t) => ({ role: t.role, content: t.text }));
    const { messages, note } = fitChatMessages(
      {
        claim: this.claim?.text,
        sectionTitle: this.claim?.context.sectionTitle,
        sectionText: this.claim?.context.sectionText,
        attachments: this.attachments,
      },
      history,
      question,
      contextWindowTokens(settings),
    );
    const answer: ChatTurn = { role: 'assistant', text: '', partial: true, ...(note ? { shortened: note } : {}) };
    this.turns.push(answer);
    const controller = new AbortController();
    this.answering = controller;
    this.save();
    this.postState();
    try {
      const prose = await this.fromRecords(question, messages, answer, controller.signal);
      if (prose) await this.stream(prose, answer, controller, settings);
    } catch (error) {
      answer.error = controller.signal.aborted ? 'Stopped.' : error instanceof Error ? error.message : String(error);
      if (!controller.signal.aborted) log(`Chat failed: ${answer.error}`);
    } finally {
      this.answering = undefined;
      answer.partial = undefined;
      this.save();
      this.postState();
    }
  }

  /** The plan's answer on `answer`; returns what to stream from the LLM (prose or the plain question), if anything. */
  private async fromRecords(
    question: string,
    messages: ChatMessage[],
    answer: ChatTurn,
    signal: AbortSignal,
  ): Promise<ChatMessage[] | undefined> {
    if (!this.services) return messages;
    const outcome = await recordsOutcome(this.services, { question, attachments: this.attachments, messages, signal });
    if (outcome.kind === 'none') return messages;
    const prose = applyOutcome(outcome, answer);
    this.postState();
    return prose;
  }

  private async stream(
    messages: ChatMessage[],
    answer: ChatTurn,
    controller: AbortController,
    settings: ReturnType<typeof readSettings>,
  ): Promise<void> {
    const { createLlmClient } = await loadHeavy();
    const llm = createLlmClient(settings, await readApiKey(this.secrets, settings));
    if (!llm) throw new Error('No LLM configured.');
    for await (const delta of llm.chatStream(messages, { signal: controller.signal })) {
      answer.text += delta;
      this.post({ type: 'delta', text: delta });
    }
  }

  /** "Attach" / "Insert citation" on a record an answer listed (the page's buttons; public for tests). */
  async recordAction(action: 'attach' | 'insert', turn: number, index: number): Promise<void> {
    const view = this.turns[turn]?.records?.[index];
    if (!view) return;
    const candidate = await recordCandidate(view);
    if (action === 'attach') return this.attach(candidate);
    if (!this.services) return;
    const cited = await withBibtex(this.services, candidate);
    await this.services.insert(cited);
  }

  private receive(raw: unknown): void {
    const message = parseChatPageMessage(raw);
    if (!message) {
      log('Ignored a malformed message from the chat page.');
      return;
    }
    switch (message.type) {
      case 'ready':
        return this.postState();
      case 'ask':
        void this.ask(message.question);
        return;
      case 'detach':
        this.attachments = this.attachments.filter((c) => c.id !== message.id);
        this.save();
        return this.postState();
      case 'stop':
        this.answering?.abort();
        return;
      case 'openSettings':
        void openSettings();
        return;
      case 'setApiKey':
        void promptAndStoreApiKey(this.secrets).then(() => this.postState());
        return;
      case 'openLink':
        void openWebLink(message.url, 'a link in the chat');
        return;
      case 'record':
        this.recordAction(message.action, message.turn, message.index).catch((error: unknown) => {
          const text = error instanceof Error ? error.message : String(error);
          log(`Chat record action failed: ${text}`);
          void vscode.window.showErrorMessage(`Citefinder: ${text}`);
        });
        return;
    }
  }

  postState(): void {
    let llm: LlmStatusView;
    try {
      llm = llmView(readSettings());
    } catch {
      llm = { configured: false, model: '', baseUrl: '' };
    }
    this.post({
      type: 'state',
      llm,
      claim: this.claim?.text,
      attachments: this.attachments.map((c) => ({ id: c.id, title: c.title, authors: c.authors, year: c.year, source: c.source })),
      turns: this.turns.map(({ partial: _partial, ...turn }) => turn),
      busy: Boolean(this.answering),
      restricted: restrictedModeNotice(),
    });
  }

  private post(message: ChatHostMessage): void {
    if (!this.view) return;
    if (message.type === 'state') this.shownLlm = message.llm;
    void this.view.webview.postMessage(message);
  }

  private disposeViewListeners(): void {
    for (const listener of this.viewListeners) listener.dispose();
    this.viewListeners = [];
  }

  dispose(): void {
    this.answering?.abort();
    this.disposeViewListeners();
  }
}

function llmView(settings: ReturnType<typeof readSettings>): LlmStatusView {
  const model = settings['llm.model'].trim();
  const baseUrl = settings['llm.baseUrl'].trim();
  return { configured: Boolean(model && baseUrl), model, baseUrl };
}

/** Shows the chat view (resolving it if it was never opened). */
export async function reveal(): Promise<void> {
  await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
}
