// One bibliography check whose verdicts stream into the Problems panel (the .bib entries, then
// the manuscript's \cite sites of flagged entries), shared by Check Bibliography and the cite
// audit. Entries checked by hand stay quiet. A cancelled or failing run keeps what it showed.
import * as vscode from 'vscode';
import type { BibCheckEntry, BibCheckEvent, BibCheckReport } from '../../core/bibcheck';
import type { Settings } from '../../core/settings';
import type { loadHeavy } from '../lazy';
import { projectFiles } from '../projectFiles';
import { isCheckedByHand } from './checkedByHand';
import type { BibVerdicts } from './verdictFindings';

type Core = Awaited<ReturnType<typeof loadHeavy>>;

export interface PublishedCheck {
  /** Undefined when the run was cancelled. */
  report?: BibCheckReport;
  /** Keys of the entries checked by hand (no diagnostics). */
  quietKeys: Set<string>;
}

export async function checkAndPublish(
  core: Core,
  document: vscode.TextDocument,
  texts: { file: string; text: string }[],
  config: Settings,
  verdicts: BibVerdicts | undefined,
  signal: AbortSignal,
  onEntry: (done: number, total: number) => void = () => {},
): Promise<PublishedCheck> {
  verdicts?.reset(texts.map((t) => t.file));
  // From a manuscript, the entries it cites (all after \nocite{*}); a .bib opened alone, every entry.
  const manuscript = await manuscriptTexts(document, core);
  const cited = manuscript.length ? core.citedKeys(manuscript) : undefined;
  const entryTexts = new Map(texts.flatMap(({ file, text }) => core.readBibEntries(file, text).entries.map((e) => [`${file}#${e.key}#${e.line}`, text.slice(e.start, e.end)] as const)));
  const quietKeys = new Set<string>();
  const shown: Promise<void>[] = [];
  const show = (entry: BibCheckEntry) =>
    shown.push(
      isCheckedByHand(entry.file, entry.key, entryTexts.get(`${entry.file}#${entry.key}#${entry.line}`) ?? '').then((quiet) => {
        if (quiet) quietKeys.add(entry.key);
        verdicts?.add(entry, quiet);
      }),
    );
  let report: BibCheckReport | undefined;
  try {
    const deps = { settings: config, http: core.createHttpClient(config), signal };
    const onEvent = (event: BibCheckEvent) => {
      if (event.type !== 'entry') return;
      show(event.entry);
      onEntry(event.done, event.total);
    };
    report = await core.checkBibliography(texts, deps, onEvent, undefined, cited ? { cited } : {});
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    await Promise.all(shown);
    if (verdicts) verdicts.showCites(manuscript, quietKeys);
  }
  return { report, quietKeys };
}

/** The manuscript's files (for the \cite diagnostics); none when a .bib was checked alone. */
async function manuscriptTexts(document: vscode.TextDocument, core: Core): Promise<{ file: string; text: string }[]> {
  if (document.uri.fsPath.endsWith('.bib')) return [];
  const root = await core.resolveRootFile(document.uri.fsPath, document.getText(), projectFiles);
  return (await core.walkIncludes(root.file, root.text, projectFiles)).files.map((f) => ({ file: f.file, text: f.text }));
}
