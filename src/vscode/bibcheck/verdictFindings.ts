// Check Bibliography's verdicts in the editor: one diagnostic per entry on its `@type{key,` line
// (warning for a mismatch, not-found, impossible date or missing title; information for a fixable
// entry or an authority that could not be asked; a hint when verified) and one on each \cite of a
// mismatched or not-found key in the manuscript. Entries checked by hand stay quiet until edited.
// The entries are kept so the hover, the code actions and the walkable list can read them.
import * as vscode from 'vscode';
import type { BibCheckEntry } from '../../core/bibcheck';
import type { CitedKeySite } from '../../core/latex/citeSites';

export const BIBCHECK_SOURCE = 'citefinder-bibcheck';

/** How long new verdicts wait to be shown together. */
const FLUSH_MS = 150;

const WARN = new Set(['mismatch', 'not-found', 'future-date', 'no-title']);
/** Verdicts whose \cite sites get a diagnostic too. */
const ON_CITES = new Set(['mismatch', 'not-found', 'future-date']);

export interface CiteSite {
  file: string;
  key: string;
  range: vscode.Range;
}

function label(entry: BibCheckEntry): string {
  const v = entry.verdict;
  return v.kind ? `${v.verdict} (${v.kind})` : v.verdict;
}

function severity(entry: BibCheckEntry): vscode.DiagnosticSeverity {
  if (WARN.has(entry.verdict.verdict)) return vscode.DiagnosticSeverity.Warning;
  return entry.verdict.verdict === 'verified' ? vscode.DiagnosticSeverity.Hint : vscode.DiagnosticSeverity.Information;
}

export function entryRange(entry: BibCheckEntry): vscode.Range {
  return new vscode.Range(entry.line, 0, entry.line, 500);
}

function diagnostic(range: vscode.Range, entry: BibCheckEntry, prefix = ''): vscode.Diagnostic {
  const d = new vscode.Diagnostic(range, `${prefix}${entry.key}: ${label(entry)}. ${entry.message}`, severity(entry));
  d.source = BIBCHECK_SOURCE;
  d.code = entry.verdict.kind ?? entry.verdict.verdict;
  return d;
}

/** The sites of `keys` among the manuscript's cited keys (core citedKeySites: cite commands and the project's citation macros). */
export function citeSites(sites: readonly CitedKeySite[], keys: ReadonlySet<string>): CiteSite[] {
  return sites
    .filter((site) => keys.has(site.key))
    .map(({ file, key, range: { start, end } }) => {
      return { file, key, range: new vscode.Range(start.line, start.character, end.line, end.character) };
    });
}

export class BibVerdicts implements vscode.Disposable {
  readonly diagnostics = vscode.languages.createDiagnosticCollection(BIBCHECK_SOURCE);
  private readonly entries = new Map<string, BibCheckEntry[]>();
  private readonly cites = new Map<string, CiteSite[]>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly pending = new Map<string, vscode.Diagnostic[]>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;

  /** Forgets the verdicts on these .bib files and every \cite diagnostic (a new check starts). */
  reset(bibFiles: string[]): void {
    this.flush();
    for (const file of bibFiles) {
      this.entries.delete(file);
      this.diagnostics.delete(vscode.Uri.file(file));
    }
    for (const file of this.cites.keys()) this.diagnostics.delete(vscode.Uri.file(file));
    this.cites.clear();
    this.changed.fire();
  }

  /**
   * One entry's verdict, shown within a moment (a cancelled check keeps what it found); quiet ones
   * are kept, not shown. Diagnostics are set a batch at a time, so a 1,000-entry .bib does not
   * redraw the Problems panel a thousand times.
   */
  add(entry: BibCheckEntry, quiet: boolean): void {
    const list = this.entries.get(entry.file) ?? [];
    list.push(entry);
    this.entries.set(entry.file, list);
    if (!quiet) this.queue(entry.file, diagnostic(entryRange(entry), entry));
  }

  /** An item that got no verdict (a reference that could not be identified), said where it stands. */
  note(file: string, line: number, message: string): void {
    const d = new vscode.Diagnostic(new vscode.Range(line, 0, line, 500), message, vscode.DiagnosticSeverity.Information);
    d.source = BIBCHECK_SOURCE;
    d.code = 'unreadable';
    this.queue(file, d);
  }

  /** A diagnostic for the next batch, beside those the file shows. */
  private queue(file: string, d: vscode.Diagnostic): void {
    const pending = this.pending.get(file) ?? [...(this.diagnostics.get(vscode.Uri.file(file)) ?? [])];
    pending.push(d);
    this.pending.set(file, pending);
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Shows the diagnostics added since the last batch. */
  flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    for (const [file, list] of this.pending) this.diagnostics.set(vscode.Uri.file(file), list);
    this.pending.clear();
    this.changed.fire();
  }

  /** Diagnostics on the \cite sites (core citedKeySites of the manuscript) of the flagged, not-quiet entries. */
  showCites(cited: readonly CitedKeySite[], quietKeys: ReadonlySet<string>): void {
    this.flush();
    const flagged = new Map(this.all().filter((e) => ON_CITES.has(e.verdict.verdict) && !quietKeys.has(e.key)).map((e) => [e.key, e]));
    const byFile = new Map<string, CiteSite[]>();
    for (const site of citeSites(cited, new Set(flagged.keys()))) byFile.set(site.file, [...(byFile.get(site.file) ?? []), site]);
    for (const [file, sites] of byFile) {
      this.cites.set(file, sites);
      // A .tex with thebibliography holds entries (its \bibitem lines) and \cite sites: both are kept.
      const onEntries = this.entries.has(file) ? (this.diagnostics.get(vscode.Uri.file(file)) ?? []) : [];
      this.diagnostics.set(vscode.Uri.file(file), [...onEntries, ...sites.map((s) => diagnostic(s.range, flagged.get(s.key)!, 'cited entry '))]);
    }
    this.changed.fire();
  }

  /** The entry whose line (in a .bib) or \cite key (in a manuscript) holds `position`. */
  at(file: string, position: vscode.Position): BibCheckEntry | undefined {
    const onEntry = this.entries.get(file)?.find((e) => e.line === position.line);
    if (onEntry) return onEntry;
    const site = this.cites.get(file)?.find((s) => s.range.contains(position));
    return site ? this.all().find((e) => e.key === site.key) : undefined;
  }

  /** Entries behind the diagnostics that meet `range` in `file`. */
  within(file: string, range: vscode.Range): BibCheckEntry[] {
    const onEntries = (this.entries.get(file) ?? []).filter((e) => entryRange(e).intersection(range) !== undefined);
    const keys = new Set((this.cites.get(file) ?? []).filter((s) => s.range.intersection(range) !== undefined).map((s) => s.key));
    return [...onEntries, ...this.all().filter((e) => keys.has(e.key))];
  }

  /** Removes the diagnostics of one entry (marked as checked by hand) and of its \cite sites. */
  quiet(entry: BibCheckEntry): void {
    this.flush();
    const uri = vscode.Uri.file(entry.file);
    this.diagnostics.set(uri, (this.diagnostics.get(uri) ?? []).filter((d) => !entryRange(entry).isEqual(d.range)));
    for (const [file, sites] of this.cites) {
      const kept = sites.filter((s) => s.key !== entry.key);
      this.cites.set(file, kept);
      this.diagnostics.set(
        vscode.Uri.file(file),
        (this.diagnostics.get(vscode.Uri.file(file)) ?? []).filter((d) => kept.some((s) => s.range.isEqual(d.range))),
      );
    }
    this.changed.fire();
  }

  all(): BibCheckEntry[] {
    return [...this.entries.values()].flat();
  }

  dispose(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.diagnostics.dispose();
    this.changed.dispose();
  }
}
