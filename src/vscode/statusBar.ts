// The status bar item: whether the configured LLM and GROBID answer. Probed lazily (a moment
// after activation, and again when the settings change), never during activation itself.
// A click opens the settings.
import * as vscode from 'vscode';
import { readApiKey, readSettings } from './settings';
import { log } from './log';
import { loadHeavy } from './lazy';

export interface ServiceStatus {
  llm: { ok: boolean; message: string };
  grobid: { ok: boolean; message: string };
}

const FIRST_PROBE_DELAY_MS = 1500;

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('citefinder.status', vscode.StatusBarAlignment.Right, 100);
  private timer?: ReturnType<typeof setTimeout>;
  private probing?: AbortController;
  last?: ServiceStatus;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.item.name = 'Citefinder';
    this.item.command = 'citefinder.openSettings';
    this.item.text = '$(book) Citefinder';
    this.item.tooltip = 'Citefinder: checking the LLM and GROBID…';
    this.item.show();
    this.schedule(FIRST_PROBE_DELAY_MS);
  }

  /** Probes again shortly (debounced), e.g. after a settings change. */
  schedule(delayMs = 300): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.probe(), delayMs);
  }

  async probe(): Promise<ServiceStatus | undefined> {
    this.probing?.abort();
    const controller = new AbortController();
    this.probing = controller;
    try {
      const settings = readSettings();
      const heavy = await loadHeavy();
      const { probeLlm, createHttpClient } = heavy;
      heavy.resetGrobidState();
      const http = createHttpClient(settings, { cacheDir: '' });
      const [llm, grobidAlive] = await Promise.all([
        probeLlm(settings, await readApiKey(this.secrets, settings), controller.signal),
        heavy.isGrobidAlive({ http, settings, signal: controller.signal }).catch(() => false),
      ]);
      if (controller.signal.aborted) return undefined;
      const grobidUrl = settings['grobid.url'];
      const status: ServiceStatus = {
        llm,
        grobid: grobidAlive
          ? { ok: true, message: `GROBID at ${grobidUrl}` }
          : {
              ok: false,
              message: heavy.grobidEnabled(settings)
                ? `GROBID at ${grobidUrl} is not reachable: PDFs are read with pdf.js.`
                : 'GROBID is off: PDFs are read with pdf.js.',
            },
      };
      this.show(status);
      return status;
    } catch (error) {
      log(`Status probe failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  private show(status: ServiceStatus): void {
    this.last = status;
    const mark = (ok: boolean) => (ok ? '$(check)' : '$(circle-slash)');
    this.item.text = `$(book) LLM ${mark(status.llm.ok)} GROBID ${mark(status.grobid.ok)}`;
    const tooltip = new vscode.MarkdownString(
      `**Citefinder**\n\n- ${status.llm.message}\n- ${status.grobid.message}\n\nClick to open the settings.`,
    );
    tooltip.supportThemeIcons = true;
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = {
      label: `Citefinder: ${status.llm.message} ${status.grobid.message} Click to open the settings.`,
    };
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.probing?.abort();
    this.item.dispose();
  }
}
