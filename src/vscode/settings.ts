// Reads `citefinder.*` into the core's Settings (environment overrides still win, as in the
// CLI) and the LLM API key from SecretStorage, with the plain setting only as a fallback.
// The settings that decide where requests and the key go are taken from the user's settings
// only, whatever a workspace says (see core/settings/scopes.ts); per-project settings are read
// for the folder of the document at hand.
import * as vscode from 'vscode';
import { resolveSettings, SETTING_KEYS, type Settings } from '../core/settings/index';
import { USER_ONLY_SETTINGS, userLevelValue } from '../core/settings/scopes';

const API_KEY_SECRET = 'citefinder.llm.apiKey';
const userOnly = new Set<string>(USER_ONLY_SETTINGS);
/** Each ignored workspace value is reported once per session, not on every read. */
const reportedIgnored = new Set<string>();

/**
 * The settings for `scope` (a document's URI: its folder's per-project values apply).
 * Throws SettingsError with a readable message for a value of the wrong type.
 */
export function readSettings(warn: (message: string) => void = () => {}, scope?: vscode.ConfigurationScope): Settings {
  const config = vscode.workspace.getConfiguration('citefinder', scope);
  const values: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    if (!userOnly.has(key)) {
      values[key] = config.get(key);
      continue;
    }
    const { value, ignoredProjectValue } = userLevelValue(config.inspect(key));
    values[key] = value;
    if (ignoredProjectValue && !reportedIgnored.has(key)) {
      reportedIgnored.add(key);
      warn(`Ignored citefinder.${key} from this workspace's settings: it decides where requests (and your API key) go, so only your user settings can set it.`);
    }
  }
  return resolveSettings(values, process.env, warn);
}

/**
 * The key for the LLM at `settings['llm.baseUrl']`. That URL comes from the user's settings or
 * environment only (readSettings), so the key never follows a URL a workspace chose.
 */
export async function readApiKey(secrets: vscode.SecretStorage, settings: Settings): Promise<string | undefined> {
  return (await secrets.get(API_KEY_SECRET)) || settings['llm.apiKey'] || undefined;
}

/** Prompts for the key (masked) and stores it; an empty answer deletes the stored key. */
export async function promptAndStoreApiKey(secrets: vscode.SecretStorage): Promise<void> {
  const key = await vscode.window.showInputBox({
    title: 'Citefinder: LLM API key',
    prompt: 'Stored in the editor\'s SecretStorage and sent only to the citefinder.llm.baseUrl of your user settings. Leave empty to remove it.',
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

/** The search services' keys, each in SecretStorage under the name of its setting. */
export const SERVICE_KEYS = {
  semanticscholar: { setting: 'sources.semanticscholar.apiKey', secret: 'citefinder.sources.semanticscholar.apiKey', label: 'Semantic Scholar' },
  openalex: { setting: 'sources.openalex.apiKey', secret: 'citefinder.sources.openalex.apiKey', label: 'OpenAlex' },
} as const;
export type ServiceKeyName = keyof typeof SERVICE_KEYS;

/** The settings with each search service's stored key in place of the plain setting's (a fallback). */
export async function withServiceKeys(secrets: vscode.SecretStorage, settings: Settings): Promise<Settings> {
  const withKeys: Settings = { ...settings };
  for (const { setting, secret } of Object.values(SERVICE_KEYS)) {
    const stored = await secrets.get(secret);
    if (stored) withKeys[setting] = stored;
  }
  return withKeys;
}

/** Prompts for a search service's key (masked) and stores it; an empty answer deletes it. */
export async function promptAndStoreServiceKey(secrets: vscode.SecretStorage, name: ServiceKeyName): Promise<void> {
  const { secret, label, setting } = SERVICE_KEYS[name];
  const key = await vscode.window.showInputBox({
    title: `Citefinder: ${label} API key`,
    prompt: `Stored in the editor's SecretStorage and sent only to the ${label} URL of your user settings (citefinder.${setting.replace(/apiKey$/, 'url')}). Leave empty to remove it.`,
    password: true,
    ignoreFocusOut: true,
  });
  if (key === undefined) return;
  if (key.trim()) await secrets.store(secret, key.trim());
  else await secrets.delete(secret);
  void vscode.window.showInformationMessage(`Citefinder: ${label} API key ${key.trim() ? 'stored' : 'removed'}.`);
}

export function openSettings(): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', '@ext:citefinder.citefinder');
}
