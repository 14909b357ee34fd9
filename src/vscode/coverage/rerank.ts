// "Re-rank the Top with the LLM" in Uncited Claims: the configured LLM is asked, in one call, how
// much each of the top listed sentences needs a citation, and they are ordered by its answer; each
// row then shows its rating and the tooltip its reason. An explicit command, not part of the
// listing: the list comes at once from the local model, while an LLM call waits on the model. The LLM
// only orders the sentences; it adds and drops none and cites nothing.
import * as vscode from 'vscode';
import type { SentenceCoverage } from '../../core/coverage';
import type { Settings } from '../../core/settings';
import { plural } from '../../core/text/plural';
import { loadHeavy } from '../lazy';
import { log } from '../log';
import type { UncitedClaims } from './claims';

export const RERANK_CLAIMS_COMMAND = 'citefinder.rerankUncitedClaims';

export interface RerankDeps {
  settings(uri?: vscode.Uri): Settings;
  apiKey(settings: Settings): Promise<string | undefined>;
}

/** Re-ranks the top of the list; the list in its new order, undefined when the LLM was not asked or failed. */
export async function rerankListed(claims: UncitedClaims, deps: RerankDeps): Promise<readonly SentenceCoverage[] | undefined> {
  const listed = claims.all();
  if (listed.length === 0) {
    void vscode.window.showInformationMessage('Citefinder: no sentence is listed; run "Find Uncited Claims" first.');
    return undefined;
  }
  const settings = deps.settings(vscode.Uri.file(listed[0]!.file));
  const core = await loadHeavy();
  const llm = core.createLlmClient(settings, await deps.apiKey(settings));
  if (!llm) {
    const open = 'Open LLM Settings';
    void vscode.window
      .showWarningMessage('Citefinder: re-ranking asks an LLM; set citefinder.llm.model (and llm.baseUrl) first.', open)
      .then((chosen) => chosen === open && vscode.commands.executeCommand('workbench.action.openSettings', 'citefinder.llm'));
    return undefined;
  }
  const top = Math.min(settings['coverage.llmRerankTop'], listed.length);
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Citefinder: asking ${llm.model} about the top ${top} uncited claims`, cancellable: true },
    async (_progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      try {
        const outcome = await core.rerankWithLlm(listed, llm, { top, signal: controller.signal });
        if (!claims.reorder(outcome.flagged, outcome.opinions)) {
          void vscode.window.showInformationMessage('Citefinder: the list was made again meanwhile; re-rank it again.');
          return undefined;
        }
        log(`Uncited claims: ${llm.model} rated ${outcome.opinions.size} of the top ${plural(outcome.asked, 'sentence')}.`);
        void vscode.window.showInformationMessage(
          `Citefinder: ${llm.model} re-ranked the top ${plural(outcome.asked, 'uncited claim')} (${outcome.opinions.size} rated)` +
            `${outcome.asked < top ? `, as many as fit its window (citefinder.llm.contextTokens)` : ''}; its reasons are in each row's tooltip.`,
        );
        return claims.all();
      } catch (error) {
        const why = controller.signal.aborted ? 'cancelled' : `failed (${error instanceof Error ? error.message : String(error)})`;
        log(`Uncited claims: the LLM's re-ranking ${why}.`);
        void vscode.window.showWarningMessage(`Citefinder: the LLM's re-ranking ${why}; the list keeps its order.`);
        return undefined;
      }
    },
  );
}
