// The results page's side of the extension: the panel and the search controller behind it, the
// page's messages (search again, cancel, insert, ask in chat, open, copy, switch BibTeX), and
// the insert and attach flows that the panel, the chat and the API share.
import * as vscode from 'vscode';
import type { Candidate } from '../../core/types';
import type { ChatViewProvider } from '../chatView';
import { insertCitation, type InsertOutcome } from '../insertCitation';
import { InsertedCitations } from '../insertedCitations';
import { log } from '../log';
import { openWebLink } from '../openLink';
import { ResultsPanel } from './panel';
import { SearchController, type SearchOrigin } from '../searchController';
import { switchBibtexVersion } from '../trustActions';
import { paperLink } from '../../webview/links';
import type { BatchSentenceView, ResultsPageMessage } from '../../webview/protocol';
import { FIND_FOR_SENTENCE_COMMAND } from '../audit/codeActions';
import { findCandidate } from '../../webview/resultsModel';

export interface Results {
  panel: ResultsPanel;
  search: SearchController;
  /** "Insert citation" for a candidate of the current results. */
  insert(id: string): Promise<InsertOutcome | undefined>;
  /** "Ask in chat" for a candidate of the current results. */
  attach(id: string): Promise<void>;
  /** Lists a batch's sentences above the search (none closes the list); a click opens one's search. */
  showBatch(sentences: BatchSentence[]): void;
  /** A citation inserted from the panel, and where (the Uncited Claims list marks its sentence). */
  readonly onDidInsert: vscode.Event<PanelInsert>;
}

export interface PanelInsert {
  origin: SearchOrigin;
  candidateId: string;
  outcome: InsertOutcome;
}

/** A sentence of a batch and where it is, which the page never sees: it asks by index. */
export interface BatchSentence {
  view: BatchSentenceView;
  uri: vscode.Uri;
  range: vscode.Range;
  /** Its source text when listed, to find it again after an edit moved it. */
  source?: string;
}

export function registerResults(context: vscode.ExtensionContext, chat: ChatViewProvider): Results {
  const panel: ResultsPanel = new ResultsPanel(context.extensionUri, (message) => void onMessage(message));
  const search = new SearchController(panel, context.secrets, context.globalStorageUri);
  // The panel follows the document: an undo of an insert takes the "cited as" away again.
  const insertedCitations = new InsertedCitations((change) =>
    panel.post(change.cited
      ? { type: 'inserted', id: change.id, key: change.key, reused: true }
      : { type: 'uninserted', id: change.id, message: change.message }));
  let batch: BatchSentence[] = [];
  const inserted = new vscode.EventEmitter<PanelInsert>();
  const results: Results = {
    panel,
    search,
    onDidInsert: inserted.event,
    showBatch: (sentences) => {
      batch = sentences;
      if (sentences.length > 0) panel.show();
      panel.post({ type: 'batch', sentences: sentences.map((s) => s.view) });
    },
    insert: async (id) => {
      const candidate = findCandidate(panel.state, id);
      if (!candidate || !search.origin) return undefined;
      const origin = search.origin;
      const outcome = await insertCitation(candidate, origin, context.workspaceState);
      if (outcome) {
        // The card as it is now: `id` may name it as it was before a merge renamed it.
        const cited = candidate.id;
        panel.post({ type: 'inserted', id: cited, key: outcome.key, bibFile: outcome.bibFile, reused: outcome.reused, command: outcome.command, notes: outcome.notes });
        insertedCitations.track(cited, outcome.key, origin.uri, outcome.bibFile, outcome.reused);
        inserted.fire({ origin, candidateId: cited, outcome });
      }
      return outcome;
    },
    attach: async (id) => {
      const candidate = findCandidate(panel.state, id);
      if (!candidate) return;
      chat.setClaim(search.claim);
      await chat.attach(candidate);
    },
  };
  context.subscriptions.push(panel, search, insertedCitations, inserted);

  async function onMessage(message: ResultsPageMessage): Promise<void> {
    try {
      await handle(message);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      log(`Action ${message.type} failed: ${error instanceof Error ? (error.stack ?? text) : text}`);
      void vscode.window.showErrorMessage(`Citefinder: ${text}`);
    }
  }

  async function handle(message: ResultsPageMessage): Promise<void> {
    switch (message.type) {
      case 'search':
        await search.searchAgain(message.queries);
        return;
      case 'cancel':
        return search.cancel();
      case 'insert':
        await results.insert(message.id);
        return;
      case 'ask':
        return results.attach(message.id);
      case 'open': {
        const candidate = findCandidate(panel.state, message.id);
        if (candidate) await openWebLink(paperLink(candidate, message.link), message.link === 'page' ? 'this paper' : `the ${message.link} link of this paper`);
        return;
      }
      case 'copyBibtex':
        return copyBibtex(panel, message.id);
      case 'bibtexVersion':
        return switchBibtexVersion(panel, message.id, message.version, search.runSettings());
      case 'openBatchSentence': {
        const sentence = batch[message.index];
        if (sentence) await vscode.commands.executeCommand(FIND_FOR_SENTENCE_COMMAND, sentence.uri, sentence.range, sentence.source);
        return;
      }
      case 'closeBatch':
        return results.showBatch([]);
      case 'ready':
        return;
    }
  }
  return results;
}

/** The chat's "Insert citation" on a record: cited where the last searched claim is. */
export async function insertFromChat(candidate: Candidate, search: SearchController, memento: vscode.Memento): Promise<void> {
  if (!search.origin) {
    void vscode.window.showErrorMessage('Citefinder: select the claim and run Find Citations first; the citation goes where that claim is.');
    return;
  }
  const outcome = await insertCitation(candidate, search.origin, memento);
  if (outcome) void vscode.window.showInformationMessage(`Citefinder: cited ${outcome.key}${outcome.reused ? '' : ` (added to ${outcome.bibFile})`}.`);
}

async function copyBibtex(panel: ResultsPanel, id: string): Promise<void> {
  const candidate = findCandidate(panel.state, id);
  if (!candidate?.bibtex) {
    panel.post({ type: 'notice', level: 'error', message: 'No BibTeX for this paper yet.' });
    return;
  }
  await vscode.env.clipboard.writeText(candidate.bibtex);
  panel.post({ type: 'notice', level: 'info', message: `BibTeX of ${candidate.citeKey ?? 'the paper'} copied.` });
}
