// Who may set which setting. A cloned repository's `.vscode/settings.json` is not the user: the
// settings that decide where requests (and the LLM key) go, or where files are written, may come
// only from the user's own settings (or their environment). Settings that differ per project are
// read for the document's folder. package.json declares the same (checked by contributes.test.ts).
import type { SettingKey } from './index';

/**
 * Only the user's settings may set these: each names a host that receives the claim, the
 * manuscript's context or the API key, or a folder citefinder writes. package.json gives them
 * `application` scope rather than `machine`: both keep workspaces out, but only `application`
 * values in the user settings reach a remote extension host (code-server, Remote-SSH).
 */
export const USER_ONLY_SETTINGS: readonly SettingKey[] = [
  'llm.baseUrl',
  'llm.model',
  'llm.apiKey',
  'llm.contextTokens',
  'grobid.url',
  'sources.arxiv.url',
  'sources.europepmc.url',
  'sources.biorxiv.url',
  'sources.doi.url',
  'sources.crossref.url',
  'sources.crossref.mailto',
  'sources.dblp.url',
  'sources.datacite.url',
  'sources.semanticscholar.url',
  'sources.semanticscholar.apiKey',
  'sources.openalex.url',
  'sources.openalex.apiKey',
  'sources.arxivBibtex.url',
  'sources.arxivPdf.url',
  'sources.biorxivContent.url',
  'sources.medrxivContent.url',
  'cache.dir',
];

/** Differ per project: `resource` scope, read for the folder of the document being cited in. */
export const PER_PROJECT_SETTINGS: readonly SettingKey[] = ['cite.command', 'bib.file', 'citeKey.style', 'citeKey.formula'];

/**
 * Ignored from an untrusted workspace (Restricted Mode): the user-only settings, and the .bib
 * file, which tells citefinder which file to write.
 */
export const RESTRICTED_SETTINGS: readonly SettingKey[] = [...USER_ONLY_SETTINGS, 'bib.file'];

/** The layers of one setting as the editor reports them (`WorkspaceConfiguration.inspect`). */
export interface SettingLayers<T> {
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

export interface LayeredValue<T> {
  value: T | undefined;
  /** A workspace or folder value existed and was not used. */
  ignoredProjectValue: boolean;
}

/** The user's value, else the default: a workspace or folder value never counts. */
export function userLevelValue<T>(layers: SettingLayers<T> | undefined): LayeredValue<T> {
  const ignoredProjectValue = layers?.workspaceValue !== undefined || layers?.workspaceFolderValue !== undefined;
  return { value: layers?.globalValue ?? layers?.defaultValue, ignoredProjectValue };
}

/** True when the effective value comes from the workspace or the folder, not from the user. */
export function fromProject<T>(layers: SettingLayers<T> | undefined): boolean {
  return layers?.workspaceFolderValue !== undefined || layers?.workspaceValue !== undefined;
}
