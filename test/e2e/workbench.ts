// Driving the VS Code workbench in the browser the way a user does: keyboard shortcuts, the
// command palette, quick open, notifications, dialogs, and the webviews (each an
// `iframe.webview` holding the page in a nested `#active-frame`).
import type { Frame, Locator, Page } from 'playwright-core';
import { outOfPatience, patience } from './patience';

/** Upper bound for one UI step on a quiet machine; every wait in the suite is bounded by it or a tighter one. */
export const STEP_MS = 20_000;

/** The cap on one UI step, stretched by the machine's present load (see patience.ts). */
export function step(): number {
  return patience(STEP_MS);
}

export async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench .part.editor').waitFor({ timeout: patience(60_000) });
  // The explorer lists the folder once the remote file system is connected.
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: patience(60_000) });
}

/**
 * Opens a quick input with `open` (a shortcut) and picks the row matching `row` after typing
 * `text`. Now and then the workbench opens it inert (focus was still on its way back from a
 * webview, and the widget closes again); then Escape clears the way and it is opened once more.
 */
async function pickInQuickInput(page: Page, open: () => Promise<void>, text: string, row: RegExp, waitForClose = true): Promise<void> {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  for (let attempt = 1; ; attempt++) {
    await open();
    try {
      await input.waitFor({ timeout: step() });
      await input.fill(text, { timeout: attempt === 1 ? patience(5_000) : step() });
      break;
    } catch (error) {
      if (attempt === 2) throw error;
      await page.keyboard.press('Escape');
    }
  }
  await waitForRow(input, page.locator('.quick-input-list .monaco-list-row', { hasText: row }).first(), text);
  // Sent to the quick input itself: on a busy machine a page-level Enter landed in the editor
  // (after the widget had gone) and replaced the selected claim with a new line.
  await input.press('Enter');
  // A command that opens its own quick pick keeps the widget open.
  if (waitForClose) await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: step() });
}

/**
 * Waits for the quick input to list `row`. Quick Open asked while a new session's extensions are
 * still activating on a busy machine had no answer after STEP_MS (its progress bar still running):
 * typing the text once more asks the file search again, as a user would.
 */
async function waitForRow(input: Locator, row: Locator, text: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await row.waitFor({ timeout: step() });
    } catch (error) {
      if (attempt === 3) throw error;
      await input.fill('', { timeout: step() });
      await input.fill(text, { timeout: step() });
    }
  }
}

/** Runs a command from the command palette by its title, e.g. "Citefinder: Find Citations for Selection". */
export async function runCommand(page: Page, title: string): Promise<void> {
  await pickInQuickInput(page, () => page.keyboard.press('F1'), `>${title}`, new RegExp(escapeRegExp(title)));
}

/** Runs "Citefinder: Audit Citations" on the whole project. */
export async function auditWholeProject(page: Page): Promise<void> {
  await runForWholeProject(page, 'Citefinder: Audit Citations');
}

/** Runs a command that asks its scope, and picks "Whole project" in the quick pick it opens right after the palette's. */
export async function runForWholeProject(page: Page, title: string): Promise<void> {
  await pickInQuickInput(page, () => page.keyboard.press('F1'), `>${title}`, new RegExp(escapeRegExp(title)), false);
  const pick = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Whole project' });
  await pick.waitFor({ timeout: step() });
  await pick.click();
}

/** Right-clicks `name` in the explorer (shown first) and picks `item` from its context menu. */
export async function runFromExplorer(page: Page, name: string, item: string): Promise<void> {
  await runCommand(page, 'View: Show Explorer');
  const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: new RegExp(`^${escapeRegExp(name)}$`) });
  await row.waitFor({ timeout: step() });
  // A hover left open where the pointer was (the folder's name, on a busy machine) covers the row:
  // the pointer goes to the empty part of the explorer first, and the hover is waited away.
  const view = await page.locator('.explorer-folders-view').boundingBox();
  if (view) await page.mouse.move(view.x + view.width / 2, view.y + view.height - 5);
  const noHover = () => ![...document.querySelectorAll<HTMLElement>('.context-view .hover-contents')].some((e) => e.offsetParent !== null);
  await page.waitForFunction(noHover, undefined, { timeout: step() });
  await row.click({ button: 'right' });
  const action = page.locator('.monaco-menu .action-item', { hasText: new RegExp(`^${escapeRegExp(item)}$`) });
  await action.waitFor({ timeout: step() });
  // A pointer click on the item left the menu open here (code-server 4.139): the pointer focuses it, Enter chooses it.
  await action.hover();
  await page.locator('.monaco-menu .action-item.focused', { hasText: new RegExp(`^${escapeRegExp(item)}$`) }).waitFor({ timeout: step() });
  await page.keyboard.press('Enter');
  await action.waitFor({ state: 'hidden', timeout: step() });
}

/** Opens a workspace file with Quick Open (Ctrl+P) in the first editor group and waits for its editor. */
export async function openFile(page: Page, name: string): Promise<Locator> {
  const tab = page.locator('.tabs-container .tab', { hasText: name }).first();
  if (await tab.count()) {
    await tab.click(); // also takes the keyboard focus back from a webview
  } else {
    await page.keyboard.press('Control+1'); // the first group, not the results panel beside it
    await pickInQuickInput(page, () => page.keyboard.press('Control+P'), name, new RegExp(escapeRegExp(name)));
  }
  const editor = editorOf(page, name);
  await editor.locator('.view-lines').waitFor({ timeout: step() });
  return editor;
}

/** The text editor showing `name` (in whichever group has it as the active tab). */
export function editorOf(page: Page, name: string): Locator {
  const group = page.locator('.editor-group-container', { has: page.locator('.tab.active', { hasText: name }) });
  return group.locator('.monaco-editor').first();
}

/**
 * Selects the whole of (1-based) line `line` in the focused editor (word wrap must be off), from
 * its end back to its start, so the editor shows the line's start (a screenshot reads it).
 */
export async function selectLine(page: Page, line: number): Promise<void> {
  await pickInQuickInput(page, () => page.keyboard.press('Control+G'), `:${line}`, /./);
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
}

/** The text Monaco renders for the visible lines (non-breaking spaces made plain). */
export async function visibleText(editor: Locator): Promise<string> {
  return (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');
}

/**
 * The webview page (the inner frame) whose document matches `selector`. Webviews are
 * `iframe.webview` > `iframe#active-frame`; several may be open, so we tell them apart by content.
 */
export async function webviewFrame(page: Page, selector: string, timeoutMs = STEP_MS): Promise<Frame> {
  const startedAt = Date.now();
  for (;;) {
    for (const frame of page.frames()) {
      if (!frame.parentFrame() || !/\/webview\/browser\/pre\/fake\.html|active-frame/.test(frame.url() + frame.name())) continue;
      if (await frame.locator(selector).count().catch(() => 0)) return frame;
    }
    if (outOfPatience(startedAt, timeoutMs)) throw new Error(`No webview with ${selector} within ${patience(timeoutMs)} ms`);
    await page.waitForTimeout(200);
  }
}

/** The Cancel button of the progress notification titled `source`. */
export function notificationButton(page: Page, text: RegExp, button: string): Locator {
  return page.locator('.notification-toast', { hasText: text }).getByRole('button', { name: button });
}

/** Clicks a button of the modal dialog (e.g. "Undo in 2 Files") if one shows up in time. */
export async function answerDialog(page: Page, button: RegExp, timeoutMs = 5_000): Promise<boolean> {
  const target = page.locator('.monaco-dialog-box').getByRole('button', { name: button });
  try {
    await target.waitFor({ timeout: patience(timeoutMs) });
  } catch {
    return false;
  }
  await target.click();
  return true;
}

/** Polls `check` (bounded) until it returns a value that is not undefined. */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = STEP_MS): Promise<T> {
  const startedAt = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (outOfPatience(startedAt, timeoutMs)) throw new Error(`Timed out after ${Date.now() - startedAt} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
