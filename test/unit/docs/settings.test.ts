// docs/settings.md names every setting: those the code reads (SETTING_KEYS) and those the editor
// offers (package.json's contributes.configuration), so a new setting cannot go undocumented.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT as ROOT } from '../../helpers/paths';
import { SETTING_KEYS } from '../../../src/core/settings/index';

interface Manifest {
  contributes: { configuration: { properties: Record<string, unknown> } | { properties: Record<string, unknown> }[] };
}

function editorKeys(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
  const sections = [manifest.contributes.configuration].flat();
  return sections.flatMap((section) => Object.keys(section.properties)).map((key) => key.replace(/^citefinder\./, ''));
}

describe('docs/settings.md', () => {
  const page = readFileSync(join(ROOT, 'docs', 'settings.md'), 'utf8');
  const documented = new Set([...page.matchAll(/`([\w.]+)`/g)].map((m) => m[1]));

  it('names every setting the code reads', () => {
    assert.deepEqual(SETTING_KEYS.filter((key) => !documented.has(key)), []);
  });

  it('names every setting package.json offers the editor', () => {
    const keys = editorKeys();
    assert.ok(keys.includes('llm.model'), `package.json's settings were read: ${keys.length}`);
    assert.deepEqual(keys.filter((key) => !documented.has(key)), []);
  });
});
