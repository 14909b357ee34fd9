// What Restricted Mode changes for citefinder, said where the user looks (the status bar and the
// chat) instead of the extension just going quiet. VS Code itself ignores the workspace values of
// the settings package.json lists under `restrictedConfigurations`; citefinder explains that.
import * as vscode from 'vscode';

/** The explanation while the workspace is untrusted; undefined once it is trusted. */
export function restrictedModeNotice(): string | undefined {
  if (vscode.workspace.isTrusted) return undefined;
  return (
    "Restricted Mode: citefinder ignores this workspace's citefinder.bib.file, so new entries go to the root document's own bibliography. " +
    'Searching, inserting citations and the chat work, with the LLM, GROBID and services of your user settings only (never a workspace\'s). ' +
    'Trust the workspace to let its citefinder.bib.file apply.'
  );
}
