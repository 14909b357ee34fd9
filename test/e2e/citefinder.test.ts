// citefinder in a real VS Code (code-server) in a real browser (Debian's Chromium), offline
// against the stand-in services: what a researcher does, click by click, Cancel on a search
// included. The uncited claims' cancels are in uncited.test.ts.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { chatRequests } from '../standin/openai';
import { type CodeServer } from './codeServer';
import { assertNoScriptRan, citefinderLog, expectExternalOpen, lineOf } from './checks';
import { ASK_FOR_MARKUP, CHAT_ANSWER_START, SAFE_ANSWER_LINK } from './scriptedLlm';
import { HOSTILE_ABSTRACT, HOSTILE_AUTHOR, HOSTILE_TITLE, type E2eStandIn } from './standInControl';
import {
  answerDialog, editorOf, eventually, notificationButton, openFile, runCommand, selectLine,
  step, visibleText, webviewFrame } from './workbench';
import { closeE2eSession, openE2eSession, RESULTS_DIR, type E2eSession } from '../helpers/e2eSession';
import { patience } from './patience';

const COSMOLOGY_CLAIM = 'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.';
const PERLMUTTER = /42 High-Redshift Supernovae/;
const FIND = 'Citefinder: Find Citations for Selection';

describe('citefinder in code-server (E2E)', function () {
  this.timeout(patience(120_000));
  const suiteStarted = Date.now();
  let stand: E2eStandIn;
  let server: CodeServer;
  let session: E2eSession | undefined;
  let page: Page;
  let workspace: string;
  let texLine: number;
  const dialogs: string[] = [];
  /** The extension host's console, as the browser received it (kept for debugging failures). */
  const hostConsole: string[] = [];

  before(async function () {
    this.timeout(patience(180_000));
    // CITEFINDER_E2E_VSIX=citefinder.vsix runs the suite against the packaged extension instead.
    const vsix = process.env.CITEFINDER_E2E_VSIX;
    session = await openE2eSession({
      name: 'ws',
      server: vsix ? { vsix: [vsix], extensions: [] } : {},
      onPage: (opened) => {
        opened.on('console', (message) => {
          if (message.text().includes('[Extension Host]')) hostConsole.push(message.text().replace(/%c|color: \S+/g, '').trim());
        });
        opened.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
      },
    });
    ({ stand, server, page, workspace } = session);
    texLine = lineOf(readFileSync(join(workspace, 'main.tex'), 'utf8'), COSMOLOGY_CLAIM);
  });

  let failures = 0;
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    failures++;
    const name = this.currentTest.title.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 60);
    await page?.screenshot({ path: join(RESULTS_DIR, `failed-${name}.png`) }).catch(() => undefined);
  });

  after(async function () {
    this.timeout(patience(30_000));
    writeFileSync(join(RESULTS_DIR, 'extension-host-console.log'), hostConsole.join('\n') + '\n');
    const logFile = server?.logFile;
    await closeE2eSession(session, failures > 0);
    console.log(`      E2E suite: ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s (server log: ${logFile})`);
  });

  let results: Frame;

  it('finds citations for a claim selected in main.tex, from the command palette', async () => {
    const editor = await openFile(page, 'main.tex');
    await editor.click({ position: { x: 200, y: 10 } });
    await selectLine(page, texLine);
    await runCommand(page, FIND);
    results = await webviewFrame(page, 'section.candidates');
    await results.locator('blockquote.claim', { hasText: COSMOLOGY_CLAIM }).waitFor({ timeout: step() });
    await results.locator('article.card', { hasText: PERLMUTTER }).waitFor({ timeout: patience(60_000) });
    await results.locator('.status-done').waitFor({ timeout: patience(60_000) });
    assert.ok((await results.locator('article.card').count()) >= 1);
    // Each card carries the four actions, by accessible name.
    const card = results.locator('article.card', { hasText: PERLMUTTER });
    for (const name of ['Insert citation', 'Open paper', 'Ask in chat', 'Copy BibTeX']) {
      assert.equal(await card.getByRole('button', { name }).count(), 1, name);
    }
    await page.screenshot({ path: join(RESULTS_DIR, 'results-panel.png') });

    const activation = /activated in ([\d.]+) ms/.exec(citefinderLog(server.stateDir))?.[1];
    console.log(`      activation: ${activation ?? 'not found'} ms (from the Citefinder output channel)`);
    assert.ok(activation, 'the extension logged its activation time');
  });

  it('"Insert citation" puts \\citep (natbib) in the editor and the entry in the .bib on disk; one undo removes both', async () => {
    const bibPath = join(workspace, 'references.bib');
    const bibBefore = readFileSync(bibPath, 'utf8');
    const card = results.locator('article.card', { hasText: PERLMUTTER });
    await card.getByRole('button', { name: 'Insert citation' }).click();
    const notice = await results.locator('.notice-info', { hasText: /Cited as/ }).textContent({ timeout: step() });
    const key = /Cited as (\S+?) \(/.exec(notice ?? '')?.[1];
    assert.ok(key, `a cite key in "${notice}"`);

    const editor = editorOf(page, 'main.tex');
    // examples/main.tex loads natbib, so the default `auto` cite command is \citep.
    await eventually(async () => ((await visibleText(editor)).includes(`accelerating~\\citep{${key}}.`) ? true : undefined), 'the \\citep in the editor');
    const bibAfter = await eventually(() => {
      const text = readFileSync(bibPath, 'utf8');
      return text.includes(`{${key},`) ? text : undefined;
    }, 'the entry in references.bib on disk');
    assert.ok(bibAfter.startsWith(bibBefore), 'existing entries stay byte-identical');
    assert.match(bibAfter.slice(bibBefore.length), /10\.1086\/307221/i, 'the authority BibTeX (DOI 10.1086/307221)');

    // One undo, from the manuscript, reverts the edit in both files.
    await editor.click({ position: { x: 200, y: 10 } });
    await page.keyboard.press('Control+Z');
    const askedAcrossFiles = await answerDialog(page, /Undo in \d+ Files/);
    console.log(`      undo: ${askedAcrossFiles ? 'VS Code asked "Undo in N Files", answered yes' : 'no dialog'}`);
    await eventually(async () => (!(await visibleText(editor)).includes(`\\citep{${key}}`) ? true : undefined), 'the \\citep gone from the editor');
    await eventually(() => (readFileSync(bibPath, 'utf8') === bibBefore ? true : undefined), 'references.bib back to its bytes on disk');
  });

  it('a second insertion of the same paper adds no duplicate entry', async () => {
    const bibPath = join(workspace, 'references.bib');
    const card = results.locator('article.card', { hasText: PERLMUTTER });
    await card.getByRole('button', { name: 'Insert citation' }).click();
    await results.locator('.notice-info', { hasText: /added to references\.bib/ }).waitFor({ timeout: step() });
    const once = await eventually(() => {
      const text = readFileSync(bibPath, 'utf8');
      return /10\.1086\/307221/i.test(text) ? text : undefined;
    }, 'the entry on disk');
    await card.getByRole('button', { name: 'Insert citation' }).click();
    await results.locator('.notice-info', { hasText: /already in references\.bib/ }).waitFor({ timeout: step() });
    assert.equal(readFileSync(bibPath, 'utf8'), once, 'the .bib is unchanged');
    assert.equal(once.match(/10\.1086\/307221/gi)?.length, 1, 'one entry for the work');
  });

  it('chat: "Ask in chat" attaches the paper, and the answer streams in', async () => {
    const card = results.locator('article.card', { hasText: PERLMUTTER });
    await card.getByRole('button', { name: 'Ask in chat' }).click();
    const chat = await webviewFrame(page, 'form.ask');
    await chat.locator('.attachments li', { hasText: PERLMUTTER }).waitFor({ timeout: step() });
    const question = chat.getByRole('textbox', { name: 'Question about the attached papers' });
    await question.waitFor({ timeout: step() });
    await eventually(async () => ((await question.isEnabled()) ? true : undefined), 'the chat enabled (LLM configured)');
    await question.fill('Does this paper support the claim?');
    await question.press('Enter');
    await chat.locator('.turn-assistant', { hasText: CHAT_ANSWER_START }).waitFor({ timeout: step() });
    assert.ok(await chat.locator('.turn-assistant .ref', { hasText: '[1]' }).count(), '[1] shown as a reference');
    const streamed = chatRequests(stand.standIn).filter((body) => body.stream);
    assert.equal(streamed.length, 1, 'one streamed chat request');
    assert.match(JSON.stringify(streamed[0]?.messages), /42 High-Redshift Supernovae/, 'the attached paper was in the context');
    // Once the answer is complete, "Stop" goes away.
    await chat.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden', timeout: step() });
    await page.screenshot({ path: join(RESULTS_DIR, 'chat.png') });
  });

  it('chat: markup in an answer stays text, only its https link opens (through the host), and only the last message is re-rendered', async () => {
    const chat = await webviewFrame(page, 'form.ask');
    // Watch the conversation so far: streaming the next answer must leave these nodes alone.
    const before = await chat.evaluate(() => {
      const turns = [...document.querySelectorAll('.transcript .turn')];
      const state = window as unknown as { __cfKept: Element[]; __cfMutations: number };
      state.__cfKept = turns;
      state.__cfMutations = 0;
      const observer = new MutationObserver((records) => void (state.__cfMutations += records.length));
      for (const turn of turns) observer.observe(turn, { subtree: true, childList: true, characterData: true, attributes: true });
      return turns.length;
    });
    assert.ok(before >= 2, 'the earlier question and answer');
    const question = chat.getByRole('textbox', { name: 'Question about the attached papers' });
    await question.fill(`Show me some ${ASK_FOR_MARKUP}, please.`);
    await question.press('Enter');
    const answer = chat.locator('.turn-assistant').last();
    await answer.locator('strong', { hasText: 'Bold claim' }).waitFor({ timeout: step() });
    await chat.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden', timeout: step() });
    const kept = await chat.evaluate(() => {
      const state = window as unknown as { __cfKept: Element[]; __cfMutations: number };
      const now = [...document.querySelectorAll('.transcript .turn')];
      return { same: state.__cfKept.every((node, i) => now[i] === node), mutations: state.__cfMutations, count: now.length };
    });
    assert.deepEqual(kept, { same: true, mutations: 0, count: before + 2 }, 'earlier turns kept their nodes, untouched');

    assert.match((await answer.textContent()) ?? '', /<img src=x onerror=.*<script>/, 'the markup shown as text');
    assert.equal(await chat.locator('.transcript img, .transcript script').count(), 0, 'no element made from it');
    const links = answer.getByRole('link');
    assert.deepEqual(await links.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-url'))), [SAFE_ANSWER_LINK], 'only the https link is a link');
    assert.equal(await chat.locator('#app [href]').count(), 0, 'no element with an href');
    assert.ok(await answer.locator('.ref', { hasText: '[1]' }).count(), '[1] still marked as a reference');
    await links.first().click();
    console.log(`      chat link: ${await expectExternalOpen(page, SAFE_ANSWER_LINK)}`);
    assert.ok(citefinderLog(server.stateDir).includes(`Opening a link in the chat: ${SAFE_ANSWER_LINK}`));
    await assertNoScriptRan(page, [chat], dialogs);
  });

  it('the chat keeps its attached paper and conversation across a window reload', async () => {
    const chat = await webviewFrame(page, 'form.ask');
    const turns = await chat.locator('.transcript .turn').allTextContents();
    assert.ok(turns.length >= 4);
    await runCommand(page, 'Developer: Reload Window');
    // The sidebar may come back on the chat rather than the explorer: wait for the editor part only.
    await page.locator('.monaco-workbench .part.editor').waitFor({ timeout: patience(60_000) });
    // The palette lists the extension's commands only once the reloaded extension host has them:
    // its status bar item (shown on activation, main.tex being open) says it is back.
    await page.locator('.statusbar-item', { hasText: /GROBID/ }).first().waitFor({ timeout: patience(60_000) });
    await runCommand(page, 'Citefinder: Open Chat');
    const reloaded = await webviewFrame(page, 'form.ask', 60_000);
    await reloaded.locator('.attachments li', { hasText: PERLMUTTER }).waitFor({ timeout: step() });
    await eventually(async () => ((await reloaded.locator('.transcript .turn').count()) === turns.length ? true : undefined), 'the transcript restored');
    assert.deepEqual(await reloaded.locator('.transcript .turn').allTextContents(), turns);
  });

  it('the default keybinding (Ctrl+Alt+Shift+F) runs the search from the editor', async () => {
    const editor = await openFile(page, 'main.tex');
    await editor.click({ position: { x: 200, y: 10 } });
    await selectLine(page, texLine);
    const requestsBefore = stand.standIn.requests.length;
    await page.keyboard.press('Control+Alt+Shift+F');
    await eventually(
      () => stand.standIn.requests.slice(requestsBefore).some((r) => r.service === 'arxiv' || r.service === 'europepmc') || undefined,
      'a search started by the keybinding',
    );
    results = await webviewFrame(page, 'section.candidates');
    await results.locator('.status-done').waitFor({ timeout: patience(60_000) });
    await results.locator('article.card', { hasText: PERLMUTTER }).waitFor({ timeout: step() });
  });

  it('markup in a title, an author and an abstract is shown as text; script links are neither shown nor opened', async () => {
    stand.hostileArxiv = true;
    try {
      await openFile(page, 'main.tex');
      await selectLine(page, texLine);
      await runCommand(page, FIND);
      results = await webviewFrame(page, 'section.candidates');
      const card = results.locator('article.card', { has: results.locator('h3.title', { hasText: '<script>' }) });
      await card.waitFor({ timeout: patience(60_000) });
      assert.equal(await card.locator('h3.title').textContent(), HOSTILE_TITLE, 'the title is shown verbatim');
      assert.ok((await card.locator('.meta').textContent())?.includes(HOSTILE_AUTHOR), 'the author verbatim');
      await card.locator('details.abstract summary').click();
      assert.ok((await card.locator('details.abstract p').textContent())?.includes(HOSTILE_ABSTRACT), 'the abstract verbatim');
      assert.equal(await results.locator('article.card img, article.card script, article.card b').count(), 0, 'no element was created from the markup');
      // The record's page and PDF links are javascript: URLs: no link is shown for them, none navigates by itself.
      const urls = await card.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('data-url') ?? ''));
      assert.ok(urls.length > 0 && urls.every((u) => /^https?:\/\//.test(u)), urls.join(' '));
      assert.equal(await card.getByRole('link', { name: 'PDF' }).count(), 0);
      assert.equal(await results.locator('#app [href]').count(), 0, 'no element with an href');
      await results.locator('.status-done').waitFor({ timeout: patience(60_000) });
      // "Open paper" opens what the host builds from the record: past the script URL, to the
      // abstract page on the configured arXiv endpoint (never a link the answer made up).
      const abstractPage = `${stand.standIn.url}/arxiv/abs/astro-ph/9812133`;
      await card.getByRole('button', { name: 'Open paper' }).click();
      console.log(`      open paper: ${await expectExternalOpen(page, abstractPage)}`);
      const log = citefinderLog(server.stateDir);
      assert.ok(log.includes(`Opening this paper: ${abstractPage}\n`), log.slice(-600));
      assert.doesNotMatch(log, /Opening [^\n]*javascript:/i);
      await assertNoScriptRan(page, [results], dialogs);
    } finally {
      stand.hostileArxiv = false;
    }
  });

  it('Cancel on the progress notification aborts a slow search', async () => {
    stand.slowSearchMs = 30_000;
    const requestsBefore = stand.standIn.requests.length;
    try {
      await openFile(page, 'main.tex');
      await selectLine(page, texLine);
      await runCommand(page, FIND);
      const searchesReached = (): boolean | undefined =>
        stand.standIn.requests.slice(requestsBefore).some((r) => r.service === 'arxiv' || r.service === 'europepmc') || undefined;
      await eventually(searchesReached, 'a search request held by the slow stand-in');
      const abortedBefore = stand.aborted.length;
      await notificationButton(page, /Citefinder/, 'Cancel').click({ timeout: step() });
      results = await webviewFrame(page, 'section.candidates');
      await results.locator('.status-cancelled').waitFor({ timeout: step() });
      const aborted = await eventually(
        () => (stand.aborted.length > abortedBefore ? stand.aborted.slice(abortedBefore) : undefined),
        'the held request aborted by the client',
        10_000,
      );
      const answered = stand.standIn.requests.slice(requestsBefore)
        .filter((r) => (r.service === 'arxiv' || r.service === 'europepmc') && r.endSeq !== undefined);
      assert.deepEqual(answered.map((r) => r.url), [], 'cancelled before the slow searches answered');
      // The client dropping a held request is the cancel as the services saw it: no search may follow.
      const abortedAt = Math.min(...aborted.map((a) => a.at));
      const late = stand.standIn.requests.filter((r) => r.at > abortedAt && (r.service === 'arxiv' || r.service === 'europepmc'));
      assert.deepEqual(late.map((r) => r.url), [], 'no search request after the cancel');
    } finally {
      stand.slowSearchMs = 0;
    }
  });
});
