// The status bar item: whether the configured LLM and GROBID answer. Probed lazily (a moment
// after activation, and again when the settings change), never during activation itself.
// A click opens the settings.
import * as vscode from 'vscode';
import { readApiKey, readSettings } from './settings';
import { log } from './log';
import { restrictedModeNotice } from './restrictedMode';
import { probeGrobidService, probeLlmService, type ServiceState } from './serviceProbe';

export interface ServiceStatus {
  llm: ServiceState;
  grobid: ServiceState;
}

const FIRST_PROBE_DELAY_MS = 1500;

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('citefinder.status', vscode.StatusBarAlignment.Right, 100);
  private timer?: ReturnType<typeof setTimeout>;
  private probing?: AbortController;
  /** The newest probe: one superseded (a settings change probes again) answers with it. */
  private latest?: Promise<ServiceStatus | undefined>;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.item.name = 'Citefinder';
    this.item.command = 'citefinder.openSettings';
    this.item.text = this.prefix() + 'Citefinder';
    this.item.tooltip = `Citefinder: checking the LLM and GROBID…${restrictedModeNotice() ? '\n\n' + restrictedModeNotice() : ''}`;
    this.item.show();
    this.schedule(FIRST_PROBE_DELAY_MS);
  }

  /** Probes again shortly (debounced), e.g. after a settings change. */
  schedule(delayMs = 300): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.probe(), delayMs);
  }

  /** Probes now and shows the answer; resolves with it, or with the newer probe's when superseded (undefined when failed). */
  probe(): Promise<ServiceStatus | undefined> {
    this.latest = this.probeOnce();
    return this.latest;
  }

  private async probeOnce(): Promise<ServiceStatus | undefined> {
    this.probing?.abort();
    const controller = new AbortController();
    this.probing = controller;
    try {
      const settings = readSettings((message) => log(message));
      const apiKey = await readApiKey(this.secrets, settings);
      const [llm, grobid] = await Promise.all([
        probeLlmService(settings, apiKey, controller.signal),
        probeGrobidService(settings, controller.signal),
      ]);
      if (controller.signal.aborted) return this.latest;
      this.show({ llm, grobid });
      return { llm, grobid };
    } catch (error) {
      if (controller.signal.aborted) return this.latest;
      log(`Status probe failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /** `$(shield) ` in Restricted Mode (the tooltip says what that changes), else the book. */
  private prefix(): string {
    return restrictedModeNotice() ? '$(shield) ' : '$(book) ';
  }

  private show(status: ServiceStatus): void {
    const mark = (ok: boolean) => (ok ? '$(check)' : '$(circle-slash)');
    const restricted = restrictedModeNotice();
    this.item.text = `${this.prefix()}LLM ${mark(status.llm.ok)} GROBID ${mark(status.grobid.ok)}`;
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown('**Citefinder**\n\n');
    // Service messages name URLs from the settings: appended as text, never read as Markdown.
    tooltip.appendText(`• ${status.llm.message}\n• ${status.grobid.message}\n\n`);
    if (restricted) tooltip.appendText(`${restricted}\n\n`);
    tooltip.appendMarkdown('Click to open the settings.');
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = {
      label: `Citefinder: ${restricted ? restricted + ' ' : ''}${status.llm.message} ${status.grobid.message} Click to open the settings.`,
    };
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.probing?.abort();
    this.item.dispose();
  }
}
