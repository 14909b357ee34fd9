// In the extension host: "Citefinder: Find Uncited Claims" on sentences of arXiv:2212.11826
// (test/fixtures/coverage) lists the sentence whose citation was removed first, marks the listed
// sentences as Information diagnostics only, offers Find Citations and Dismiss on each (a dismissed
// sentence stays dismissed on the next run), and "Find Citations for All Listed" searches each in
// turn against the stand-in services, keeping each sentence's candidates; "Insert Citation" on one of
// them cites it in its sentence, and the sentence leaves the diagnostics and the next batch.
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SentenceCoverage } from '../../src/core/coverage';
import type { InsertOutcome } from '../../src/vscode/insertCitation';
import { fixturePath } from '../standin/server';
import { api, deleteTempDirsAfterEach, tempDir, useStandIn } from './helpers';

const coverageDiagnostics = (file: string) => vscode.languages.getDiagnostics(vscode.Uri.file(file)).filter((d) => d.source === 'citefinder coverage');

describe('citefinder: uncited claims in the editor', function () {
  this.timeout(120_000);
  useStandIn();
  deleteTempDirsAfterEach();

  it('lists the uncited claims as Information, offers a search and a dismissal, and searches them all', async () => {
    await api();
    const dir = tempDir('citefinder-coverage-');
    cpSync(fixturePath('coverage', 'qpk'), dir, { recursive: true });
    const main = path.join(dir, 'main.tex');
    const intro = path.join(dir, 'intro.tex');
    const bib = path.join(dir, 'refs.bib');
    writeFileSync(main, readFileSync(main, 'utf8').replace('\\end{document}', '\\bibliography{refs}\n\\end{document}'));
    writeFileSync(bib, '');
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
    const citable = panel.candidates.find((c) => c.bibtex ?? panel.extras[c.id]?.bibtex);
    assert.ok(citable, 'a candidate with its BibTeX');

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

    // "Insert Citation" on the candidate's row cites it in its sentence, wherever the sentence is now.
    const sentence = again.find((s) => s.text === firstFound.text)!;
    const listedSource = readFileSync(sentence.file, 'utf8').slice(sentence.start, sentence.end); // as listed (the edit above is not saved)
    const inserted = await vscode.commands.executeCommand<InsertOutcome | undefined>('citefinder.insertCitationForUncitedClaim', { candidate: { id: citable.id }, of: sentence });
    assert.ok(inserted, 'inserted');
    assert.equal(inserted.bibFile, bib, JSON.stringify({ inserted, file: sentence.file }));
    assert.equal(inserted.reused, false, JSON.stringify(inserted));
    const key = /@\w+\{([^,\s]+),/.exec(readFileSync(bib, 'utf8'))?.[1];
    assert.ok(key, 'the entry appended to refs.bib');
    const document = await vscode.workspace.openTextDocument(sentence.file);
    const around = document.getText().slice(document.getText().indexOf(listedSource.slice(0, 40)));
    assert.match(around.slice(0, listedSource.length + 60), new RegExp(`\\\\cite\\w*\\{${key}\\}`), 'cited in that sentence');
    assert.ok(around.indexOf(`{${key}}`) >= listedSource.length - 3, `at its end: ${around.slice(0, listedSource.length + 60)}`);
    assert.ok(!coverageDiagnostics(sentence.file).some((d) => document.getText(d.range).startsWith(listedSource.slice(0, 40))), 'its diagnostic is gone');
    const searchedAgain = (await vscode.commands.executeCommand('citefinder.findCitationsForAllListed')) as number;
    assert.equal(searchedAgain, again.length - 1, 'the cited sentence is not searched again');
  });
});
