// Reads `citefinder.*` into the core's Settings (environment overrides still win, as in the
// CLI) and the LLM API key from SecretStorage, with the plain setting only as a fallback.
import * as vscode from 'vscode';
import { resolveSettings, SETTING_KEYS, type Settings } from '../core/settings';

const API_KEY_SECRET = 'citefinder.llm.apiKey';

/** Throws SettingsError with a readable message for a value of the wrong type. */
export function readSettings(warn: (message: string) => void = () => {}): Settings {
  const config = vscode.workspace.getConfiguration('citefinder');
  const values: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) values[key] = config.get(key);
  return resolveSettings(values, process.env, warn);
}

export async function readApiKey(secrets: vscode.SecretStorage, settings: Settings): Promise<string | undefined> {
  return (await secrets.get(API_KEY_SECRET)) || settings['llm.apiKey'] || undefined;
}

/** Prompts for the key (masked) and stores it; an empty answer deletes the stored key. */
export async function promptAndStoreApiKey(secrets: vscode.SecretStorage): Promise<void> {
  const key = await vscode.window.showInputBox({
    title: 'Citefinder: LLM API key',
    prompt: 'Stored in the editor\'s SecretStorage and sent only to citefinder.llm.baseUrl. Leave empty to remove it.',
    password: true,
    ignoreFocusOut: true,
  });
  if (key === undefined) return;
  if (key.trim()) {
    await secrets.store(API_KEY_SECRET, key.trim());
    void vscode.window.showInformationMessage('Citefinder: LLM API key stored.');
  } else {
    await secrets.delete(API_KEY_SECRET);
    void vscode.window.showInformationMessage('Citefinder: LLM API key removed.');
  }
}

export function openSettings(): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', '@ext:citefinder.citefinder');
}
