// Opens a web link for a webview page, after the check in links.ts; anything else is refused and
// logged. VS Code's own link protection (trusted domains) still asks before a new site opens.
import * as vscode from 'vscode';
import { webLink } from '../webview/links';
import { log } from './log';

export async function openWebLink(raw: string | undefined, what: string): Promise<boolean> {
  const url = webLink(raw);
  if (!url) {
    log(`Refused to open ${what}: ${JSON.stringify((raw ?? '').slice(0, 200))} is not an http(s) link.`);
    void vscode.window.showWarningMessage(`Citefinder: ${what} has no web link to open.`);
    return false;
  }
  log(`Opening ${what}: ${url}`);
  return vscode.env.openExternal(vscode.Uri.parse(url, true));
}
