// The audit's findings in the editor: one diagnostic per (sentence, key) on the key itself,
// warnings for what needs the author's attention, information for the rest; the findings are
// kept per file so the hover and the code actions can read the finding behind a diagnostic.
import * as vscode from 'vscode';
import type { AuditFinding, AuditStatus, SourceRange } from '../../core/audit/types';

export const AUDIT_SOURCE = 'citefinder';

/** Statuses the author should act on: the citation may be wrong, or cannot be checked at all. */
const WARNINGS: ReadonlySet<AuditStatus> = new Set(['unsupported', 'missing', 'unresolved']);

export function toRange(range: SourceRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

export function toDiagnostic(finding: AuditFinding): vscode.Diagnostic {
  const retracted = finding.trust?.status === 'retracted' || finding.trust?.status === 'withdrawn';
  const severity = WARNINGS.has(finding.status) || retracted ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information;
  const diagnostic = new vscode.Diagnostic(toRange(finding.site.range), `${finding.site.key}: ${finding.message}`, severity);
  diagnostic.source = AUDIT_SOURCE;
  diagnostic.code = retracted ? finding.trust!.status : finding.status;
  return diagnostic;
}

/** The findings of the last audit, per file, and their diagnostics. */
export class AuditFindings implements vscode.Disposable {
  readonly diagnostics = vscode.languages.createDiagnosticCollection('citefinder-audit');
  private readonly byFile = new Map<string, AuditFinding[]>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  /** Forgets the findings of these files (a new audit of them starts). */
  reset(files: string[]): void {
    for (const file of files) {
      this.byFile.delete(file);
      this.diagnostics.delete(vscode.Uri.file(file));
    }
    this.changed.fire();
  }

  /** Adds a finding, or replaces the one of the same citation (announced again when the audit learnt more). */
  add(finding: AuditFinding): void {
    const list = this.byFile.get(finding.site.file) ?? [];
    const same = list.findIndex((f) => f.site.key === finding.site.key && toRange(f.site.range).isEqual(toRange(finding.site.range)));
    if (same >= 0) list[same] = finding;
    else list.push(finding);
    this.byFile.set(finding.site.file, list);
    this.diagnostics.set(vscode.Uri.file(finding.site.file), list.map(toDiagnostic));
    this.changed.fire();
  }

  /** The finding whose key range holds `position`, in `file`. */
  at(file: string, position: vscode.Position): AuditFinding | undefined {
    return this.byFile.get(file)?.find((f) => toRange(f.site.range).contains(position));
  }

  /** Findings of `file` whose key range meets `range` (a code action's range). */
  within(file: string, range: vscode.Range): AuditFinding[] {
    return (this.byFile.get(file) ?? []).filter((f) => toRange(f.site.range).intersection(range) !== undefined);
  }

  all(): AuditFinding[] {
    return [...this.byFile.values()].flat();
  }

  dispose(): void {
    this.diagnostics.dispose();
    this.changed.dispose();
  }
}
