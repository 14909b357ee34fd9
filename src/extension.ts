// citefinder's VS Code entry point: registrations only. Everything heavy (the pipeline, the
// LaTeX and BibTeX parsers, the LLM client) is imported on first use, so activation stays
// cheap; its duration is logged to the "Citefinder" output channel and returned in the API.
import * as vscode from 'vscode';
import type { FindResult } from './core/types';
import { saveBibsAfterUndo } from './vscode/bibSaver';
import { ChatViewProvider, CHAT_VIEW_ID, type ChatSnapshot } from './vscode/chatView';
import { FindCitationsCodeActions } from './vscode/codeActions';
import { CITE_BY_ID_COMMAND, citeByIdentifierCommand } from './vscode/citeById';
import { trackLastLatexEditor } from './vscode/lastLatexEditor';
import { registerAudit } from './vscode/audit/register';
import { registerCoverage } from './vscode/coverage/register';
import { insertFromChat, registerResults } from './vscode/results/register';
import type { InsertOutcome } from './vscode/insertCitation';
import { CHECK_BIBLIOGRAPHY_COMMAND, checkBibliographyCommand, ProposedBibs, PROPOSED_SCHEME } from './vscode/bibcheck/checkCommand';
import { BibVerdicts } from './vscode/bibcheck/verdictFindings';
import { registerReferenceCommands } from './vscode/references/checkReferences';
import { registerVerdictActions } from './vscode/bibcheck/verdictActions';
import { LATEX_LANGUAGE_IDS } from './vscode/languages';
import { log, disposeLog, outputChannel } from './vscode/log';
import type { ResultsState } from './webview/protocol';
import { openSettings, promptAndStoreApiKey, promptAndStoreServiceKey, readApiKey } from './vscode/settings';
import { StatusBar, type ServiceStatus } from './vscode/statusBar';

/** What `activate` returns: read by the E2E and in-host tests. */
export interface CitefinderApi {
  /** Milliseconds `activate` took. */
  readonly activationMs: number;
  /** The results panel's state (candidates as they stand now). */
  results(): ResultsState;
  /** What the panel's "Cancel" and the notification's Cancel do. */
  cancel(): void;
  /** The panel's "Search again" with edited queries (text form). */
  searchAgain(queries: string[]): Promise<FindResult | undefined>;
  /** "Insert citation" for a candidate of the current results. */
  insertCitation(id: string): Promise<InsertOutcome | undefined>;
  /** "Ask in chat" for a candidate of the current results. */
  attachToChat(id: string): Promise<void>;
  ask(question: string): Promise<void>;
  chat(): ChatSnapshot;
  /** What the status bar's probe finds now (the LLM and GROBID of the user's settings). */
  probeServices(): Promise<ServiceStatus | undefined>;
}

export function activate(context: vscode.ExtensionContext): CitefinderApi {
  const started = performance.now();
  const chat = new ChatViewProvider(context.extensionUri, context.secrets, context.workspaceState);
  const { panel, search, insert, attach, showBatch, onDidInsert } = registerResults(context, chat);
  const status = new StatusBar(context.secrets);
  const proposedBibs = new ProposedBibs();
  // Check Bibliography's verdicts: Problems panel, hover, code actions, the walkable list.
  const bibVerdicts = new BibVerdicts();

  chat.connect({
    settings: () => search.runSettings(),
    apiKey: (settings) => readApiKey(context.secrets, settings),
    insert: (candidate) => insertFromChat(candidate, search, context.workspaceState),
  });

  context.subscriptions.push(
    status,
    chat,
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, chat),
    trackLastLatexEditor(),
    vscode.commands.registerCommand('citefinder.findCitations', () => search.findForEditor(vscode.window.activeTextEditor)),
    vscode.commands.registerCommand('citefinder.openChat', async () => {
      chat.setClaim(search.claim);
      await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
    }),
    vscode.commands.registerCommand('citefinder.clearChat', () => chat.clear()),
    vscode.commands.registerCommand('citefinder.setApiKey', async () => {
      await promptAndStoreApiKey(context.secrets);
      status.schedule();
      chat.postState();
    }),
    vscode.commands.registerCommand('citefinder.setSemanticScholarKey', () => promptAndStoreServiceKey(context.secrets, 'semanticscholar')),
    vscode.commands.registerCommand('citefinder.setOpenAlexKey', () => promptAndStoreServiceKey(context.secrets, 'openalex')),
    vscode.commands.registerCommand('citefinder.openSettings', () => openSettings()),
    vscode.commands.registerCommand(CITE_BY_ID_COMMAND, (args?: { identifier?: string; replaceSelection?: boolean }) =>
      citeByIdentifierCommand({
        settings: () => search.runSettings(),
        memento: context.workspaceState,
        identifier: args?.identifier,
        replaceSelection: args?.replaceSelection,
      }),
    ),
    vscode.commands.registerCommand('citefinder.showLog', () => outputChannel().show(true)),
    vscode.languages.registerCodeActionsProvider(
      LATEX_LANGUAGE_IDS.map((language) => ({ language })),
      new FindCitationsCodeActions(),
      FindCitationsCodeActions.metadata,
    ),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('citefinder')) return;
      status.schedule();
      chat.postState();
    }),
    context.secrets.onDidChange(() => status.schedule()),
    // Trusting the workspace lifts Restricted Mode: the status bar and the chat stop mentioning it.
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      status.schedule(0);
      chat.postState();
    }),
    registerAudit({ search, secrets: context.secrets, bibVerdicts }),
    registerCoverage({
      memento: context.workspaceState,
      settings: (uri) => search.runSettings(uri),
      apiKey: (settings) => readApiKey(context.secrets, settings),
      showBatch,
      onDidInsert,
    }),
    vscode.workspace.registerTextDocumentContentProvider(PROPOSED_SCHEME, proposedBibs),
    bibVerdicts,
    registerVerdictActions(bibVerdicts, [{ language: 'bibtex' }, ...LATEX_LANGUAGE_IDS.map((language) => ({ language }))]),
    // From the explorer's menu on a .bib, that file is the argument.
    vscode.commands.registerCommand(CHECK_BIBLIOGRAPHY_COMMAND, (picked?: unknown) => {
      const bib = picked instanceof vscode.Uri ? picked : undefined;
      return checkBibliographyCommand((uri) => search.runSettings(uri), proposedBibs, bibVerdicts, bib);
    }),
    registerReferenceCommands((uri) => search.runSettings(uri), bibVerdicts),
    saveBibsAfterUndo(),
    { dispose: disposeLog },
  );

  const activationMs = Math.round((performance.now() - started) * 100) / 100;
  log(`Citefinder activated in ${activationMs} ms.`);
  return {
    activationMs,
    results: () => panel.state,
    cancel: () => search.cancel(),
    searchAgain: (queries) => search.searchAgain(queries),
    insertCitation: insert,
    attachToChat: attach,
    ask: (question) => chat.ask(question),
    chat: () => chat.snapshot(),
    probeServices: () => status.probe(),
  };
}

export function deactivate(): void {}
