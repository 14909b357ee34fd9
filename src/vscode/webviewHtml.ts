// The HTML shell of both webview pages: a strict Content-Security-Policy (nothing by default,
// scripts only with this page's nonce, styles and fonts only from the extension), no inline
// handlers, no remote anything. The page builds its DOM from data with textContent.
// No `vscode` import: the host passes in the URIs as strings.
import { randomBytes } from 'node:crypto';

export interface WebviewShell {
  title: string;
  /** `webview.cspSource`. */
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUris: string[];
  /** Shown until the script takes over, and to readers without scripts. */
  placeholder: string;
}

export function makeNonce(): string {
  return randomBytes(18).toString('base64').replace(/[^A-Za-z0-9]/g, '');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML text and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `img-src ${cspSource}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function renderWebviewShell(shell: WebviewShell): string {
  const styles = shell.styleUris.map((uri) => `<link rel="stylesheet" href="${escapeHtml(uri)}">`).join('\n    ');
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(shell.cspSource, shell.nonce))}">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    ${styles}
    <title>${escapeHtml(shell.title)}</title>
  </head>
  <body>
    <main id="app" aria-live="polite"><p class="placeholder">${escapeHtml(shell.placeholder)}</p></main>
    <script nonce="${escapeHtml(shell.nonce)}" src="${escapeHtml(shell.scriptUri)}"></script>
  </body>
</html>`;
}
