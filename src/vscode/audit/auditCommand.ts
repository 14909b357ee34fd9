// "Citefinder: Audit Citations": the current file or the whole project, with progress and
// Cancel; findings stream into the Problems panel and the summary view as they come. One audit
// cache per window, so running it again checks only the sentences that changed. Edits nothing.
import * as vscode from 'vscode';
import type { AuditCache, AuditReport } from '../../core/audit';
import type { Settings } from '../../core/settings/index';
import { plural } from '../../core/text/plural';
import { loadHeavy } from '../lazy';
import { log } from '../log';
import { projectFiles } from '../projectFiles';
import type { AuditFindings } from './findings';
import { documentForCommand } from '../lastLatexEditor';

export const AUDIT_COMMAND = 'citefinder.auditCitations';

export interface AuditCommandDeps {
  findings: AuditFindings;
  settings(uri: vscode.Uri): Settings;
  apiKey(settings: Settings): Promise<string | undefined>;
  /** After the audit: each cited entry's verdict in the Problems panel (Check Bibliography's). */
  verifyBibliography?(document: vscode.TextDocument, settings: Settings, signal: AbortSignal): Promise<void>;
}

export class AuditRunner {
  private cache?: AuditCache;
  private running?: AbortController;

  constructor(private readonly deps: AuditCommandDeps) {}

  async run(scope?: 'file' | 'project'): Promise<AuditReport | undefined> {
    // From the results panel or the chat (no active text editor): the LaTeX file last edited.
    const document = documentForCommand();
    if (!document) {
      void vscode.window.showWarningMessage('Citefinder: open a saved LaTeX file of the manuscript to audit its citations.');
      return undefined;
    }
    const chosen = scope ?? (await pickScope());
    if (!chosen) return undefined;
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    const core = await loadHeavy();
    this.cache ??= new core.AuditCache();
    const settings = this.deps.settings(document.uri);
    const llm = core.createLlmClient(settings, await this.deps.apiKey(settings));
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Citefinder: auditing citations', cancellable: true },
      async (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        let total = 0;
        try {
          const report = await core.auditProject(
            { file: document.uri.fsPath, scope: chosen, files: projectFiles, exists: projectFiles.exists },
            { settings, http: core.createHttpClient(settings), llm, signal: controller.signal, cache: this.cache },
            (event) => {
              if (event.type === 'sites') {
                total = event.sites.length;
                this.deps.findings.reset([...new Set(event.sites.map((s) => s.file)), document.uri.fsPath]);
              } else if (event.type === 'finding') this.deps.findings.add(event.finding);
              else if (event.type === 'progress') progress.report({ message: `${event.done} of ${total}`, increment: 100 / Math.max(1, total) });
              else if (event.type === 'warning') log(`Audit: ${event.message}`);
            },
          );
          summarise(report);
          if (this.deps.verifyBibliography) {
            progress.report({ message: 'the bibliography entries against the authorities' });
            await this.deps.verifyBibliography(document, settings, controller.signal);
          }
          return report;
        } catch (error) {
          if (controller.signal.aborted) {
            void vscode.window.showInformationMessage('Citefinder: audit cancelled; the citations checked so far are shown.');
            return undefined;
          }
          throw error;
        } finally {
          if (this.running === controller) this.running = undefined;
        }
      },
    );
  }

  dispose(): void {
    this.running?.abort();
  }
}

async function pickScope(): Promise<'file' | 'project' | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'Whole project', description: 'every file from the root document', scope: 'project' as const },
      { label: 'This file', description: 'only the citations in the active file', scope: 'file' as const },
    ],
    { title: 'Audit citations' },
  );
  return picked?.scope;
}

function summarise(report: AuditReport): void {
  const s = report.summary;
  const parts = [`${s.supported} supported`, `${s.weak} weak`, `${s.unsupported} unsupported`, `${s.unresolved} unresolved`, `${s.missing} missing`, `${s.unavailable} unavailable`];
  log(`Audit of ${plural(report.findings.length, 'citation')}: ${parts.join(', ')}.${report.warnings.length ? ` Warnings: ${report.warnings.join(' | ')}` : ''}`);
  void vscode.window.showInformationMessage(`Citefinder audit: ${parts.join(', ')}.`);
}
