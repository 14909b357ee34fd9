// Keeps the results panel's "cited as …" true to the documents: every citation inserted from the
// panel is watched, and when an edit (one undo reverts the \cite and the .bib entry together)
// takes it out, the panel is told, and told again if a redo puts it back.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { loadHeavy } from './lazy';
import { log } from './log';

interface Tracked {
  id: string;
  key: string;
  tex: vscode.Uri;
  /** The .bib the insert appended an entry to (undefined when it reused an existing entry). */
  bib?: vscode.Uri;
  cited: boolean;
  /** The sentence it was inserted in, when the caller knows it: that sentence's citation is followed. */
  sentence?: { source: string; start: number };
}

export interface CitedChange {
  id: string;
  key: string;
  cited: boolean;
  /** What to tell the user, in words. */
  message: string;
}

export class InsertedCitations implements vscode.Disposable {
  private readonly tracked = new Map<string, Tracked>();
  private readonly listener: vscode.Disposable;
  /** One check at a time, in order of the edits. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly onChange: (change: CitedChange) => void) {
    this.listener = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.contentChanges.length === 0) return;
      const uri = event.document.uri.toString();
      const affected = [...this.tracked.values()].filter((t) => t.tex.toString() === uri || t.bib?.toString() === uri);
      if (affected.length === 0) return;
      this.queue = this.queue.then(() => this.check(affected)).catch((error: unknown) => log(`Could not follow an undone citation: ${String(error)}`));
    });
  }

  /** Starts following a citation just inserted for the candidate `id`. */
  track(id: string, key: string, tex: vscode.Uri, bibFile: string | undefined, reused: boolean, sentence?: Tracked['sentence']): void {
    // Citing the same paper again reuses the entry the first insert added: keep following it.
    const earlier = this.tracked.get(id);
    const kept = earlier?.key === key && earlier.tex.toString() === tex.toString() ? earlier.bib : undefined;
    this.tracked.set(id, { id, key, tex, bib: !reused && bibFile ? vscode.Uri.file(bibFile) : kept, cited: true, sentence });
  }

  /** Resolves when the checks of the edits so far are done (for tests). */
  settled(): Promise<void> {
    return this.queue;
  }

  private async check(affected: Tracked[]): Promise<void> {
    const core = await loadHeavy();
    for (const item of affected) {
      const texText = await documentText(item.tex);
      if (texText === undefined) continue;
      const { sentence } = item;
      const inSentence = sentence && core.sentenceCitesKey(item.tex.fsPath, texText, sentence.source, sentence.start, item.key);
      const cited = inSentence ?? core.citesKey(item.tex.fsPath, texText, item.key);
      const bibText = item.bib ? await documentText(item.bib) : undefined;
      const entryPresent = bibText === undefined ? undefined : core.bibHasKey(bibText, item.key);
      const texName = path.basename(item.tex.fsPath);
      const bibName = item.bib ? path.basename(item.bib.fsPath) : '';
      if (cited === item.cited) continue;
      item.cited = cited;
      const message = cited
        ? `Cited as ${item.key} again (redone).`
        : core.citedStateMessage(item.key, texName, bibName, { cited, entryPresent }) ?? '';
      this.onChange({ id: item.id, key: item.key, cited, message });
    }
  }

  dispose(): void {
    this.listener.dispose();
    this.tracked.clear();
  }
}

/** The text as the editor has it (unsaved edits included), else as on disk. */
async function documentText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
