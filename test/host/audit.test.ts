// In the extension host: "Citefinder: Audit Citations" on a small project puts each citation's
// status on its key in the Problems panel, with a hover and code actions, and the cited entries'
// bibliography verdicts; a re-run after an edit checks only the edited sentence. The audit edits
// nothing.
import assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AuditReport } from '../../src/core/audit';
import { fixturePath } from '../standin/server';
import { api, deleteTempDirsAfterEach, tempDir, undoIn, useStandIn, waitFor } from './helpers';

function project(): string {
  const dir = tempDir('citefinder-audit-');
  for (const name of readdirSync(fixturePath('audit'))) cpSync(fixturePath('audit', name), path.join(dir, name));
  return dir;
}

describe('citefinder: the cite audit in the editor', function () {
  useStandIn();
  deleteTempDirsAfterEach();

  it('shows each citation\'s status on its key, with a hover and code actions, and re-checks only an edited sentence', async () => {
    await api();
    const dir = project();
    const main = path.join(dir, 'main.tex');
    const intro = path.join(dir, 'intro.tex');
    const before = readFileSync(main, 'utf8');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(main));
    const report = (await vscode.commands.executeCommand('citefinder.auditCitations', 'project')) as AuditReport;
    assert.equal(report.findings.length, 7);

    const inOrder = (file: string) =>
      vscode.languages.getDiagnostics(vscode.Uri.file(file)).filter((d) => d.source === 'citefinder').sort((a, b) => a.range.start.compareTo(b.range.start));
    const mainDiagnostics = inOrder(main);
    assert.deepEqual(
      mainDiagnostics.map((d) => [d.code, d.severity, editor.document.getText(d.range)]),
      [
        ['supported', vscode.DiagnosticSeverity.Information, 'tosatto2015'],
        ['unsupported', vscode.DiagnosticSeverity.Warning, 'perlmutter1999'],
        ['missing', vscode.DiagnosticSeverity.Warning, 'nosuchkey'],
        ['unresolved', vscode.DiagnosticSeverity.Warning, 'ghost2020'],
      ],
    );
    // The audit also gives the cited entries Check Bibliography's verdicts on their \cite: ghost2020 is
    // nowhere, and tosatto2015 names two of its authors without "and others".
    await waitFor(() => vscode.languages.getDiagnostics(vscode.Uri.file(main)).some((d) => d.source === 'citefinder-bibcheck'));
    const verdicts = vscode.languages.getDiagnostics(vscode.Uri.file(main)).filter((d) => d.source === 'citefinder-bibcheck').sort((a, b) => a.range.start.compareTo(b.range.start));
    assert.deepEqual([...new Set(verdicts.map((d) => `${d.code} ${editor.document.getText(d.range)}`))], ['authors-missing tosatto2015', 'not-found ghost2020']);
    const introDiagnostics = inOrder(intro);
    assert.deepEqual(introDiagnostics.map((d) => d.code), ['supported', 'supported', 'unsupported']);

    const supported = mainDiagnostics[0]!;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, supported.range.start);
    const hoverText = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n').replace(/&nbsp;/g, ' ');
    assert.match(hoverText, /Citefinder: supported/);
    assert.match(hoverText, /Single-molecule FRET studies/);
    assert.match(hoverText, /Best passage/);
    assert.match(hoverText, /matches: [^\n]*FRET/, 'the words that carried the match');

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', editor.document.uri, mainDiagnostics[1]!.range);
    const titles = actions.map((a) => a.title);
    assert.ok(titles.includes('Find better citations for this sentence'), titles.join(' | '));
    assert.ok(titles.some((t) => t.startsWith('Open paper: Measurements of')), titles.join(' | '));
    assert.equal(readFileSync(main, 'utf8'), before, 'the audit edits nothing');

    const introDocument = await vscode.workspace.openTextDocument(intro);
    const edit = new vscode.WorkspaceEdit();
    const at = introDocument.getText().indexOf('nearby supernovae');
    edit.replace(introDocument.uri, new vscode.Range(introDocument.positionAt(at), introDocument.positionAt(at + 6)), 'distant');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const again = (await vscode.commands.executeCommand('citefinder.auditCitations', 'project')) as AuditReport;
    assert.deepEqual(again.findings.filter((f) => !f.cached).map((f) => f.site.key), ['perlmutter1999', 'tosatto2015'], 'only the edited sentence (read from the unsaved editor)');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
  it('names the work of the bibliography a wrong citation fits, and one click cites it instead (undoable)', async () => {
    await api();
    const dir = project();
    const main = path.join(dir, 'main.tex');
    const wrong = 'Distant supernovae show that the expansion of the universe is accelerating \\citep{tosatto2015}.\n';
    writeFileSync(main, readFileSync(main, 'utf8').replace('\\bibliography{refs}', `${wrong}\n\\bibliography{refs}`));
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(main));
    const report = (await vscode.commands.executeCommand('citefinder.auditCitations', 'project')) as AuditReport;
    const swapped = report.findings.find((f) => f.site.sentence.startsWith('Distant supernovae'));
    assert.equal(swapped?.betterFit?.key, 'perlmutter1999', report.findings.map((f) => `${f.site.key} ${f.status} ${f.site.sentence.slice(0, 40)}`).join(' | '));
    const diagnostic = vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.source === 'citefinder' && d.range.start.line === swapped!.site.range.start.line)!;
    assert.match(diagnostic.message, /Another work of the bibliography fits it better: perlmutter1999/);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', editor.document.uri, diagnostic.range);
    const cite = actions.find((a) => a.title.startsWith('Cite perlmutter1999 instead'));
    assert.ok(cite?.edit, actions.map((a) => a.title).join(' | '));
    const original = editor.document.getText();
    assert.ok(await vscode.workspace.applyEdit(cite.edit));
    assert.match(editor.document.lineAt(swapped!.site.range.start.line).text, /accelerating \\citep\{perlmutter1999\}\.$/);
    await undoIn(editor.document);
    assert.equal(editor.document.getText(), original);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
