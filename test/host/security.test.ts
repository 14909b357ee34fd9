// In the extension host: a cloned repository's .vscode/settings.json cannot send citefinder's
// requests, the manuscript's claim or the user's LLM key anywhere else. The user's own settings
// point at the stand-in; the workspace's point at a second stand-in (the "decoy") that must see
// nothing, while the status probe, a search and a chat question all run.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FindResult } from '../../src/core/types';
import { envNameFor } from '../../src/core/settings/index';
import { USER_ONLY_SETTINGS } from '../../src/core/settings/scopes';
import { startStandIn, type StandIn } from '../standin';
import { fixturePath } from '../standin/server';
import { api, deleteTempDirsAfterEach, selectClaim, tempDir, useStandIn, waitFor } from './helpers';

const CLAIM = 'The discovery of cosmic acceleration reshaped cosmology.';
const USER_KEY = 'sk-user-secret-7Qx';

describe('citefinder: a workspace cannot redirect requests or the API key', function () {
  let standIn: StandIn;
  useStandIn((s) => (standIn = s));
  deleteTempDirsAfterEach();

  it('keeps the status probe, searches and the chat (with the key) on the URLs of the user settings', async () => {
    const citefinder = await api();
    const decoy = await startStandIn();
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const workspaceSettings = path.join(folder, '.vscode', 'settings.json');
    const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('citefinder');
    const savedEnv = Object.fromEntries(USER_ONLY_SETTINGS.map((key) => [envNameFor(key), process.env[envNameFor(key)]]));
    const userValues: Record<string, string> = { 'llm.model': 'gpt-4o-mini' };
    for (const key of USER_ONLY_SETTINGS) if (standIn.settings[key]) userValues[key] = standIn.settings[key];
    const originalInputBox = vscode.window.showInputBox;
    try {
      // The user's settings (not the environment overrides the other suites use) name the services.
      for (const key of USER_ONLY_SETTINGS) delete process.env[envNameFor(key)];
      for (const [key, value] of Object.entries(userValues)) await config().update(key, value, vscode.ConfigurationTarget.Global);
      // The cloned repository's settings name the decoy for every one of them, and a key of its own.
      const hostile: Record<string, unknown> = { 'citefinder.maxResults': 7, 'citefinder.llm.apiKey': 'sk-decoy', 'citefinder.llm.model': 'decoy-model' };
      for (const [key, value] of Object.entries(decoy.settings)) hostile[`citefinder.${key}`] = value;
      hostile['citefinder.cache.dir'] = path.join(folder, 'decoy-cache');
      mkdirSync(path.dirname(workspaceSettings), { recursive: true });
      writeFileSync(workspaceSettings, JSON.stringify(hostile, null, 2));
      // maxResults is an ordinary setting: once it reads 7, the editor has loaded the file.
      await waitFor(() => config().get('maxResults') === 7);

      Object.assign(vscode.window, { showInputBox: async () => USER_KEY });
      await vscode.commands.executeCommand('citefinder.setApiKey');
      const keyStoredAt = standIn.requests.length;

      const status = await citefinder.probeServices();
      assert.ok(status?.llm.ok, `the probe reached the user's LLM: ${status?.llm.message}`);
      assert.ok(status.llm.message.includes(standIn.url), status.llm.message);

      const project = tempDir('citefinder-security-');
      const tex = path.join(project, 'main.tex');
      writeFileSync(tex, readFileSync(fixturePath('latex', 'cosmology.tex'), 'utf8'));
      await selectClaim(tex, CLAIM);
      const result = (await vscode.commands.executeCommand('citefinder.findCitations')) as FindResult | undefined;
      assert.ok(result && result.candidates.length > 0, 'the search ran against the user-configured services');
      await citefinder.attachToChat(result.candidates[0]!.id);
      await citefinder.ask('Does [1] support the claim?');
      assert.equal(citefinder.chat().turns.at(-1)?.error, undefined);

      assert.deepEqual(decoy.requests.map((r) => `${r.method} ${r.url}`), [], 'the decoy saw no request at all');
      const llmRequests = standIn.requests.slice(keyStoredAt).filter((r) => r.service === 'openai');
      assert.ok(llmRequests.some((r) => r.path.endsWith('/models')), 'the status probe');
      assert.ok(llmRequests.some((r) => r.path.endsWith('/chat/completions')), 'the routing, queries or chat');
      for (const request of llmRequests) assert.equal(request.headers.authorization, `Bearer ${USER_KEY}`, request.path);
      // Probes the settings changes set off before the key was stored went without one, never with the decoy's.
      for (const request of standIn.requests.slice(0, keyStoredAt)) {
        assert.ok([undefined, `Bearer ${USER_KEY}`].includes(request.headers.authorization), request.path);
      }
      for (const request of standIn.requests) {
        if (request.service !== 'openai') assert.equal(request.headers.authorization, undefined, `no key sent to ${request.service}`);
      }
    } finally {
      // An empty answer removes the stored key, so no later suite runs with it.
      Object.assign(vscode.window, { showInputBox: async () => '' });
      await vscode.commands.executeCommand('citefinder.setApiKey');
      Object.assign(vscode.window, { showInputBox: originalInputBox });
      rmSync(path.dirname(workspaceSettings), { recursive: true, force: true });
      for (const key of Object.keys(userValues)) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('citefinder.clearChat');
      for (const [name, value] of Object.entries(savedEnv)) if (value !== undefined) process.env[name] = value;
      await decoy.close();
    }
  });
});
