// The hover on an audited key: its status, the work the key resolved to, and the passage of the
// paper that best matches the citing sentence, with its score. Every string from a record or a
// paper is escaped: Markdown from the outside renders as text.
import * as vscode from 'vscode';
import type { AuditFinding } from '../../core/audit/types';
import { webLink } from '../../webview/links';
import type { AuditFindings } from './findings';

export class AuditHoverProvider implements vscode.HoverProvider {
  constructor(private readonly findings: AuditFindings) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const finding = this.findings.at(document.uri.fsPath, position);
    return finding ? new vscode.Hover(hoverText(finding)) : undefined;
  }
}

export function hoverText(finding: AuditFinding): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, false);
  md.isTrusted = false;
  md.supportHtml = false;
  md.appendMarkdown(`**Citefinder: ${finding.status}**`);
  if (finding.score !== undefined) md.appendText(` (score ${finding.score.toFixed(2)})`);
  md.appendMarkdown('\n\n');
  if (finding.work) {
    const url = webLink(finding.work.url);
    md.appendText(finding.work.title);
    if (url) md.appendMarkdown(` — [open](${url.replace(/[()]/g, encodeURIComponent)})`);
    md.appendMarkdown('\n\n');
  }
  if (finding.best) {
    md.appendText(`Best passage${finding.best.section ? ` (${finding.best.section})` : ''}, score ${finding.best.score.toFixed(2)}:`);
    md.appendMarkdown('\n\n> ');
    md.appendText(finding.best.text.length > 700 ? finding.best.text.slice(0, 699) + '…' : finding.best.text);
    md.appendMarkdown('\n\n');
    if (finding.best.reason) {
      md.appendText(finding.best.reason);
      md.appendMarkdown('\n\n');
    }
  }
  md.appendText(finding.message);
  return md;
}
