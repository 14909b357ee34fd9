// The manuscript's files as the editor sees them: an open document's unsaved text wins over the
// disk, so root and bibliography discovery follow what the user is looking at. A file opened from
// outside the workspace (or with no folder open) belongs to its own project on disk, found as the
// CLI finds it, not to the workspace's manuscript.
import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import type { TexFiles } from '../core/manuscript/project';
import { loadHeavy } from './lazy';
import { LATEX_FILE_GLOB } from './languages';

export interface ProjectFiles extends TexFiles {
  exists(file: string): Promise<boolean>;
}

function openDocument(file: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file);
}

export const projectFiles: ProjectFiles = {
  async read(file) {
    const open = openDocument(file);
    if (open) return open.getText();
    return fs.readFile(file, 'utf8').catch(() => undefined);
  },
  async list(near) {
    if (near && !vscode.workspace.getWorkspaceFolder(vscode.Uri.file(near))) {
      const core = await loadHeavy();
      return core.texFilesUnder(await core.projectFolder(near));
    }
    const uris = await vscode.workspace.findFiles(LATEX_FILE_GLOB, '**/node_modules/**', 500);
    return uris.map((u) => u.fsPath);
  },
  async exists(file) {
    if (openDocument(file)) return true;
    try {
      await vscode.workspace.fs.stat(vscode.Uri.file(file));
      return true;
    } catch {
      return false;
    }
  },
};

/** The root file's text when `file` (whose text is `text`) is another file of its project (a chapter); else undefined. */
export async function chapterRootText(file: string, text: string): Promise<string | undefined> {
  return (await loadHeavy()).chapterRootText(file, text, projectFiles);
}
