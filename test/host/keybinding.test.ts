// In the extension host: the running VS Code's own Default Keyboard Shortcuts (JSON) — what this
// version binds on this platform, plus every installed extension's contributions — give the key
// of "Find Citations for Selection" to citefinder alone, and the command and the lightbulb work
// in every LaTeX language LaTeX Workshop registers.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LATEX_LANGUAGE_IDS } from '../../src/vscode/languages';
import { keysCollide } from '../helpers/keymap';
import { fixturePath } from '../standin/server';
import { api, deleteTempDirsAfterEach, selectClaim, tempDir } from './helpers';

interface Binding {
  key: string;
  mac?: string;
  command: string;
  when?: string;
}

/** Opens the default keybindings document (a virtual JSON file) and parses it. */
async function defaultKeybindings(): Promise<{ version: string; bindings: Binding[] }> {
  await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
  let document: vscode.TextDocument | undefined;
  for (let tries = 0; tries < 100 && !document; tries++) {
    document = vscode.window.visibleTextEditors
      .map((e) => e.document)
      .find((d) => d.uri.scheme === 'vscode' && d.uri.path.endsWith('keybindings.json'));
    if (!document) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.ok(document, 'the Default Keyboard Shortcuts (JSON) document opened');
  const text = document.getText().replace(/^\s*\/\/.*$/gm, '');
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  return { version: vscode.version, bindings: JSON.parse(text) as Binding[] };
}

describe('citefinder: keybinding and LaTeX languages', function () {
  deleteTempDirsAfterEach();

  it("binds a key no other default keybinding of this VS Code uses", async () => {
    await api();
    const manifest = JSON.parse(readFileSync(path.join(vscode.extensions.getExtension('citefinder.citefinder')!.extensionPath, 'package.json'), 'utf8')) as {
      contributes: { keybindings: Binding[] };
    };
    const ours = manifest.contributes.keybindings.find((b) => b.command === 'citefinder.findCitations')!;
    const { version, bindings } = await defaultKeybindings();
    assert.ok(bindings.length > 500, `VS Code ${version} lists its default keybindings (${bindings.length})`);
    const mine = bindings.filter((b) => b.command === 'citefinder.findCitations');
    assert.equal(mine.length, 1, 'our keybinding is registered');
    const others = bindings.filter((b) => b.command !== 'citefinder.findCitations' && keysCollide(mine[0]!.key, b.key));
    assert.deepEqual(others.map((b) => `${b.key} → ${b.command}`), [], `${mine[0]!.key} is free in VS Code ${version}`);
    assert.ok(keysCollide(ours.key, mine[0]!.key) || keysCollide(ours.mac ?? '', mine[0]!.key));
    console.log(`      ${mine[0]!.key}: free among ${bindings.length} default keybindings of VS Code ${version} (${process.platform})`);
  });

  it('offers the command and the lightbulb in every LaTeX language', async () => {
    await api();
    const dir = tempDir('citefinder-lang-');
    const file = path.join(dir, 'chapter.tex');
    const claim = 'The discovery of cosmic acceleration reshaped cosmology.';
    writeFileSync(file, readFileSync(fixturePath('latex', 'cosmology.tex'), 'utf8'));
    const editor = await selectClaim(file, claim);
    for (const language of LATEX_LANGUAGE_IDS) {
      const document = await vscode.languages.setTextDocumentLanguage(editor.document, language);
      assert.equal(document.languageId, language);
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, editor.selection);
      assert.equal(actions.filter((a) => a.command?.command === 'citefinder.findCitations').length, 1, `lightbulb in ${language}`);
    }
  });
});
