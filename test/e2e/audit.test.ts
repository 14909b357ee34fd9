// The cite audit in a real VS Code (code-server) in Chromium, offline against the stand-in: run
// "Citefinder: Audit Citations" on a small project, see each citation's status in the Problems
// panel and the Citation Audit summary. Its screenshot is docs/editor.md's (media/screenshots/audit.png,
// refreshed with CITEFINDER_UPDATE_SCREENSHOTS=1).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './codeServer';
import { screenshot } from './screenshots';
import { eventually, openFile, runCommand, step, auditWholeProject } from './workbench';
import { closeE2eSession, openE2eSession, type E2eSession } from '../helpers/e2eSession';
import { patience } from './patience';

const ROOT = repoRoot();

describe('citefinder cite audit (E2E)', function () {
  this.timeout(patience(120_000));
  let session: E2eSession | undefined;
  let page: Page;
  let failed = false;

  before(async function () {
    this.timeout(patience(180_000));
    session = await openE2eSession({
      name: 'audit',
      copyFrom: join(ROOT, 'test', 'fixtures', 'audit'),
      copyFilter: (source) => !source.endsWith('.md'),
      settings: { 'citefinder.llm.model': '', 'citefinder.grobid.enabled': false },
      viewport: { width: 1280, height: 800 },
    });
    ({ page } = session);
  });

  afterEach(function () {
    if (this.currentTest?.state === 'failed') failed = true;
  });

  after(async function () {
    this.timeout(patience(30_000));
    await closeE2eSession(session, failed, 'failed-audit.png');
  });

  it('audits the project and shows each citation\'s status in the Problems panel and the summary view', async () => {
    await openFile(page, 'main.tex');
    await auditWholeProject(page);
    await page.locator('.notifications-toasts', { hasText: /Citefinder audit: 3 supported, 0 weak, 2 unsupported, 1 unresolved, 1 missing, 0 unavailable/ }).waitFor({ timeout: patience(60_000) });

    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    const problems = page.locator('.markers-panel');
    await problems.waitFor({ timeout: step() });
    // The audit's findings and the bibliography verdicts share the panel: maximised, every row is
    // rendered (the list draws only the rows in view).
    await runCommand(page, 'View: Toggle Maximized Panel');
    for (const text of ['nosuchkey: "nosuchkey" is in no .bib file', 'ghost2020: The entry has no identifier', 'perlmutter1999: Unsupported', 'tosatto2015: Supported']) {
      await problems.locator('.monaco-list-row', { hasText: text }).first().waitFor({ timeout: step() });
    }
    const codes = await eventually(async () => {
      const rows = await problems.locator('.monaco-list-row').allTextContents();
      return rows.length >= 9 ? rows : undefined; // two file rows and seven findings
    }, 'the seven findings in the Problems panel');
    assert.ok(codes.some((row) => /missing/.test(row)), codes.join('\n'));
    await runCommand(page, 'View: Toggle Maximized Panel');

    await runCommand(page, 'Citefinder: Focus on Citation Audit View');
    const summary = page.locator('.pane', { hasText: 'Citation Audit' });
    for (const group of ['unsupported (2)', 'missing (1)', 'unresolved (1)', 'supported (3)']) {
      await summary.locator('.monaco-list-row', { hasText: group }).first().waitFor({ timeout: step() });
    }
    await screenshot(page, 'audit.png');
  });
});
