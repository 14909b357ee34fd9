// One E2E session, as every E2E suite opens it: a workspace folder, the recorded-payload
// stand-in, code-server with this repository as the extension, and Chromium on its workbench.
// Closing keeps the workspace and server state only when a test failed, for a post-mortem.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, repoRoot, startCodeServer, type CodeServer, type CodeServerOptions } from '../e2e/codeServer';
import { extensionSettings, startE2eStandIn, type E2eStandIn } from '../e2e/standInControl';
import { waitForWorkbench } from '../e2e/workbench';

export const RESULTS_DIR = join(repoRoot(), 'test-results');

export interface E2eSession {
  stand: E2eStandIn;
  server: CodeServer;
  browser: Browser;
  page: Page;
  workspace: string;
}

export interface E2eSessionOptions {
  /** Names the temporary workspace folder. */
  name: string;
  /** A folder copied into the workspace (default: examples/). */
  copyFrom?: string;
  /** Which of its files to copy (default: all). */
  copyFilter?(source: string): boolean;
  /** Writes anything else the workspace needs, before the server starts. */
  prepare?(workspace: string): void;
  /** Workbench settings over the stand-in's. */
  settings?: Record<string, unknown>;
  server?: Omit<CodeServerOptions, 'settings'>;
  viewport?: { width: number; height: number };
  /** Listeners to attach before the workbench loads (console, dialogs). */
  onPage?(page: Page): void;
  /** Wait for the workbench to be ready (default true; Restricted Mode suites wait themselves). */
  waitForWorkbench?: boolean;
}

export async function openE2eSession(options: E2eSessionOptions): Promise<E2eSession> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const workspace = mkdtempSync(join(tmpdir(), `citefinder-e2e-${options.name}-`));
  cpSync(options.copyFrom ?? join(repoRoot(), 'examples'), workspace, { recursive: true, filter: options.copyFilter });
  options.prepare?.(workspace);
  const stand = await startE2eStandIn();
  const server = await startCodeServer({
    extensions: [repoRoot()],
    ...options.server,
    settings: extensionSettings(stand.standIn, options.settings),
  });
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: options.viewport ?? { width: 1600, height: 1000 } });
  options.onPage?.(page);
  await page.goto(server.workbenchUrl(workspace));
  if (options.waitForWorkbench !== false) await waitForWorkbench(page);
  return { stand, server, browser, page, workspace };
}

/** Closes what the session opened; `failed` keeps a screenshot, the workspace and the server state. */
export async function closeE2eSession(session: E2eSession | undefined, failed: boolean, screenshot?: string): Promise<void> {
  if (!session) return;
  if (failed && screenshot) await session.page.screenshot({ path: join(RESULTS_DIR, screenshot) }).catch(() => undefined);
  await session.browser.close().catch(() => undefined);
  await session.server.stop();
  await session.stand.close();
  if (!failed) for (const dir of [session.server.stateDir, session.workspace]) rmSync(dir, { recursive: true, force: true });
}
