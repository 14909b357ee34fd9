// Shared by the in-host suites: the extension's API, selecting a claim, waiting on real I/O.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CitefinderApi } from '../../src/extension';
import { startStandIn, standInEnv, type StandIn } from '../standin';

export async function api(): Promise<CitefinderApi> {
  const extension = vscode.extensions.getExtension<CitefinderApi>('citefinder.citefinder');
  assert.ok(extension, 'extension citefinder.citefinder is installed');
  return extension.activate();
}

export async function selectClaim(file: string, claim: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
  const start = document.getText().indexOf(claim);
  assert.ok(start >= 0);
  editor.selection = new vscode.Selection(document.positionAt(start), document.positionAt(start + claim.length));
  return editor;
}

/** Polls until `condition` holds: the editor and the disk change asynchronously. */
export async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Undo in `document`, as a user does with Ctrl+Z in its editor: undo acts on the focused editor,
 * so the document is brought to the front first, and its change is waited for (on a busy machine
 * it lands after the command returns). The caller's assertions say what did not happen.
 */
export async function undoIn(document: vscode.TextDocument): Promise<void> {
  await vscode.window.showTextDocument(document);
  const version = document.version;
  await vscode.commands.executeCommand('undo');
  await waitFor(() => document.version > version).catch(() => undefined);
}

/**
 * Starts the stand-in services for a suite and points the extension at them through the
 * CITEFINDER_* overrides it reads on every search (no pacing, no cache, no LLM); undone after.
 */
export function useStandIn(onStart: (standIn: StandIn) => void = () => {}): void {
  let standIn: StandIn | undefined;
  const savedEnv = { ...process.env };
  before(async () => {
    standIn = await startStandIn();
    Object.assign(process.env, standInEnv(standIn), {
      CITEFINDER_SOURCES_ARXIV_INTERVALMS: '0',
      CITEFINDER_SOURCES_DBLP_INTERVALMS: '0',
      CITEFINDER_CACHE_ENABLED: 'false',
      CITEFINDER_LLM_MODEL: '',
    });
    onStart(standIn);
  });
  after(async () => {
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
    await standIn?.close();
  });
}

const tempDirs: string[] = [];

/** A new temporary project folder, deleted after the test (see deleteTempDirsAfterEach). */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Deletes the folders tempDir made, after each test of the calling suite. */
export function deleteTempDirsAfterEach(): void {
  afterEach(() => {
    for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
}

/** Replaces a `vscode.window` function (a prompt) until `restore()`, recording each call's arguments. */
export function stubWindow(
  name: 'showQuickPick' | 'showInformationMessage' | 'showWarningMessage' | 'showErrorMessage' | 'showInputBox',
  fake: (...args: unknown[]) => unknown,
): { calls: unknown[][]; restore(): void } {
  const original = vscode.window[name];
  const calls: unknown[][] = [];
  Object.assign(vscode.window, { [name]: (...args: unknown[]) => (calls.push(args), fake(...args)) });
  return { calls, restore: () => void Object.assign(vscode.window, { [name]: original }) };
}

/** A workspace state held in memory, like the one VS Code gives each workspace. */
export class MemoryMemento implements vscode.Memento {
  private readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    // A real memento hands back a parsed copy, never the object it was given.
    return this.values.has(key) ? (JSON.parse(JSON.stringify(this.values.get(key))) as T) : fallback;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}
