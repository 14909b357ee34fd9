// The cite audit's share of the verdicts: after it has read the citing sentences, the project's
// .bib entries get Check Bibliography's verdicts in the Problems panel (on each entry and on each
// \cite of a mismatched or not-found one), without the update review. Failures are logged: the
// audit's own findings stand whatever happens here.
import * as vscode from 'vscode';
import { verdictsCountedOnce } from '../../core/bibcheck/counts';
import type { Settings } from '../../core/settings';
import { loadHeavy } from '../lazy';
import { log } from '../log';
import { projectFiles } from '../projectFiles';
import { checkAndPublish, projectToCheck } from './publish';
import type { BibVerdicts } from './verdictFindings';

export async function verifyBibliography(
  document: vscode.TextDocument,
  settings: Settings,
  verdicts: BibVerdicts,
  signal: AbortSignal,
): Promise<void> {
  try {
    const core = await loadHeavy();
    const { bibFiles: files, manuscript } = await projectToCheck(document, core);
    if (!files.length) return;
    const texts = await Promise.all(files.map(async (file) => ({ file, text: (await projectFiles.read(file)) ?? '' })));
    const { report } = await checkAndPublish(core, manuscript, texts, settings, verdicts, signal);
    if (report)
      log(
        `Audit: bibliography verdicts: ${Object.entries(verdictsCountedOnce(report.entries))
          .filter(([, n]) => n > 0)
          .map(([v, n]) => `${v} ${n}`)
          .join(', ')}${report.summary.duplicate ? `, duplicate ${report.summary.duplicate}` : ''}.`,
      );
  } catch (error) {
    if (!signal.aborted) log(`Audit: the bibliography could not be checked (${(error as Error).message}).`);
  }
}
