// The default keybinding of "Find Citations for Selection" must not take a key LaTeX users
// already press: nothing in LaTeX Workshop's default keymap (either of its two variants), nothing
// VS Code binds by default on Linux, Windows or macOS (recorded keymaps, see
// test/fixtures/keymaps/PROVENANCE.md).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { LATEX_EDITOR_WHEN } from '../../../src/vscode/languages';
import { keysCollide, normaliseKey } from '../../helpers/keymap';

interface Binding {
  command: string;
  key: string;
  mac?: string;
  when?: string;
}

const fixture = (name: string): unknown => JSON.parse(readFileSync(path.resolve('test/fixtures/keymaps', name), 'utf8'));
const manifest = JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as { contributes: { keybindings: Binding[] } };
const ours = manifest.contributes.keybindings.find((b) => b.command === 'citefinder.findCitations')!;
const latexWorkshop = fixture('latex-workshop-10.17.1.keybindings.json') as Binding[];
const vscodeDefaults = {
  linux: fixture('vscode-1.118.1-linux.keys.json') as Record<string, string[]>,
  windows: fixture('vscode-1.118.1-windows.keys.json') as Record<string, string[]>,
  macos: fixture('vscode-1.118.1-macos.keys.json') as Record<string, string[]>,
};

describe('default keybinding', () => {
  it('compares keys the way VS Code resolves them', () => {
    assert.equal(normaliseKey('Shift+Alt+Cmd+C'), normaliseKey('cmd+alt+shift+c'));
    assert.ok(keysCollide('ctrl+alt+c', 'alt+ctrl+c'));
    assert.ok(keysCollide('ctrl+l', 'ctrl+l alt+c'), 'a key that starts a chord is taken');
    assert.ok(keysCollide('ctrl+l alt+c', 'ctrl+l'));
    assert.ok(!keysCollide('ctrl+l alt+c', 'ctrl+l alt+b'));
    assert.ok(!keysCollide('ctrl+alt+shift+c', 'ctrl+alt+c'));
  });

  it('is bound in the editor of every LaTeX language, on every platform', () => {
    assert.ok(ours.mac, 'a macOS variant');
    assert.equal(ours.when, `editorTextFocus && ${LATEX_EDITOR_WHEN}`);
  });

  it("is not Ctrl+Alt+C / Cmd+Alt+C, LaTeX Workshop's clean auxiliary files", () => {
    const clean = latexWorkshop.filter((b) => b.command === 'latex-workshop.clean');
    assert.ok(clean.some((b) => normaliseKey(b.key) === normaliseKey('ctrl+alt+c')), 'the fixture holds the binding the issue names');
    for (const binding of clean) {
      assert.ok(!keysCollide(ours.key, binding.key) && !keysCollide(ours.mac!, binding.mac ?? binding.key));
    }
  });

  it("collides with nothing in LaTeX Workshop's default keymap", () => {
    assert.equal(latexWorkshop.length, 44);
    const taken = latexWorkshop.filter((b) => keysCollide(ours.key, b.key) || keysCollide(ours.mac!, b.mac ?? b.key));
    assert.deepEqual(taken.map((b) => `${b.key} ${b.command}`), []);
  });

  it("collides with nothing VS Code binds by default on Linux, Windows and macOS", () => {
    for (const [platform, keys] of Object.entries(vscodeDefaults)) {
      assert.ok(Object.keys(keys).length > 300, `${platform} keymap loaded`);
      const key = platform === 'macos' ? ours.mac! : ours.key;
      const taken = Object.entries(keys).filter(([theirs]) => keysCollide(key, theirs));
      assert.deepEqual(taken, [], `${platform}: ${key}`);
    }
    // The old default collided on macOS too (VS Code's Copy Path), which the recorded keymap shows.
    assert.ok(Object.keys(vscodeDefaults.macos).some((k) => keysCollide('cmd+alt+c', k)));
  });
});
