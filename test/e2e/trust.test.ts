// Trust signals and filters in a real VS Code (code-server) in Chromium, against the stand-in:
// a retracted work shows its badge and "Insert citation" asks first; a year range typed into the
// panel's queries reaches the search service.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { citefinderLog, lineOf } from './checks';
import { repoRoot } from './codeServer';
import { type E2eStandIn } from './standInControl';
import { answerDialog, editorOf, eventually, openFile, runCommand, selectLine, step, visibleText, webviewFrame } from './workbench';
import { closeE2eSession, openE2eSession, RESULTS_DIR, type E2eSession } from '../helpers/e2eSession';
import { patience } from './patience';

const ROOT = repoRoot();
const CLAIM = 'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.';
const PERLMUTTER = /42 High-Redshift Supernovae/;

describe('citefinder trust signals and filters (E2E)', function () {
  this.timeout(patience(120_000));
  let stand: E2eStandIn;
  let session: E2eSession | undefined;
  let page: Page;
  let workspace: string;
  let results: Frame;
  let failed = false;

  before(async function () {
    this.timeout(patience(180_000));
    session = await openE2eSession({ name: 'trust', settings: { 'citefinder.llm.model': '' } });
    ({ stand, page, workspace } = session);
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    failed = true;
    await page?.screenshot({ path: join(RESULTS_DIR, `failed-trust-${this.currentTest.title.slice(0, 30).replace(/\W+/g, '-')}.png`) }).catch(() => undefined);
  });

  after(async function () {
    this.timeout(patience(30_000));
    await closeE2eSession(session, failed);
  });

  it('shows a retracted work\'s badge with its notice, and Insert citation asks first', async () => {
    stand.retractedPerlmutter = true;
    const editor = await openFile(page, 'main.tex');
    await editor.click({ position: { x: 200, y: 10 } });
    await selectLine(page, lineOf(readFileSync(join(workspace, 'main.tex'), 'utf8'), CLAIM));
    await runCommand(page, 'Citefinder: Find Citations for Selection');
    results = await webviewFrame(page, 'section.candidates');
    const card = results.locator('article.card', { hasText: PERLMUTTER });
    const badge = card.locator('.trust-retracted');
    await badge.waitFor({ timeout: patience(60_000) });
    assert.match((await badge.textContent()) ?? '', /Retracted 2010-02-06/);
    assert.equal(await badge.getByRole('link', { name: 'notice' }).count(), 1);
    await page.screenshot({ path: join(RESULTS_DIR, 'retracted-badge.png') });

    await card.getByRole('button', { name: 'Insert citation' }).waitFor({ timeout: patience(60_000) });
    await eventually(async () => ((await card.getByRole('button', { name: 'Insert citation' }).isEnabled()) ? true : undefined), 'BibTeX for the card');
    const before = await visibleText(editorOf(page, 'main.tex'));
    await card.getByRole('button', { name: 'Insert citation' }).click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: step() });
    assert.match((await dialog.textContent()) ?? '', /was retracted \(notice doi:10\.1016\/s0140-6736\(10\)60175-4, 2010-02-06, retraction-watch\)\. Cite it anyway\?/);
    assert.ok(await answerDialog(page, /^Cancel$/));
    // The declined flow says so in the log once it has ended: only then is "nothing inserted" a fact.
    await eventually(() => (citefinderLog(session!.server.stateDir).includes('the citation was declined') ? true : undefined), 'the declined insert');
    assert.equal(await visibleText(editorOf(page, 'main.tex')), before, 'declined: nothing inserted');
    assert.equal(readFileSync(join(workspace, 'references.bib'), 'utf8'), readFileSync(join(ROOT, 'examples', 'references.bib'), 'utf8'));
    stand.retractedPerlmutter = false;
  });

  it('sends a year range typed into the panel\'s queries to the search service', async () => {
    const before = stand.standIn.requests.length;
    const input = results.locator('section.queries input').first();
    await input.fill('supernovae cosmological; 1998..2000');
    await results.getByRole('button', { name: 'Search again' }).click();
    const sent = await eventually(() => {
      const asked = stand.standIn.requests.slice(before).find((r) => r.service === 'arxiv' || r.service === 'europepmc');
      return asked ? decodeURIComponent(asked.url.replace(/\+/g, ' ')) : undefined;
    }, 'a search request');
    assert.match(sent, /submittedDate:\[199801010000 TO 200012312359\]|FIRST_PDATE:\[1998-01-01 TO 2000-12-31\]/);
    await results.locator('.status-done').waitFor({ timeout: patience(60_000) });
  });
});
