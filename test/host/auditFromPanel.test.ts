// In the extension host: "Audit Citations" and "Check Bibliography" run while a webview (the
// results panel) has focus work on the LaTeX file the user was last in, instead of asking them
// to open one.
import assert from 'node:assert/strict';
import { cpSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AuditReport } from '../../src/core/audit';
import { fixturePath } from '../standin/server';
import { api, deleteTempDirsAfterEach, tempDir, useStandIn } from './helpers';

function project(): string {
  const dir = tempDir('citefinder-audit-panel-');
  for (const name of readdirSync(fixturePath('audit'))) cpSync(fixturePath('audit', name), path.join(dir, name));
  return dir;
}

/** Resolves when no text editor is active any more (a webview took the editor area's focus). */
function textEditorsLoseFocus(): Promise<void> {
  return new Promise((resolve) => {
    const listener = vscode.window.onDidChangeActiveTextEditor((editor) => {
      if (editor) return;
      listener.dispose();
      resolve();
    });
  });
}

describe('citefinder: commands run from a webview use the last LaTeX editor', function () {
  useStandIn();
  deleteTempDirsAfterEach();
  let panel: vscode.WebviewPanel | undefined;
  afterEach(() => panel?.dispose());

  it('Audit Citations audits the file the user was last in', async () => {
    await api();
    const dir = project();
    const main = path.join(dir, 'main.tex');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(main), vscode.ViewColumn.One);
    const lostFocus = textEditorsLoseFocus();
    panel = vscode.window.createWebviewPanel('citefinder.test', 'A webview', vscode.ViewColumn.One, {});
    await lostFocus;
    assert.equal(vscode.window.activeTextEditor, undefined, 'the webview has focus');

    const report = (await vscode.commands.executeCommand('citefinder.auditCitations', 'file')) as AuditReport | undefined;
    assert.ok(report, 'the audit ran instead of asking for a LaTeX file');
    assert.ok(report.findings.length > 0);
    assert.ok(report.findings.every((f) => f.site.file === main), report.findings.map((f) => f.site.file).join(', '));
  });
});
