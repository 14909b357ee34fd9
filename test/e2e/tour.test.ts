// The offline demo's tour (issue #19), in code-server and Chromium, on the checked-in examples/
// with the settings `npm start -- --offline` uses (every service the stand-in, no LLM, pdf.js):
// a claim per repository (arXiv with full-text paragraphs, bioRxiv with a one-click insert,
// medRxiv), the chat's record answers, an informal citation resolved, a retracted work's badge,
// the audit of the example (supported, weak, unsupported, a retracted work), Check Bibliography
// on a .bib with a corrupted and a fabricated entry, and the example's uncited claims searched in
// one batch. Its screenshots are docs/tour.md's and the README's (media/screenshots/tour-*.png, refreshed with
// CITEFINDER_UPDATE_SCREENSHOTS=1). Every wait is for an event on the page.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { lineOf } from './checks';
import { screenshot } from './screenshots';
import { editorOf, eventually, openFile, runCommand, selectLine, step, visibleText, webviewFrame, auditWholeProject, runForWholeProject, runFromExplorer } from './workbench';
import { closeE2eSession, openE2eSession, RESULTS_DIR, type E2eSession } from '../helpers/e2eSession';
import { patience } from './patience';

const FIND = 'Citefinder: Find Citations for Selection';
const ARXIV_CLAIM = 'A literature graph of scientific papers, their authors and the entities they mention can be built with entity extraction and linking.';
const BIORXIV_CLAIM = 'Pooled prime editing in haploid cells measures the functional effects of thousands of genetic variants.';
const MEDRXIV_CLAIM = 'Machine learning models can predict the in-hospital mortality of patients from routinely collected electronic health records.';
const INFORMAL_LINE = 'Perlmutter et al. (1999) measured the mass density of the universe from distant supernovae.';
const INFORMAL = 'Perlmutter et al. (1999)';
const RETRACTED_LINE = 'Wakefield et al. (1998) described twelve children with bowel disease and developmental regression.';
const PUBMED_CLAIM = 'The garlic-derived trisulfide compound TSDB damages the cell membrane of Staphylococcus aureus.';
const DBLP_CLAIM = 'Deep residual learning makes very deep networks trainable for image recognition.';
/** What `npm start -- --offline` sets on top of the stand-in's URLs (scripts/start.mjs). */
const OFFLINE_DEMO = { 'citefinder.llm.model': '', 'citefinder.grobid.enabled': false };

describe('the offline demo tour (E2E)', function () {
  this.timeout(patience(120_000));
  let session: E2eSession | undefined;
  let page: Page;
  let workspace: string;
  let tex: string;
  let results: Frame;
  let failed = false;

  before(async function () {
    this.timeout(patience(180_000));
    session = await openE2eSession({ name: 'tour', settings: OFFLINE_DEMO });
    ({ page, workspace } = session);
    tex = readFileSync(join(workspace, 'main.tex'), 'utf8');
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    failed = true;
    await page?.screenshot({ path: join(RESULTS_DIR, `failed-tour-${this.currentTest.title.slice(0, 40).replace(/\W+/g, '-')}.png`) }).catch(() => undefined);
  });

  after(async function () {
    this.timeout(patience(30_000));
    await closeE2eSession(session, failed);
  });


  /** Selects the claim on its own line of main.tex and runs the search; resolves when it is done. */
  async function search(claim: string): Promise<Frame> {
    const editor = await openFile(page, 'main.tex');
    await editor.click({ position: { x: 200, y: 10 } });
    await selectLine(page, lineOf(tex, claim));
    await runCommand(page, FIND);
    const frame = await webviewFrame(page, 'section.candidates');
    await frame.locator('blockquote.claim', { hasText: claim }).waitFor({ timeout: step() });
    await frame.locator('.status-done').waitFor({ timeout: patience(60_000) });
    return frame;
  }

  it('arXiv: the paper\'s own PDF is read (pdf.js) and its best paragraphs are shown with scores', async () => {
    results = await search(ARXIV_CLAIM);
    await results.locator('section.routing', { hasText: /arXiv\s*then/ }).waitFor({ timeout: step() });
    // One figure for the route: the heuristics' reason gives each server's probability, and no second "confidence" beside it.
    const routing = await results.locator('section.routing').first().innerText();
    assert.match(routing, /by heuristics\n[\s\S]*\(arXiv \d+%\)/, routing);
    assert.doesNotMatch(routing, /confidence/, routing);
    const card = results.locator('article.card', { hasText: 'Construction of the Literature Graph in Semantic Scholar' });
    await card.locator('.fulltext', { hasText: 'Full text: pdf.js' }).waitFor({ timeout: step() });
    const paragraphs = card.locator('ol.paragraphs > li');
    assert.ok((await paragraphs.count()) >= 2, 'paragraphs of the full text');
    const sections = await card.locator('ol.paragraphs .section').allTextContents();
    assert.ok(sections.some((s) => /Introduction/.test(s)), `a paragraph from the body of the paper: ${sections.join(' | ')}`);
    assert.equal(await card.locator('.badge.source', { hasText: 'arXiv' }).count(), 1);
    await screenshot(page, 'tour-fulltext.png');
  });

  it('bioRxiv and PubMed: the preprint and its journal version are one card; one click inserts \\citep and the journal\'s Crossref BibTeX', async () => {
    results = await search(BIORXIV_CLAIM);
    const card = results.locator('article.card', { hasText: /pooled prime editing/i });
    await results.locator('section.routing', { hasText: /bioRxiv\s*then\s*medRxiv/ }).waitFor({ timeout: step() });
    await results.locator('section.routing .lanes', { hasText: /Searched: bioRxiv, medRxiv, PubMed · skipped: OpenAlex \(no API key: DOI lookups only\)/ }).waitFor({ timeout: step() });
    await card.locator('.badge.source', { hasText: 'bioRxiv' }).waitFor({ timeout: step() });
    await card.locator('.badge.source', { hasText: 'PubMed' }).waitFor({ timeout: step() });
    assert.equal(await results.locator('article.card', { hasText: /pooled prime editing/i }).count(), 1, 'one card for both versions');
    await card.locator('.version', { hasText: /Published in Cell Genomics.*citing the published version/ }).waitFor({ timeout: patience(60_000) });
    const insert = card.getByRole('button', { name: 'Insert citation' });
    await eventually(async () => ((await insert.isEnabled()) ? true : undefined), 'BibTeX for the bioRxiv card', 60_000);
    await insert.click();
    const notice = await results.locator('.notice-info', { hasText: /Cited as/ }).textContent({ timeout: step() });
    const key = /Cited as (\S+?) \(/.exec(notice ?? '')?.[1];
    assert.ok(key, `a cite key in "${notice}"`);
    await eventually(async () => ((await visibleText(editorOf(page, 'main.tex'))).includes(`variants~\\citep{${key}}.`) ? true : undefined), 'the \\citep in the editor');
    const bib = await eventually(() => {
      const text = readFileSync(join(workspace, 'references.bib'), 'utf8');
      return text.includes(`{${key},`) ? text : undefined;
    }, 'the entry in references.bib');
    assert.match(bib, /journal\s*=\s*\{Cell Genomics\}/, 'the journal version\'s BibTeX, from Crossref');
    assert.match(bib, /10\.1016\/j\.xgen\.2025\.100814/i);
    // Bring the end of the claim's line, where the \citep went, into view for the screenshot.
    await editorOf(page, 'main.tex').click({ position: { x: 200, y: 10 } });
    await selectLine(page, lineOf(tex, BIORXIV_CLAIM));
    await page.keyboard.press('End');
    await editorOf(page, 'main.tex').locator('.view-line', { hasText: `\\citep{${key}}` }).waitFor({ timeout: step() });
    // The line is wider than the editor: wrapped for the screenshot (this editor only), the whole
    // sentence shows with its \citep, not the end of a line scrolled past its start.
    // Unwrapped again whatever happens: the other steps select whole lines, which a wrapped line splits.
    await runCommand(page, 'View: Toggle Word Wrap');
    try {
      const claimStart = editorOf(page, 'main.tex').locator('.view-line', { hasText: 'Pooled prime editing' });
      await eventually(async () => (!(await claimStart.textContent())?.includes(key) ? true : undefined), 'the claim\'s line wrapped');
      await screenshot(page, 'tour-insert.png');
    } finally {
      await runCommand(page, 'View: Toggle Word Wrap');
    }
    await card.getByRole('button', { name: 'Ask in chat' }).click();
  });

  it('PubMed Central: an open-access journal article read in full from PMC\'s JATS, its paragraphs scored', async () => {
    results = await search(PUBMED_CLAIM);
    const card = results.locator('article.card', { hasText: /Antibacterial Effect of/ });
    await card.locator('.badge.source', { hasText: 'PubMed' }).waitFor({ timeout: step() });
    await card.locator('.links a', { hasText: 'PMC5967733' }).waitFor({ timeout: step() });
    await card.locator('.fulltext', { hasText: /Full text: PMC’s JATS · open access/ }).waitFor({ timeout: step() });
    const sections = await card.locator('ol.paragraphs .section').allTextContents();
    assert.ok(sections.some((s) => /Results/.test(s)), `a paragraph from the body of the article: ${sections.join(' | ')}`);
    await screenshot(page, 'tour-pubmed.png');
  });

  it('DBLP: a CVPR paper that is in no preprint search, with DBLP\'s venue', async () => {
    results = await search(DBLP_CLAIM);
    await results.locator('section.routing .lanes', { hasText: /Searched: arXiv, DBLP, Semantic Scholar/ }).waitFor({ timeout: step() });
    const card = results.locator('article.card', { hasText: 'Deep Residual Learning for Image Recognition' });
    await card.locator('.badge.source', { hasText: 'DBLP' }).waitFor({ timeout: step() });
    assert.match((await card.locator('.meta').textContent()) ?? '', /2016 · CVPR/);
  });

  it('medRxiv: the clinical claim finds the medRxiv preprint; the chat answers /published and /retracted from records', async () => {
    results = await search(MEDRXIV_CLAIM);
    await results.locator('section.routing', { hasText: /medRxiv\s*then/ }).waitFor({ timeout: step() });
    const card = results.locator('article.card', { hasText: /Predict In-Hospital Mortality/i });
    await card.locator('.badge.source', { hasText: 'medRxiv' }).waitFor({ timeout: step() });
    // Its JAMA Network Open version was asked first: the card names it among what the authorities did not know.
    await card.locator('p.bibtex.error', { hasText: "No BibTeX: Crossref and doi.org do not know this DOI or its published version's" }).waitFor({ timeout: step() });
    await card.getByRole('button', { name: 'Ask in chat' }).click();
    const chat = await webviewFrame(page, 'form.ask');
    await chat.locator('.attachments li', { hasText: /In-Hospital Mortality/i }).waitFor({ timeout: step() });
    await chat.locator('.attachments li', { hasText: /pooled prime editing/i }).waitFor({ timeout: step() });
    const question = chat.getByRole('textbox', { name: 'Question about the attached papers' });

    await question.fill('/published 1');
    await question.press('Enter');
    const published = chat.locator('.turn-assistant', { hasText: /\[1\] was published as/ });
    await published.waitFor({ timeout: step() });
    await published.locator('ol.records li', { hasText: /pooled prime editing/i }).waitFor({ timeout: step() });

    await question.fill('/retracted');
    await question.press('Enter');
    // The medRxiv preprint's DOI has no Crossref record here: "unknown" and why, never "ok".
    const retracted = chat.locator('.turn-assistant', { hasText: /\[2\] unknown: Crossref has no record of doi:10\.1001\/jamanetworkopen\.2019\.20733/ });
    await retracted.waitFor({ timeout: step() });
    assert.doesNotMatch((await retracted.textContent()) ?? '', /\[2\] ok/);
    // Its record's mark says what is unknown (it read "[2] unknown … unknown").
    const mark = retracted.locator('ol.records li .trust-unknown');
    await mark.waitFor({ timeout: step() });
    assert.equal((await mark.textContent())?.trim(), 'notices not checked');
    // The panes below the chat folded for the picture, so it shows the questions and answers.
    await foldPanes(['Citation Audit', 'Uncited Claims']);
    await screenshot(page, 'tour-chat.png');
  });

  /** Folds the side bar's panes titled `titles` (or unfolds them), where they are not so already. */
  async function foldPanes(titles: string[], expanded = false): Promise<void> {
    for (const title of titles) {
      const header = page.locator('.pane-header', { hasText: title }).first();
      if ((await header.getAttribute('aria-expanded')) === String(expanded)) continue;
      await header.click();
      await page.locator(`.pane-header[aria-expanded="${expanded}"]`, { hasText: title }).first().waitFor({ timeout: step() });
    }
  }

  /** Selects the first `mention.length` characters of `line` (an informal citation) and searches. */
  async function searchMention(line: string, mention: string): Promise<Frame> {
    assert.ok(line.startsWith(mention));
    const editor = await openFile(page, 'main.tex');
    await editor.click({ position: { x: 200, y: 10 } });
    await selectLine(page, lineOf(tex, line));
    await page.keyboard.press('Home');
    for (let i = 0; i < mention.length; i++) await page.keyboard.press('Shift+ArrowRight');
    await runCommand(page, FIND);
    const frame = await webviewFrame(page, 'section.candidates');
    await frame.locator('blockquote.claim', { hasText: mention }).waitFor({ timeout: step() });
    await frame.locator('.status-done').waitFor({ timeout: patience(60_000) });
    return frame;
  }

  it('an informal citation ("Perlmutter et al. (1999)") is searched by author and year, and Insert makes it \\citet', async () => {
    results = await searchMention(INFORMAL_LINE, INFORMAL);
    const query = await results.locator('section.queries input').first().inputValue();
    assert.match(query, /au:Perlmutter; 1998\.\.2000/);
    const card = results.locator('article.card', { hasText: /42 High-Redshift Supernovae/ });
    const insert = card.getByRole('button', { name: 'Insert citation' });
    await eventually(async () => ((await insert.isEnabled()) ? true : undefined), 'BibTeX for the Perlmutter card', 60_000);
    await insert.click();
    const notice = await results.locator('.notice-info', { hasText: /Cited as/ }).textContent({ timeout: step() });
    const key = /Cited as (\S+?) \(/.exec(notice ?? '')?.[1];
    assert.ok(key, `a cite key in "${notice}"`);
    // natbib: the mention becomes \citet{key}, the prose around it stays.
    await eventually(async () => ((await visibleText(editorOf(page, 'main.tex'))).includes(`\\citet{${key}} measured the mass density`) ? true : undefined), 'the \\citet in the editor');
  });

  it('a retracted work found from "Wakefield et al. (1998)" carries its red badge with the notice', async () => {
    results = await searchMention(RETRACTED_LINE, 'Wakefield et al. (1998)');
    const card = results.locator('article.card', { hasText: /Ileal-lymphoid-nodular hyperplasia/ });
    const badge = card.locator('.trust-retracted');
    await badge.waitFor({ timeout: step() });
    assert.match((await badge.textContent()) ?? '', /Retracted 2010-02-06/);
    assert.equal(await badge.getByRole('link', { name: 'notice' }).count(), 1);
    // The card says why a work known by its title alone stands first: the claim names its author.
    assert.equal(await card.locator('.badge.named').textContent(), 'by AJ Wakefield, named in the claim');
    await screenshot(page, 'tour-retracted.png');
  });

  it('the audit of the example: supported, weak, unsupported, and a retracted work said first', async () => {
    await openFile(page, 'main.tex');
    await auditWholeProject(page);
    // tosatto2015 (in one sentence), valerocuevas2017 and Perlmutter's paper inserted above are supported;
    // tosatto2015 cited for how common Parkinson's disease is, weak; for two cosmology sentences, unsupported;
    // the Cell Genomics article inserted above, weak, read through its bioRxiv version (no abstract of its own
    // is recorded); wakefield1998 unavailable.
    await page.locator('.notifications-toasts', { hasText: /Citefinder audit: 3 supported, 2 weak, 2 unsupported, 0 unresolved, 0 missing, 1 unavailable/ }).waitFor({ timeout: patience(60_000) });
    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    const problems = page.locator('.markers-panel');
    // Maximised, every row is rendered (the list draws only the rows in view).
    await runCommand(page, 'View: Toggle Maximized Panel');
    for (const text of [/wakefield1998: RETRACTED \(2010-02-06, retraction-watch\)/, /tosatto2015: Weak/, /tosatto2015: Unsupported/, /tosatto2015: Supported/, /valerocuevas2017: Supported/,
      // The DOI-only entry the informal insert added is read through its arXiv version.
      /perlmutter1999measurements: Supported: its abstract \(no open full text; from its arXiv version arXiv:astro-ph\/9812133\)/,
      // The Cell Genomics article inserted above is read through the bioRxiv preprint that names it as its journal version.
      /herger2025highthroughput: Weak: .*from its bioRxiv version 10\.1101\/2024\.04\.01\.587366/,
      // The cosmology sentences that cite the alpha-synuclein paper name the work they fit: the one inserted above.
      /tosatto2015: Unsupported: .*Another work of the bibliography fits it better: perlmutter1999measurements \(0\.87 against 0\.18/]) {
      await problems.locator('.monaco-list-row', { hasText: text }).first().waitFor({ timeout: step() });
    }
    await runCommand(page, 'View: Toggle Maximized Panel');
    await runCommand(page, 'Citefinder: Focus on Citation Audit View');
    await foldPanes(['Chat']); // so the audit's groups all show
    const summary = page.locator('.pane', { hasText: 'Citation Audit' });
    for (const group of ['supported (3)', 'weak (2)', 'unsupported (2)', 'unavailable (1)']) {
      await summary.locator('.monaco-list-row', { hasText: group }).first().waitFor({ timeout: step() });
    }
    await screenshot(page, 'tour-audit.png');
  });

  it('Check Bibliography on checkme.bib (the explorer menu): fixable entries, a duplicate, the fabricated entry not found, the corrupted one unreadable', async () => {
    await openFile(page, 'checkme.bib');
    await runFromExplorer(page, 'checkme.bib', 'Check Bibliography');
    const title = page.locator('.quick-input-widget', { hasText: 'Check Bibliography: 0 verified, 2 fixable, 0 mismatch, 1 not found, 0 impossible or untitled, 0 unavailable, 1 duplicate, 1 unreadable' });
    await title.waitFor({ timeout: patience(60_000) });
    for (const key of ['perlmutter-typo', 'grasp2017']) {
      await page.locator('.quick-input-list .monaco-list-row', { hasText: key }).first().waitFor({ timeout: step() });
    }
    // The duplicate is counted once, as a duplicate, and not offered for update.
    assert.equal(await page.locator('.quick-input-list .monaco-list-row', { hasText: 'grasp-preprint' }).count(), 0);
    // The quick pick fades in: wait until it is drawn opaque, so the screenshot shows it.
    await page.waitForFunction(() => [...document.querySelectorAll('.quick-input-widget')].some((w) => getComputedStyle(w).opacity === '1' && (w as HTMLElement).offsetHeight > 0));
    await screenshot(page, 'tour-bibcheck.png');
    await page.keyboard.press('Escape');
    await title.waitFor({ state: 'hidden', timeout: step() });
  });

  it('uncited claims: the example\'s sentences ranked by need, citations found for all in one batch, listed in the results panel where each opens, the clear ones cited at once', async () => {
    await runCommand(page, 'Notifications: Clear All Notifications'); // the earlier steps' toasts
    await openFile(page, 'main.tex');
    await runForWholeProject(page, 'Citefinder: Find Uncited Claims');
    // The panes above it (chat, audit) folded, so every row of the list is drawn.
    await foldPanes(['Chat', 'Citation Audit']);
    await foldPanes(['Uncited Claims'], true);
    const view = page.locator('.pane', { hasText: 'Uncited Claims' });
    const wakefield = view.locator('.monaco-list-row', { hasText: /Wakefield et al\. \(1998\) described twelve children/ });
    await wakefield.first().waitFor({ timeout: step() });
    assert.match((await wakefield.first().textContent()) ?? '', /0\.\d\d · names other authors' work · main\.tex:\d+/);
    // Sentences the tour cited above are not listed any more.
    assert.equal(await view.locator('.monaco-list-row', { hasText: /Pooled prime editing/ }).count(), 0, 'the sentence cited with \\citep above');

    await runCommand(page, 'Citefinder: Find Citations for All Listed');
    // Each sentence's best candidates come under it as the batch goes; the Lancet paper under Wakefield's.
    const lancet = view.locator('.monaco-list-row', { hasText: /Ileal-lymphoid-nodular hyperplasia/ });
    await lancet.first().waitFor({ timeout: patience(120_000) });
    // The batch's end, after which the list no longer moves under the pointer.
    await page.locator('.notifications-toasts', { hasText: /candidates for 5 of 5 listed sentences, in the results panel and under each in Uncited Claims/ }).waitFor({ timeout: patience(120_000) });

    // The results panel lists the batch's sentences and shows the first that found something.
    results = await webviewFrame(page, 'nav.batch li');
    await results.locator('nav.batch h2', { hasText: /Uncited claims: 5 of 5 searched/ }).waitFor({ timeout: step() });
    const wakefieldResult = results.locator('blockquote.claim', { hasText: /Wakefield et al\. \(1998\) described twelve children/ });
    await wakefieldResult.waitFor({ timeout: step() });
    await results.locator('.status-done').waitFor({ timeout: patience(60_000) });
    await results.locator('article.card', { hasText: /Ileal-lymphoid-nodular hyperplasia/ }).getByRole('button', { name: 'Insert citation' }).waitFor({ timeout: step() });
    // One click on another sentence of the list shows its search, from the cache.
    await results.locator('nav.batch button', { hasText: /A literature graph of scientific papers/ }).click();
    await results.locator('blockquote.claim', { hasText: /A literature graph of scientific papers/ }).waitFor({ timeout: step() });
    await results.locator('.status-done').waitFor({ timeout: patience(60_000) });
    await results.locator('article.card', { hasText: 'Construction of the Literature Graph in Semantic Scholar' }).waitFor({ timeout: step() });
    await results.locator('nav.batch li.current', { hasText: /A literature graph of scientific papers/ }).waitFor({ timeout: step() });
    // The sentence is selected in the editor it was in, not opened over the panel in the panel's group.
    assert.equal(await page.locator('.tabs-container .tab', { hasText: 'main.tex' }).count(), 1, 'main.tex in one group only');
    // A candidate under a sentence in the view opens that sentence's search too.
    await lancet.first().click();
    await wakefieldResult.waitFor({ timeout: step() });
    await results.locator('.status-done').waitFor({ timeout: patience(60_000) });
    await results.locator('nav.batch li.current', { hasText: /Wakefield et al\. \(1998\)/ }).waitFor({ timeout: step() });
    await screenshot(page, 'tour-coverage.png');

    // The sentences one work clearly supports are cited in one go; the rest stay listed.
    await runCommand(page, 'Citefinder: Insert the Clear Citations');
    await page.locator('.notifications-toasts', { hasText: /cited [1-5] of 5 searched sentences; [0-4] left for you/ }).waitFor({ timeout: step() });
    await wakefield.first().waitFor({ timeout: step() });
  });
});
