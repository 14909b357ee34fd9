// The audit's summary: every citation of the last audit, grouped by status (the ones to act on
// first); a citation item reveals its \cite in the editor.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { AUDIT_STATUSES, type AuditFinding, type AuditStatus } from '../../core/audit/types';
import { toRange, type AuditFindings } from './findings';
import { STATUS_ICONS } from './statusIcons';

export const AUDIT_VIEW_ID = 'citefinder.audit';

/** Order of the groups: what needs attention first. */
const GROUP_ORDER: AuditStatus[] = ['unsupported', 'missing', 'unresolved', 'unscored', 'unavailable', 'weak', 'supported'];

type Node = { status: AuditStatus } | { finding: AuditFinding };

export class AuditSummaryProvider implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly findings: AuditFindings) {
    this.subscription = findings.onDidChange(() => this.changed.fire(undefined));
  }

  getChildren(node?: Node): Node[] {
    const all = this.findings.all();
    if (!node)
      return GROUP_ORDER.filter((s) => AUDIT_STATUSES.includes(s) && all.some((f) => f.status === s)).map((status) => ({ status }));
    if ('status' in node) return all.filter((f) => f.status === node.status).map((finding) => ({ finding }));
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if ('status' in node) {
      const count = this.findings.all().filter((f) => f.status === node.status).length;
      const item = new vscode.TreeItem(`${node.status} (${count})`, vscode.TreeItemCollapsibleState.Expanded);
      item.iconPath = new vscode.ThemeIcon(STATUS_ICONS[node.status]);
      item.id = `status:${node.status}`;
      return item;
    }
    const { finding } = node;
    const item = new vscode.TreeItem(finding.site.key, vscode.TreeItemCollapsibleState.None);
    item.description = `${path.basename(finding.site.file)}:${finding.site.range.start.line + 1}${finding.score !== undefined ? ` · ${finding.score.toFixed(2)}` : ''}`;
    item.tooltip = `${finding.site.sentence}\n\n${finding.message}`;
    item.command = { command: 'vscode.open', title: 'Show the citation', arguments: [vscode.Uri.file(finding.site.file), { selection: toRange(finding.site.range) }] };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
