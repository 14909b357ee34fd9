// In the extension host: "Citefinder: Find Uncited Claims" on sentences of arXiv:2212.11826
// (test/fixtures/coverage) lists the sentence whose citation was removed first, marks the listed
// sentences as Information diagnostics only, offers Find Citations and Dismiss on each (a dismissed
// sentence stays dismissed on the next run), and "Find Citations for All Listed" searches each in
// turn against the stand-in services, keeping each sentence's candidates; "Insert Citation" on one of
// them cites it in its sentence, and the sentence leaves the diagnostics and the next batch; "Insert
// the Clear Citations" does so for each sentence one work clearly supports.
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SentenceCoverage } from '../../src/core/coverage';
import type { Candidate } from '../../src/core/types';
import type { InsertOutcome } from '../../src/vscode/insertCitation';
import { fixturePath } from '../standin/server';
import type { StandIn } from '../standin';
import { chatRequests, installOpenAi } from '../standin/openai';
import { api, deleteTempDirsAfterEach, stubWindow, tempDir, undoIn, useStandIn, waitFor } from './helpers';
import { CREATE_BIB_ACTION } from '../../src/vscode/bibTarget';
import { DEMO_SENTENCES, DEMO_TO_CITE } from '../helpers/coverageDemo';

/** A writer's own .bib entry, laid out by hand: kept byte for byte. */
const MINE = '@article{riess1998,\n    author={Riess, Adam G.},   title = {Observational Evidence},\n  year = 1998 }\n';

const coverageDiagnostics = (file: string) => vscode.languages.getDiagnostics(vscode.Uri.file(file)).filter((d) => d.source === 'citefinder coverage');

describe('citefinder: uncited claims in the editor', function () {
  this.timeout(120_000);
  let standIn: StandIn;
  useStandIn((s) => (standIn = s));
  deleteTempDirsAfterEach();

  it('lists the uncited claims as Information, offers a search and a dismissal, and searches them all', async () => {
    await api();
    const dir = tempDir('citefinder-coverage-');
    cpSync(fixturePath('coverage', 'qpk'), dir, { recursive: true });
    const main = path.join(dir, 'main.tex');
    const intro = path.join(dir, 'intro.tex');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(main));
    const listed = (await vscode.commands.executeCommand('citefinder.findUncitedClaims', 'project')) as SentenceCoverage[];
    assert.match(listed[0]!.text, /^A number of approaches, including layer-wise training/);
    const diagnostics = coverageDiagnostics(intro);
    assert.equal(diagnostics.length, listed.filter((s) => s.file === intro).length);
    assert.ok(diagnostics.every((d) => d.severity === vscode.DiagnosticSeverity.Information), 'never a warning');
    const introDocument = await vscode.workspace.openTextDocument(intro);
    const first = diagnostics.find((d) => introDocument.getText(d.range).startsWith('A number of approaches'))!;
    assert.match(first.message, /states a result of earlier work/);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', introDocument.uri, first.range);
    const titles = actions.map((a) => a.title);
    assert.ok(titles.includes('Find citations for this sentence'), titles.join(' | '));
    const dismiss = actions.find((a) => a.title === 'Dismiss: this sentence needs no citation')!;
    await vscode.commands.executeCommand(dismiss.command!.command, ...(dismiss.command!.arguments ?? []));
    assert.ok(!coverageDiagnostics(intro).some((d) => introDocument.getText(d.range).startsWith('A number of approaches')));
    const again = (await vscode.commands.executeCommand('citefinder.findUncitedClaims', 'project')) as SentenceCoverage[];
    assert.equal(again.length, listed.length - 1, 'the dismissed sentence is remembered');

    // The writer goes on typing in main.tex while the batch runs: its end must not move the cursor.
    const writing = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(main));
    writing.selection = new vscode.Selection(0, 0, 0, 0);
    const searched = (await vscode.commands.executeCommand('citefinder.findCitationsForAllListed')) as number;
    assert.equal(searched, again.length);
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, main, 'the editor the writer was in');
    assert.ok(vscode.window.activeTextEditor.selection.isEqual(new vscode.Selection(0, 0, 0, 0)), 'the cursor where it was');
    // The results panel lists the batch's sentences and shows the first that found something.
    const panel = (await api()).results();
    assert.deepEqual(panel.batch?.map((s) => s.text), again.map((s) => s.text));
    assert.ok(panel.batch!.every((s) => s.found !== undefined), 'every sentence searched');
    const firstFound = panel.batch!.find((s) => s.found);
    assert.ok(firstFound, 'a sentence with candidates');
    assert.equal(panel.claim, firstFound.text);
    assert.equal(panel.status, 'done');
    assert.equal(panel.candidates.length, firstFound.found);

    // An edit before a listed sentence on its line moves it; its search still selects and searches it.
    const moved = again.find((s) => s.file === intro)!;
    const range = new vscode.Range(moved.line, moved.column, moved.endLine, moved.endColumn);
    const source = introDocument.getText(range);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(introDocument.uri, new vscode.Position(moved.line, 0), 'Indeed, ');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await vscode.commands.executeCommand('citefinder.findCitationsForUncitedClaim', moved);
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.fsPath, intro);
    assert.equal(editor.document.getText(editor.selection), source, 'the sentence, not the range it had');
    assert.equal((await api()).results().claim, moved.text);

    // Dismissals taken back: one made now returns to the list at once, the earlier one with the next run.
    const now = again.find((s) => s.file === intro && s !== moved)!;
    const marks = coverageDiagnostics(intro).length;
    await vscode.commands.executeCommand('citefinder.dismissUncitedClaim', now);
    assert.equal(coverageDiagnostics(intro).length, marks - 1);
    const mine = new Set([listed[0]!.text, now.text]);
    const originalPick = vscode.window.showQuickPick;
    let offered: string[] = [];
    Object.assign(vscode.window, {
      showQuickPick: async (items: { label: string }[]) => ((offered = items.map((i) => i.label)), items.filter((i) => mine.has(i.label))),
    });
    try {
      assert.equal(await vscode.commands.executeCommand('citefinder.restoreDismissedClaims'), 2);
    } finally {
      Object.assign(vscode.window, { showQuickPick: originalPick });
    }
    assert.ok([...mine].every((text) => offered.includes(text)), offered.join(' | '));
    assert.equal(coverageDiagnostics(intro).length, marks, 'the sentence dismissed from this list is back in it');
    const restored = (await vscode.commands.executeCommand('citefinder.findUncitedClaims', 'project')) as SentenceCoverage[];
    assert.equal(restored.length, listed.length, 'both listed again');

  });

  it('"Insert Citation" on a row or in the results panel marks the sentence cited; an undo lists it again', async () => {
    const citefinder = await api();
    const dir = tempDir('citefinder-coverage-');
    cpSync(fixturePath('coverage', 'qpk'), dir, { recursive: true });
    const main = path.join(dir, 'main.tex');
    const bib = path.join(dir, 'refs.bib');
    writeFileSync(main, readFileSync(main, 'utf8').replace('\\end{document}', '\\bibliography{refs}\n\\end{document}'));
    writeFileSync(bib, '');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(main));
    const listed = (await vscode.commands.executeCommand('citefinder.findUncitedClaims', 'project')) as SentenceCoverage[];
    assert.equal(await vscode.commands.executeCommand('citefinder.findCitationsForAllListed'), listed.length);
    // The first listed sentence with a candidate the stand-in has BibTeX for (its search shown again in the panel).
    let sentence: SentenceCoverage | undefined;
    let citable: Candidate | undefined;
    for (const listedSentence of listed) {
      await vscode.commands.executeCommand('citefinder.findCitationsForUncitedClaim', listedSentence);
      await waitFor(() => citefinder.results().status === 'done' && citefinder.results().claim === listedSentence.text, 60_000);
      const panel = citefinder.results();
      citable = panel.candidates.find((c) => c.bibtex ?? panel.extras[c.id]?.bibtex);
      if (citable) {
        sentence = listedSentence;
        break;
      }
    }
    assert.ok(sentence && citable, 'a listed sentence with a candidate that has its BibTeX');
    const listedSource = readFileSync(sentence.file, 'utf8').slice(sentence.start, sentence.end);
    const document = await vscode.workspace.openTextDocument(sentence.file);
    const flagged = () => coverageDiagnostics(sentence.file).length;
    const before = flagged();

    // From its row in the view: the candidate is cited at the end of its sentence, in the project's own .bib
    // (the project lies outside the test's workspace: its root and .bib are found on disk).
    const inserted = await vscode.commands.executeCommand<InsertOutcome | undefined>('citefinder.insertCitationForUncitedClaim', { candidate: { id: citable.id }, of: sentence });
    assert.ok(inserted, 'inserted');
    assert.deepEqual([inserted.bibFile, inserted.reused], [bib, false]);
    assert.ok(readFileSync(bib, 'utf8').includes(`{${inserted.key},`), 'the entry appended to refs.bib');
    const around = document.getText().slice(document.getText().indexOf(listedSource.slice(0, 40)));
    assert.match(around.slice(0, listedSource.length + 60), new RegExp(`\\\\cite\\w*\\{${inserted.key}\\}`), 'cited in that sentence');
    assert.ok(around.indexOf(`{${inserted.key}}`) >= listedSource.length - 3, `at its end: ${around.slice(0, listedSource.length + 60)}`);
    assert.equal(flagged(), before - 1, 'its diagnostic is gone');

    // An undo takes the citation out: the sentence is flagged again.
    await undoIn(document);
    await waitFor(() => !document.getText().includes(`{${inserted.key}}`));
    await waitFor(() => flagged() === before);

    // An edit moves another listed sentence along its line; the panel's Insert below re-sets the
    // diagnostics, each where its sentence is now.
    const other = listed.find((s) => s !== sentence)!;
    const otherDocument = await vscode.workspace.openTextDocument(other.file);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(otherDocument.uri, new vscode.Position(other.line, 0), 'Indeed, ');
    assert.ok(await vscode.workspace.applyEdit(edit));

    // From the results panel, which shows that sentence's search: its Insert marks the same sentence.
    const again = await citefinder.insertCitation(citable.id);
    assert.equal(again?.key, inserted.key);
    await waitFor(() => flagged() === before - 1);
    const sources = new Set(listed.map((s) => readFileSync(s.file, 'utf8').slice(s.start, s.end)));
    const misplaced = coverageDiagnostics(other.file).map((d) => otherDocument.getText(d.range)).filter((text) => !sources.has(text));
    assert.deepEqual(misplaced, [], 'every diagnostic on its sentence');
    assert.equal(await vscode.commands.executeCommand('citefinder.findCitationsForAllListed'), listed.length - 1, 'the cited sentence is not searched again');
  });

  it('"Insert the Clear Citations" cites each sentence one work clearly supports, each insert undone alone, and leaves the others listed', async () => {
    await api();
    const dir = tempDir('citefinder-coverage-clear-');
    const main = path.join(dir, 'main.tex');
    const bib = path.join(dir, 'refs.bib');
    writeFileSync(main, DEMO_TO_CITE);
    writeFileSync(bib, MINE);
    const document = await vscode.workspace.openTextDocument(main);
    await vscode.window.showTextDocument(document);
    const listed = (await vscode.commands.executeCommand('citefinder.findUncitedClaims', 'project')) as SentenceCoverage[];
    assert.deepEqual(listed.map((s) => s.text).sort(), Object.values(DEMO_SENTENCES).sort());
    assert.equal(await vscode.commands.executeCommand('citefinder.insertClearCitations'), 0, 'nothing searched yet: nothing cited');
    assert.equal(await vscode.commands.executeCommand('citefinder.findCitationsForAllListed'), 4);
    assert.equal(await vscode.commands.executeCommand('citefinder.insertClearCitations'), 2);
    const text = document.getText();
    // The manuscript loads natbib and writes \cite: the new citation follows its habit; the mention takes \citet.
    assert.ok(text.includes(`${DEMO_SENTENCES.supernova.slice(0, -1)}~\\cite{perlmutter1999measurements}.`), text);
    assert.ok(text.includes('\\citet{perlmutter1999measurements} measured the mass density'), text);
    assert.ok(text.includes(DEMO_SENTENCES.mortality) && text.includes(DEMO_SENTENCES.wakefield), 'the others are left');
    const bibText = readFileSync(bib, 'utf8');
    assert.ok(bibText.startsWith(MINE) && bibText.match(/@article\{perlmutter1999measurements,/g)?.length === 1, bibText);
    const marked = (count: number) =>
      waitFor(() => coverageDiagnostics(main).length === count).catch(() =>
        assert.fail(`want ${count} diagnostics: ${coverageDiagnostics(main).map((d) => document.getText(d.range)).join(' | ')}`),
      );
    await marked(2);
    // The last citation written is undone alone: its sentence is listed again, the other stays cited.
    await undoIn(document);
    await marked(3);
    assert.equal(document.getText().match(/perlmutter1999measurements/g)?.length, 1);
    assert.equal(await vscode.commands.executeCommand('citefinder.insertClearCitations'), 1, 'the sentence undone is cited again');
  });

  it('"Insert the Clear Citations" in a project with no .bib asks once to create one: declined, the batch stops; accepted, all are cited', async () => {
    await api();
    const dir = tempDir('citefinder-coverage-nobib-');
    const main = path.join(dir, 'main.tex');
    const noBibliography = DEMO_TO_CITE.replace('\\bibliography{refs}\n', '');
    assert.notEqual(noBibliography, DEMO_TO_CITE);
    writeFileSync(main, noBibliography);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(main));
    await vscode.commands.executeCommand('citefinder.findUncitedClaims', 'project');
    assert.equal(await vscode.commands.executeCommand('citefinder.findCitationsForAllListed'), 4);
    const askedToCreate = (calls: unknown[][]) => calls.filter((c) => /has no local bibliography/.test(String(c[0]))).length;
    const dismiss = stubWindow('showInformationMessage', async () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('citefinder.insertClearCitations'), 0);
      assert.equal(askedToCreate(dismiss.calls), 1, 'asked once, not once per sentence');
      assert.match(String(dismiss.calls.at(-1)![0]), /stopped: you declined/);
    } finally {
      dismiss.restore();
    }
    assert.equal(readFileSync(main, 'utf8'), noBibliography, 'nothing inserted');
    assert.ok(!existsSync(path.join(dir, 'references.bib')));
    const accept = stubWindow('showInformationMessage', async (message) => (/has no local bibliography/.test(String(message)) ? CREATE_BIB_ACTION : undefined));
    try {
      assert.equal(await vscode.commands.executeCommand('citefinder.insertClearCitations'), 2);
      assert.equal(askedToCreate(accept.calls), 1, 'the second citation goes to the new file without asking');
    } finally {
      accept.restore();
    }
    assert.equal(readFileSync(path.join(dir, 'references.bib'), 'utf8').match(/@article\{perlmutter1999measurements,/g)?.length, 1);
  });

  it('"Re-rank the Top with the LLM" orders the top of the list by the configured LLM, and asks nothing without one', async () => {
    await api();
    const dir = tempDir('citefinder-coverage-rerank-');
    cpSync(fixturePath('coverage', 'qpk'), dir, { recursive: true });
    const main = path.join(dir, 'main.tex');
    const intro = path.join(dir, 'intro.tex');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(main));
    const listed = (await vscode.commands.executeCommand('citefinder.findUncitedClaims', 'project')) as SentenceCoverage[];
    const diagnostics = coverageDiagnostics(intro).length;
    const asked = () => chatRequests(standIn).length;
    const before = asked();
    assert.equal(await vscode.commands.executeCommand('citefinder.rerankUncitedClaims'), undefined, 'no LLM configured');
    assert.equal(asked(), before);

    // The model rates the sentence sent n-th n/N: the LLM's order is the list upside down.
    installOpenAi(standIn, {
      reply: (body) => {
        const numbers = [...body.messages!.at(-1)!.content.matchAll(/^\[(\d+)\] /gm)].map((m) => Number(m[1]));
        return JSON.stringify({ sentences: numbers.map((n) => ({ index: n, need: `${n}/${numbers.length}`, reason: `Rated ${n}.` })) });
      },
    });
    Object.assign(process.env, { CITEFINDER_LLM_MODEL: 'gpt-4o-mini', CITEFINDER_COVERAGE_LLMRERANKTOP: String(listed.length) });
    try {
      const reranked = (await vscode.commands.executeCommand('citefinder.rerankUncitedClaims')) as SentenceCoverage[];
      assert.equal(asked(), before + 1, 'one call');
      assert.ok(listed.length >= 3, `${listed.length} listed`);
      assert.deepEqual(reranked.map((s) => s.text), listed.map((s) => s.text).reverse());
      assert.equal(coverageDiagnostics(intro).length, diagnostics, 'the diagnostics stay');
    } finally {
      process.env.CITEFINDER_LLM_MODEL = '';
      delete process.env.CITEFINDER_COVERAGE_LLMRERANKTOP;
    }
  });
});
