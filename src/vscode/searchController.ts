// Runs the core pipeline for the selected claim: a cancellable progress notification with the
// pipeline's stage messages, events forwarded to the results panel as they arrive, and
// Cancel (in the notification or the panel) aborting every request through one AbortController.
// The pipeline is loaded on first use (lazy.ts) so activation stays cheap.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Settings } from '../core/settings/index';
import type { Claim, FindResult } from '../core/types';
import { isAbortError } from '../core/net/types';
import type { ResultsPanel } from './results/panel';
import { progressMessage } from '../webview/resultsModel';
import { readApiKey, withServiceKeys, readSettings } from './settings';
import { log } from './log';
import { loadHeavy } from './lazy';
import { chapterRootText } from './projectFiles';
import { plural } from '../core/text/plural';

/** Where the claim came from, to put the citation back there later. */
export interface SearchOrigin {
  uri: vscode.Uri;
  /** The selected LaTeX source. */
  selection: string;
  /** Offsets of the selection when the search started. */
  start: number;
  end: number;
  /** Text the citation replaces (an identifier the user selected), removed in the same edit. */
  replace?: { offset: number; length: number };
  /** What stood at `replace` (checked again before removing it). */
  replacedText?: string;
}

export class SearchController implements vscode.Disposable {
  private runId = 0;
  private controller?: AbortController;
  origin?: SearchOrigin;
  claim?: Claim;

  constructor(
    private readonly panel: ResultsPanel,
    private readonly secrets: vscode.SecretStorage,
    private readonly storage: vscode.Uri,
  ) {}

  /** The selection of `editor` as a claim; undefined (with a message) when there is none. */
  async findForEditor(editor: vscode.TextEditor | undefined): Promise<FindResult | undefined> {
    if (!editor || editor.selection.isEmpty) {
      void vscode.window.showWarningMessage('Citefinder: select the claim to cite in a LaTeX file first.');
      return undefined;
    }
    return this.findForRange(editor.document, editor.selection);
  }

  /** The text at `range` as a claim, leaving the editor (its selection, its focus) as it is. */
  async findForRange(document: vscode.TextDocument, range: vscode.Range): Promise<FindResult | undefined> {
    const start = document.offsetAt(range.start);
    const end = document.offsetAt(range.end);
    const selection = document.getText(range);
    if (!/\p{L}{2,}/u.test(selection)) {
      void vscode.window.showWarningMessage('Citefinder: the selection holds no words to search for.');
      return undefined;
    }
    this.origin = { uri: document.uri, selection, start, end };
    return this.run(document.getText(), undefined);
  }

  /** Runs again for the same claim with the user's edited queries. */
  async searchAgain(queries: string[]): Promise<FindResult | undefined> {
    if (!this.origin) return undefined;
    const document = await vscode.workspace.openTextDocument(this.origin.uri);
    return this.run(document.getText(), queries);
  }

  cancel(): void {
    this.controller?.abort();
  }

  private run(document: string, queries: string[] | undefined): Promise<FindResult | undefined> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const runId = ++this.runId;
    const origin = this.origin!;
    this.panel.show();
    this.panel.post({ type: 'start', runId, claim: origin.selection });
    log(`Search #${runId} started${queries ? ' with edited queries' : ''}.`);
    const input = { selection: origin.selection, document, selectionOffset: origin.start, queries };
    return Promise.resolve(
      vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Citefinder', cancellable: true },
        async (progress, token) => {
          token.onCancellationRequested(() => controller.abort());
          progress.report({ message: 'Reading the claim…' });
          try {
            const result = await this.find(input, runId, controller.signal, (message) => progress.report({ message }));
            this.panel.post({ type: 'status', runId, status: 'done' });
            log(`Search #${runId} done: ${plural(result.candidates.length, 'candidate')} in ${result.timings.totalMs} ms.`);
            return result;
          } catch (error) {
            this.reportFailure(runId, controller.signal.aborted || isAbortError(error), error);
            return undefined;
          }
        },
      ),
    );
  }

  private async find(
    input: { selection: string; document: string; selectionOffset: number; queries?: string[] },
    runId: number,
    signal: AbortSignal,
    report: (message: string) => void,
  ): Promise<FindResult> {
    // Per-project settings (the cite key style) are those of the manuscript's folder.
    const settings = await withServiceKeys(this.secrets, this.runSettings());
    const apiKey = await readApiKey(this.secrets, settings);
    const core = await loadHeavy();
    const pipeline = core.createPipeline({ settings, llmApiKey: apiKey });
    const root = await this.rootText(input.document);
    return pipeline.find(
      root === undefined ? input : { ...input, root },
      (event) => {
        if (runId !== this.runId) return;
        if (event.type === 'claim') this.claim = event.claim;
        if (event.type === 'warning') log(`Warning: ${event.message}`);
        this.panel.post({ type: 'event', runId, event });
        const message = progressMessage(event, this.panel.state);
        if (message) report(message);
      },
      signal,
    );
  }

  /** The root file's text when the claim's file is another file of its project (a chapter), for its title and macros. */
  private async rootText(document: string): Promise<string | undefined> {
    const uri = this.origin?.uri;
    if (uri?.scheme !== 'file') return undefined;
    try {
      return await chapterRootText(uri.fsPath, document);
    } catch (error) {
      log(`The claim's project root could not be found (${error instanceof Error ? error.message : String(error)}): its file alone is the context.`);
      return undefined;
    }
  }

  /** The settings of a run: those of the manuscript's folder, with the extension's cache folder. */
  runSettings(scope: vscode.Uri | undefined = this.origin?.uri): Settings {
    return this.withStorageCache(readSettings((message) => log(message), scope));
  }

  /**
   * With no `cache.dir` of the user's, every cache (HTTP responses, GROBID's TEI) goes to the
   * extension's storage rather than ~/.cache: the pipeline reads the folder from the settings.
   */
  private withStorageCache(settings: Settings): Settings {
    if (settings['cache.dir'].trim()) return settings;
    return { ...settings, 'cache.dir': path.join(this.storage.fsPath, 'http-cache') };
  }

  private reportFailure(runId: number, cancelled: boolean, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (cancelled) {
      this.panel.post({ type: 'status', runId, status: 'cancelled', message: 'Search cancelled.' });
      log(`Search #${runId} cancelled.`);
      return;
    }
    this.panel.post({ type: 'status', runId, status: 'failed', message });
    log(`Search #${runId} failed: ${error instanceof Error ? (error.stack ?? message) : message}`);
    void vscode.window.showErrorMessage(`Citefinder: the search failed: ${message}`);
  }

  dispose(): void {
    this.controller?.abort();
  }
}
