// The settings contributed in package.json and the core's settings must not drift apart:
// same keys, same defaults, matching types, and a description for each.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CITE_KEY_STYLES, DEFAULT_SETTINGS, SETTING_KEYS } from '../../../src/core/settings/index';
import { LATEX_EDITOR_WHEN, LATEX_LANGUAGE_IDS } from '../../../src/vscode/languages';
import { PER_PROJECT_SETTINGS, RESTRICTED_SETTINGS, USER_ONLY_SETTINGS } from '../../../src/core/settings/scopes';

interface Property {
  type: string;
  default: unknown;
  markdownDescription?: string;
  enum?: string[];
  scope?: string;
}
interface Manifest {
  activationEvents: string[];
  capabilities: {
    untrustedWorkspaces: { supported: boolean | 'limited'; description?: string; restrictedConfigurations?: string[] };
    virtualWorkspaces: boolean | { supported: boolean | 'limited'; description?: string };
  };
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    configuration: { properties: Record<string, Property> };
    menus: Record<string, { command: string; when?: string }[]>;
    keybindings: { command: string; key: string; when?: string }[];
    views: Record<string, { id: string; type?: string }[]>;
  };
}

const manifest = JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as Manifest;
const properties = manifest.contributes.configuration.properties;

describe('package.json contributions', () => {
  it('contributes exactly the core settings as citefinder.<key>', () => {
    assert.deepEqual(Object.keys(properties).sort(), SETTING_KEYS.map((k) => 'citefinder.' + k).sort());
  });

  it('gives every setting the core default, a matching type and a markdownDescription', () => {
    for (const key of SETTING_KEYS) {
      const property = properties['citefinder.' + key]!;
      const fallback = DEFAULT_SETTINGS[key];
      assert.deepEqual(property.default, fallback, key);
      const expectedType = typeof fallback === 'number' ? ['number', 'integer'] : [typeof fallback];
      assert.ok(expectedType.includes(property.type), `${key}: ${property.type}`);
      assert.ok((property.markdownDescription ?? '').length > 15, `${key} needs a markdownDescription`);
    }
    assert.deepEqual(properties['citefinder.citeKey.style']!.enum, [...CITE_KEY_STYLES]);
  });

  it('contributes the commands, the context menu, the keybinding and the chat view', () => {
    const commands = manifest.contributes.commands.map((c) => c.command);
    for (const id of ['citefinder.findCitations', 'citefinder.openChat', 'citefinder.setApiKey', 'citefinder.openSettings']) {
      assert.ok(commands.includes(id), id);
    }
    const find = manifest.contributes.commands.find((c) => c.command === 'citefinder.findCitations')!;
    assert.equal(`${find.category}: ${find.title}`, 'Citefinder: Find Citations for Selection');
    const context = manifest.contributes.menus['editor/context']!.find((m) => m.command === find.command);
    assert.equal(context?.when, `${LATEX_EDITOR_WHEN} && editorHasSelection`);
    assert.ok(manifest.contributes.keybindings.some((k) => k.command === find.command));
    assert.deepEqual(manifest.activationEvents, LATEX_LANGUAGE_IDS.map((id) => `onLanguage:${id}`));
    assert.deepEqual(manifest.contributes.views['citefinder']!.map((v) => [v.id, v.type]), [['citefinder.chat', 'webview'], ['citefinder.audit', undefined], ['citefinder.coverage', undefined]], 'the chat, the audit summary and the uncited claims (tree views)');
  });

  it("offers the reference checks on a PDF, .bbl, JATS or .bib file in the explorer's menu (and a PDF's tab), hidden from the palette", () => {
    const explorer = manifest.contributes.menus['explorer/context']!;
    const when = (command: string) => explorer.find((m) => m.command === command)?.when ?? '';
    assert.match(when('citefinder.checkReferencesOfThisFile'), /resourceExtname =~ \/\^\\\.\(pdf\|bbl\|nxml\)\$\/i/);
    assert.match(when('citefinder.checkBibliography'), /resourceExtname == \.bib/);
    const tab = manifest.contributes.menus['editor/title/context']!.find((m) => m.command === 'citefinder.checkReferencesOfThisFile');
    assert.equal(tab?.when, when('citefinder.checkReferencesOfThisFile'), "a PDF's tab (a viewer's) offers it too");
    const hidden = manifest.contributes.menus['commandPalette']!.find((m) => m.command === 'citefinder.checkReferencesOfThisFile');
    assert.equal(hidden?.when, 'false', 'the palette has "Check References of a PDF…", which asks for the file');
  });

  it('lets only the user set where requests, the API key and the cache go; per-project settings are resource-scoped', () => {
    for (const key of USER_ONLY_SETTINGS) {
      const scope = properties['citefinder.' + key]!.scope;
      assert.equal(scope, 'application', `${key} is ${scope ?? 'window'}-scoped`);
    }
    // Every setting that names a URL is user-only: none was forgotten.
    for (const key of SETTING_KEYS) {
      if (/url$/i.test(key) || key.startsWith('llm.')) {
        if (key === 'llm.timeoutMs') continue;
        assert.ok(USER_ONLY_SETTINGS.includes(key), `${key} names where requests go, so it must be user-only`);
      }
    }
    for (const key of PER_PROJECT_SETTINGS) assert.equal(properties['citefinder.' + key]!.scope, 'resource', key);
    for (const key of SETTING_KEYS) {
      if (!USER_ONLY_SETTINGS.includes(key) && !PER_PROJECT_SETTINGS.includes(key)) {
        assert.equal(properties['citefinder.' + key]!.scope, undefined, `${key}: window scope unless listed`);
      }
    }
  });

  it('declares Restricted Mode and virtual workspace support with descriptions', () => {
    const untrusted = manifest.capabilities.untrustedWorkspaces;
    assert.equal(untrusted.supported, 'limited');
    assert.ok((untrusted.description ?? '').length > 40);
    assert.deepEqual(untrusted.restrictedConfigurations, RESTRICTED_SETTINGS.map((k) => 'citefinder.' + k));
    const virtual = manifest.capabilities.virtualWorkspaces;
    assert.ok(typeof virtual === 'object' && virtual.supported === false && (virtual.description ?? '').length > 40);
  });
});
