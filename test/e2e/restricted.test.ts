// citefinder in a folder the user does not trust (Restricted Mode), in code-server with Workspace
// Trust on: the extension stays, says what is off (status bar, chat), and the folder's own
// `citefinder.bib.file` (a restricted setting) does not decide where the entry goes.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { lineOf } from './checks';
import { eventually, openFile, runCommand, selectLine, step, webviewFrame } from './workbench';
import { closeE2eSession, openE2eSession, type E2eSession } from '../helpers/e2eSession';
import { patience } from './patience';

const CLAIM = 'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.';
const RESTRICTED = /Restricted Mode: citefinder ignores this workspace's citefinder\.bib\.file/;

describe('citefinder in Restricted Mode (E2E)', function () {
  this.timeout(patience(120_000));
  let session: E2eSession | undefined;
  let page: Page;
  let workspace: string;
  let failed = false;

  before(async function () {
    this.timeout(patience(180_000));
    session = await openE2eSession({
      name: 'untrusted',
      // What a cloned repository could say: "put new entries in elsewhere.bib".
      prepare: (folder) => {
        mkdirSync(join(folder, '.vscode'));
        writeFileSync(join(folder, '.vscode', 'settings.json'), JSON.stringify({ 'citefinder.bib.file': 'elsewhere.bib' }));
      },
      server: { workspaceTrust: true },
      waitForWorkbench: false,
    });
    ({ page, workspace } = session);
    // VS Code asks whether to trust the folder's authors: the answer is no.
    // VS Code either asks whether to trust the folder's authors (the answer is no) or opens it
    // untrusted straight away, as code-server does; either way the window ends in Restricted Mode.
    const noTrust = page.getByRole('button', { name: /No, I don.t trust the authors/ });
    const restrictedBadge = page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first();
    await Promise.race([noTrust.waitFor({ timeout: patience(60_000) }), restrictedBadge.waitFor({ timeout: patience(60_000) })]);
    if (await noTrust.isVisible()) await noTrust.click();
    await restrictedBadge.waitFor({ timeout: step() });
  });

  afterEach(function () {
    if (this.currentTest?.state === 'failed') failed = true;
  });

  after(async function () {
    this.timeout(patience(30_000));
    await closeE2eSession(session, failed, 'failed-restricted-mode.png');
  });

  it('says in the status bar and the chat what Restricted Mode turns off', async () => {
    await openFile(page, 'main.tex');
    const item = page.locator('.statusbar-item', { hasText: /LLM/ }).filter({ has: page.locator('.codicon-shield') });
    await item.waitFor({ timeout: step() });
    assert.match((await item.getAttribute('aria-label')) ?? '', RESTRICTED);
    await runCommand(page, 'Citefinder: Open Chat');
    const chat = await webviewFrame(page, 'form.ask');
    await eventually(async () => (RESTRICTED.test((await chat.locator('.restricted').textContent()) ?? '') ? true : undefined), 'the chat banner');
  });

  it("inserts into the root's own bibliography, not the .bib the untrusted folder names", async () => {
    const line = lineOf(readFileSync(join(workspace, 'main.tex'), 'utf8'), CLAIM);
    const editor = await openFile(page, 'main.tex');
    await editor.click({ position: { x: 200, y: 10 } });
    await selectLine(page, line);
    await runCommand(page, 'Citefinder: Find Citations for Selection');
    const results = await webviewFrame(page, 'section.candidates');
    const card = results.locator('article.card', { hasText: /42 High-Redshift Supernovae/ });
    await card.waitFor({ timeout: patience(60_000) });
    await card.getByRole('button', { name: 'Insert citation' }).click();
    await results.locator('.notice-info', { hasText: /added to references\.bib/ }).waitFor({ timeout: step() });
    await eventually(() => (/10\.1086\/307221/i.test(readFileSync(join(workspace, 'references.bib'), 'utf8')) ? true : undefined), 'the entry on disk');
    assert.ok(!existsSync(join(workspace, 'elsewhere.bib')), "the folder's own bib.file was not used");
  });
});
