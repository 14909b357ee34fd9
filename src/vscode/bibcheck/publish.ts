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

/** What a check reads: the .bib files, and the manuscript's files (none when a .bib is checked alone). */
export interface CheckedProject {
  bibFiles: string[];
  manuscript: { file: string; text: string }[];
}

/** The .bib files and manuscript of `document`, from one walk of the project (a .bib: itself, alone). */
export async function projectToCheck(document: vscode.TextDocument, core: Core): Promise<CheckedProject> {
  if (document.uri.fsPath.endsWith('.bib')) return { bibFiles: [document.uri.fsPath], manuscript: [] };
  const root = await core.resolveRootFile(document.uri.fsPath, document.getText(), projectFiles);
  const tree = await core.walkIncludes(root.file, root.text, projectFiles);
  const bibFiles = (await core.findProjectBibliography(tree, projectFiles.exists)).files;
  return { bibFiles, manuscript: tree.files.map((f) => ({ file: f.file, text: f.text })) };
}

export async function checkAndPublish(
  core: Core,
  manuscript: CheckedProject['manuscript'],
  texts: { file: string; text: string }[],
  config: Settings,
  verdicts: BibVerdicts | undefined,
  signal: AbortSignal,
  onEntry: (done: number, total: number) => void = () => {},
): Promise<PublishedCheck> {
  verdicts?.reset(texts.map((t) => t.file));
  // From a manuscript, the entries it cites (all after \nocite{*}); a .bib opened alone, every entry.
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
    if (verdicts) verdicts.showCites(core.citedKeySites(manuscript), quietKeys);
  }
  return { report, quietKeys };
}
