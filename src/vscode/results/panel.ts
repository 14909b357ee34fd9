// The results WebviewPanel beside the editor. It keeps the authoritative ResultsState (the
// same fold the page runs) and sends the whole state whenever the page (re)loads, so nothing
// is lost while the page starts or sits hidden. Page messages are validated before anyone sees them.
import * as vscode from 'vscode';
import { parseResultsPageMessage, type ResultsHostMessage, type ResultsPageMessage } from '../../webview/protocol';
import { applyHostMessage, emptyResults } from '../../webview/resultsModel';
import type { ResultsState } from '../../webview/protocol';
import { makeNonce, renderWebviewShell } from '../webviewHtml';
import { log } from '../log';

const RESULTS_VIEW_TYPE = 'citefinder.results';

/** Folders a webview may load from: our media and the codicon font. */
export function webviewRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [
    vscode.Uri.joinPath(extensionUri, 'media'),
    vscode.Uri.joinPath(extensionUri, 'node_modules', '@vscode', 'codicons', 'dist'),
  ];
}

export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, page: 'results' | 'chat', title: string): string {
  const uri = (...path: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...path)).toString();
  return renderWebviewShell({
    title,
    cspSource: webview.cspSource,
    nonce: makeNonce(),
    scriptUri: uri('media', 'dist', `${page}.js`),
    styleUris: [uri('node_modules', '@vscode', 'codicons', 'dist', 'codicon.css'), uri('media', 'common.css'), uri('media', `${page}.css`)],
    placeholder: page === 'results' ? 'Waiting for results…' : 'Loading the chat…',
  });
}

export class ResultsPanel implements vscode.Disposable {
  private panel?: vscode.WebviewPanel;
  private ready = false;
  private current: ResultsState = emptyResults();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly onMessage: (message: ResultsPageMessage) => void,
  ) {}

  get state(): ResultsState {
    return this.current;
  }

  /** Opens the panel beside the editor (or reveals it) without taking the focus. */
  show(): void {
    if (this.panel) {
      this.panel.reveal(this.panel.viewColumn ?? vscode.ViewColumn.Beside, true);
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      RESULTS_VIEW_TYPE,
      'Citefinder Results',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: webviewRoots(this.extensionUri), enableFindWidget: true },
    );
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'citefinder.svg');
    this.panel = panel;
    this.ready = false;
    // This panel's listeners go with it: a panel closed and reopened must not leave them behind.
    const listeners: vscode.Disposable[] = [];
    panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw), undefined, listeners);
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.ready = false;
      for (const listener of listeners) listener.dispose();
    }, undefined, listeners);
    panel.webview.html = webviewHtml(panel.webview, this.extensionUri, 'results', 'Citefinder Results');
  }

  post(message: ResultsHostMessage): void {
    this.current = applyHostMessage(this.current, message);
    if (!this.panel) return;
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  private receive(raw: unknown): void {
    const message = parseResultsPageMessage(raw);
    if (!message) {
      log(`Ignored a malformed message from the results page.`);
      return;
    }
    if (message.type === 'ready') {
      this.ready = true;
      void this.panel?.webview.postMessage({ type: 'snapshot', state: this.current } satisfies ResultsHostMessage);
    }
    this.onMessage(message);
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
