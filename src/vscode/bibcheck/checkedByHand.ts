// Entries the user checked by hand, kept in the workspace (.vscode/citefinder-checked.json) so
// the next check stays quiet about them, and so a colleague opening the project sees the same.
// An entry is remembered with a fingerprint of its text: once it is edited, it is checked again.
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';

export const CHECKED_FILE = '.vscode/citefinder-checked.json';

interface CheckedFile {
  /** "file relative to the workspace folder#key" → the entry's fingerprint and when. */
  entries: Record<string, { fingerprint: string; checkedAt: string }>;
}

export function entryFingerprint(entryText: string): string {
  return createHash('sha256').update(entryText.replace(/\s+/g, ' ').trim()).digest('hex').slice(0, 16);
}

function location(bibFile: string): { folder: vscode.WorkspaceFolder; id: (key: string) => string } | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(bibFile));
  if (!folder) return undefined;
  const relative = vscode.workspace.asRelativePath(vscode.Uri.file(bibFile), false);
  return { folder, id: (key) => `${relative}#${key}` };
}

async function read(folder: vscode.WorkspaceFolder): Promise<CheckedFile> {
  try {
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, CHECKED_FILE));
    const parsed = JSON.parse(Buffer.from(bytes).toString('utf8')) as Partial<CheckedFile>;
    return { entries: parsed.entries && typeof parsed.entries === 'object' ? parsed.entries : {} };
  } catch {
    return { entries: {} };
  }
}

/** True when the entry, as it stands, was marked as checked by hand. */
export async function isCheckedByHand(bibFile: string, key: string, entryText: string): Promise<boolean> {
  const where = location(bibFile);
  if (!where) return false;
  return (await read(where.folder)).entries[where.id(key)]?.fingerprint === entryFingerprint(entryText);
}

/** Remembers the entry as checked by hand; false when the .bib is outside every workspace folder. */
export async function markCheckedByHand(bibFile: string, key: string, entryText: string): Promise<boolean> {
  const where = location(bibFile);
  if (!where) return false;
  const checked = await read(where.folder);
  checked.entries[where.id(key)] = { fingerprint: entryFingerprint(entryText), checkedAt: new Date().toISOString() };
  const uri = vscode.Uri.joinPath(where.folder.uri, CHECKED_FILE);
  await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(where.folder.uri, '.vscode'));
  await vscode.workspace.fs.writeFile(uri, Buffer.from(JSON.stringify(checked, null, 2) + '\n', 'utf8'));
  return true;
}
