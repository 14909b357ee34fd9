// Checks the E2E suites share: that no injected script ran in any frame, what the extension
// wrote to its output channel (the log files of every extension host the server started), and
// that a link reached VS Code's opener (which asks before leaving for an untrusted site).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { step } from './workbench';

/** The 1-based line of `text` that is exactly `needle` (trimmed). */
export function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((line) => line.trim() === needle);
  assert.ok(index >= 0, `"${needle}" is a line of its own`);
  return index + 1;
}

/** Every file under `dir` whose name matches `pattern`. */
export function findFiles(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findFiles(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

/** The Citefinder output channel, across window reloads (each extension host writes its own file). */
export function citefinderLog(stateDir: string): string {
  return findFiles(stateDir, /Citefinder\.log$/).map((file) => readFileSync(file, 'utf8')).join('\n');
}

/**
 * Evaluates every live frame (an evaluation error fails the test; null is a real answer, not a
 * swallowed failure): none may have run a script planted in data (they all set window.__cfXss).
 */
export async function assertNoScriptRan(page: Page, mustCheck: Frame[], dialogs: string[]): Promise<void> {
  const checked: Frame[] = [];
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    const ran = await frame.evaluate(() => (window as { __cfXss?: string }).__cfXss ?? null);
    assert.equal(ran, null, `no script ran in ${frame.url()}`);
    checked.push(frame);
  }
  for (const frame of mustCheck) assert.ok(checked.includes(frame), `${frame.url()} was checked`);
  assert.deepEqual(dialogs, [], 'no alert() was raised');
}

/**
 * Waits until VS Code is about to open `url`: its link-protection dialog names the site (then
 * cancelled), or a new browser page opens (then closed). Nothing leaves the machine either way.
 */
export async function expectExternalOpen(page: Page, url: string): Promise<'dialog' | 'popup'> {
  const host = new URL(url).host;
  const dialog = page.locator('.monaco-dialog-box', { hasText: host });
  const popup = page.waitForEvent('popup', { timeout: step() }).then((p) => p);
  const how = await Promise.race([
    dialog.waitFor({ timeout: step() }).then(() => 'dialog' as const),
    popup.then(async (p) => {
      await p.close();
      return 'popup' as const;
    }),
  ]);
  if (how === 'dialog') {
    const cancel = dialog.getByRole('button', { name: /Cancel/ });
    if (await cancel.count()) await cancel.click();
    else await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: step() });
  }
  popup.catch(() => undefined);
  return how;
}
