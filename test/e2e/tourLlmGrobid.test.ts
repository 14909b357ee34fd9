// The offline demo's tour with `npm start -- --offline --llm --grobid` (issue #19), in code-server
// and Chromium: the scripted model routes and writes the queries, the stand-in GROBID reads the
// paper, and the chat quotes it. Its screenshot is docs/tour.md's (media/screenshots/tour-llm-grobid.png).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { lineOf } from './checks';
import { screenshot } from './screenshots';
import { type E2eStandIn } from './standInControl';
import { openFile, runCommand, selectLine, step, webviewFrame } from './workbench';
import { closeE2eSession, openE2eSession, RESULTS_DIR, type E2eSession } from '../helpers/e2eSession';
import { patience } from './patience';

const FIND = 'Citefinder: Find Citations for Selection';
const ARXIV_CLAIM = 'A literature graph of scientific papers, their authors and the entities they mention can be built with entity extraction and linking.';

// `npm start -- --offline --llm --grobid`: the stand-in's scripted model answers every prompt in
// the shape the product expects (no "unusable answer" fallback), and the stand-in GROBID gives the
// paper's recorded TEI, so the paragraphs carry GROBID's section headings.
describe('the offline demo tour with --llm --grobid (E2E)', function () {
  this.timeout(patience(120_000));
  let stand: E2eStandIn;
  let session: E2eSession | undefined;
  let page: Page;
  let workspace: string;
  let failed = false;

  before(async function () {
    this.timeout(patience(180_000));
    session = await openE2eSession({ name: 'tour-llm', settings: { 'citefinder.llm.model': 'gpt-4o-mini', 'citefinder.grobid.enabled': true } });
    ({ stand, page, workspace } = session);
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    failed = true;
    await page?.screenshot({ path: join(RESULTS_DIR, 'failed-tour-llm-grobid.png') }).catch(() => undefined);
  });

  after(async function () {
    this.timeout(patience(30_000));
    await closeE2eSession(session, failed);
  });

  it('routes and writes queries with the scripted model, reads the TEI from the stand-in GROBID, and the chat quotes the paper', async () => {
    const editor = await openFile(page, 'main.tex');
    await editor.click({ position: { x: 200, y: 10 } });
    await selectLine(page, lineOf(readFileSync(join(workspace, 'main.tex'), 'utf8'), ARXIV_CLAIM));
    await runCommand(page, FIND);
    const results = await webviewFrame(page, 'section.candidates');
    await results.locator('.status-done').waitFor({ timeout: patience(60_000) });
    await results.locator('section.routing', { hasText: /arXiv\s*then.*by the LLM, confidence \d+%/ }).waitFor({ timeout: step() });
    const card = results.locator('article.card', { hasText: 'Construction of the Literature Graph in Semantic Scholar' });
    await card.locator('.fulltext', { hasText: 'Full text: GROBID' }).waitFor({ timeout: step() });
    assert.ok((await card.locator('ol.paragraphs > li').count()) >= 2, 'paragraphs of the TEI');
    // Every model answer was usable: no stage fell back to its heuristic.
    assert.doesNotMatch((await results.locator('section.warnings').textContent()) ?? '', /unusable/);
    const query = await results.locator('section.queries input').first().inputValue();
    assert.match(query, /literature|entities|extraction/, `the scripted model's keywords: ${query}`);
    const uploads = stand.standIn.requests.filter((r) => r.service === 'grobid' && r.path === '/api/processFulltextDocument');
    assert.ok(uploads.some((r) => r.status === 200), 'the stand-in GROBID answered with the recorded TEI');
    await screenshot(page, 'tour-llm-grobid.png');

    await card.getByRole('button', { name: 'Ask in chat' }).click();
    const chat = await webviewFrame(page, 'form.ask');
    const question = chat.getByRole('textbox', { name: 'Question about the attached papers' });
    await question.fill('Does this paper support the claim?');
    await question.press('Enter');
    const answer = chat.locator('.turn-assistant', { hasText: /According to the attached paper \[1\].*says, in its best paragraph/ });
    await answer.waitFor({ timeout: step() });
    assert.match((await answer.textContent()) ?? '', /Scripted stand-in model/, 'the answer says it is scripted');
  });
});
