// In the extension host: "Citefinder: Check Bibliography" reviews the differences of the entries
// verified as the same work (verified-fixable), writes only the accepted entries' fields, and one
// undo restores the .bib byte for byte.
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fixturePath } from '../standin/server';
import { api, deleteTempDirsAfterEach, stubWindow, tempDir, useStandIn, waitFor } from './helpers';

describe('citefinder: Check Bibliography', function () {
  useStandIn();
  deleteTempDirsAfterEach();

  it('checks the entries the manuscript cites, writes only the accepted ones, and one undo reverts the refresh', async () => {
    await api();
    const dir = tempDir('citefinder-bibcheck-');
    const bib = path.join(dir, 'refs.bib');
    const tex = path.join(dir, 'main.tex');
    copyFileSync(fixturePath('bibcheck', 'user.bib'), bib);
    const cites = 'Text~\\cite{perlmutter1999,valerocuevas2017}, more~\\citep{arya2003,ghost2020,nosuch2000}.';
    writeFileSync(tex, `\\documentclass{article}\n\\begin{document}\n${cites}\n\\bibliography{refs}\n\\end{document}\n`);
    const original = readFileSync(bib, 'utf8');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(tex));
    let offered: string[] = [];
    const pick = stubWindow('showQuickPick', async (items: unknown) => {
      const list = (await items) as { label: string; detail: string }[];
      offered = list.map((i) => `${i.label}: ${i.detail}`);
      return list.filter((i) => i.label === 'perlmutter1999');
    });
    try {
      type Checked = { applied: string[]; report: { entries: { key: string }[]; uncited: number; missing: string[] } };
      const result = (await vscode.commands.executeCommand('citefinder.checkBibliography')) as Checked;
      assert.deepEqual(result.applied, ['perlmutter1999']);
      // A shared .bib's other entries are not the paper's: left out, and counted.
      assert.deepEqual(result.report.entries.map((e) => e.key).sort(), ['arya2003', 'ghost2020', 'perlmutter1999', 'valerocuevas2017']);
      assert.equal(result.report.uncited, 3);
      assert.deepEqual(result.report.missing, ['nosuch2000']);
    } finally {
      pick.restore();
    }
    assert.deepEqual(offered, [
      'perlmutter1999: year: 1998 → 1999 · doi: (none) → 10.1086/307221',
      'valerocuevas2017: volume: 13 → 14',
      'arya2003: doi: (none) → 10.1109/icdcsw.2003.1203662 · pages: (none) → 877-882',
    ]);
    const diff = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputTextDiff);
    assert.ok(diff, 'the differences were shown side by side');
    const written = readFileSync(bib, 'utf8');
    assert.equal(written, original.replace('year          = 1998,', 'year          = {1999},').replace("  archivePrefix = {arXiv},\n}", "  archivePrefix = {arXiv},\n  doi = {10.1086/307221}\n}"));

    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(bib));
    await vscode.commands.executeCommand('undo');
    await waitFor(() => readFileSync(bib, 'utf8') === original, 5_000);
  });

  it('checks the .bib the explorer menu was opened on, not the one the open manuscript names', async () => {
    await api();
    const dir = tempDir('citefinder-bibcheck-explorer-');
    const picked = path.join(dir, 'picked.bib');
    const other = path.join(dir, 'refs.bib');
    copyFileSync(fixturePath('bibcheck', 'user.bib'), picked);
    writeFileSync(other, '@misc{unrelated2020,\n  title = {An entry of the manuscript},\n  year = 2020\n}\n');
    const tex = path.join(dir, 'main.tex');
    writeFileSync(tex, '\\documentclass{article}\n\\begin{document}\nText.\n\\bibliography{refs}\n\\end{document}\n');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(tex));
    const pick = stubWindow('showQuickPick', async () => []);
    try {
      const result = (await vscode.commands.executeCommand('citefinder.checkBibliography', vscode.Uri.file(picked))) as { report: { entries: { key: string }[] } };
      const keys = result.report.entries.map((e) => e.key);
      assert.ok(keys.includes('perlmutter1999') && !keys.includes('unrelated2020'), keys.join(', '));
    } finally {
      pick.restore();
    }
  });
});
