// What the results panel does with trust signals and versions of record: ask before citing a
// retracted or withdrawn work, and switch a card between the published version's BibTeX and the
// preprint's.
import * as vscode from 'vscode';
import type { Settings } from '../core/settings/index';
import type { Candidate } from '../core/types';
import { loadHeavy } from './lazy';
import type { ResultsPanel } from './results/panel';
import { findCandidate } from '../webview/resultsModel';
import { log } from './log';

const CITE_ANYWAY = 'Cite anyway';

/** True when the work may be cited: it carries no retraction or withdrawal, or the user says so. */
export async function confirmUntrusted(candidate: Candidate): Promise<boolean> {
  const trust = candidate.trust;
  if (trust?.status !== 'retracted' && trust?.status !== 'withdrawn') return true;
  const notice = trust.notice ? ` (notice doi:${trust.notice.doi}${trust.notice.date ? `, ${trust.notice.date}` : ''}${trust.notice.source ? `, ${trust.notice.source}` : ''})` : trust.reason ? ` (${trust.reason})` : '';
  const answer = await vscode.window.showWarningMessage(
    `"${candidate.title.slice(0, 160)}" was ${trust.status}${notice}. Cite it anyway?`,
    { modal: true, detail: 'A retracted or withdrawn work is usually cited only to discuss the retraction itself.' },
    CITE_ANYWAY,
  );
  if (answer !== CITE_ANYWAY) log(`Not cited: ${candidate.id} was ${trust.status} and the citation was declined.`);
  return answer === CITE_ANYWAY;
}

/** Fetches the other version's BibTeX for a card and sends it to the panel as a patch. */
export async function switchBibtexVersion(panel: ResultsPanel, id: string, version: 'published' | 'preprint', settings: Settings): Promise<void> {
  const candidate = findCandidate(panel.state, id);
  if (!candidate) return;
  const core = await loadHeavy();
  const record = version === 'published' ? { ...candidate, publishedDoi: candidate.versionOfRecord?.doi ?? candidate.publishedDoi } : candidate;
  const versionSettings = { ...settings, 'citation.preferPublished': version === 'published' };
  const found = await core.withAuthorityBibtex(record, { settings: versionSettings, http: core.createHttpClient(versionSettings) });
  if (!found.bibtex) {
    panel.post({ type: 'notice', level: 'error', message: `No BibTeX for the ${version} version: ${found.bibtexWhy ?? found.bibtexError ?? 'none'}` });
    return;
  }
  const patch = { bibtex: found.bibtex, citeKey: found.citeKey, bibtexSource: found.bibtexSource, bibtexNote: found.bibtexNote ?? '', venue: found.venue, bibtexOf: core.bibtexOfSource(record, found.bibtexSource ?? '') };
  panel.post({ type: 'event', runId: panel.state.runId, event: { type: 'patch', id, patch } });
}
