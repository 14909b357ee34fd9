// The sentences the last "Find Uncited Claims" listed, as Information diagnostics (never
// warnings: the writer decides), ranked by need, with what each sentence's search found. A
// sentence the writer dismisses is remembered in the workspace and not listed again.
import * as vscode from 'vscode';
import type { LlmOpinion, SentenceCoverage } from '../../core/coverage';
import type { FindResult } from '../../core/types';
import { nearestOccurrence } from '../../core/positions/nearest';
import { needMessage } from '../../core/coverage/listedWording';

export const COVERAGE_SOURCE = 'citefinder coverage';
const DISMISSED_KEY = 'citefinder.coverage.dismissed';

export function sentenceRange(s: SentenceCoverage): vscode.Range {
  return new vscode.Range(s.line, s.column, s.endLine, s.endColumn);
}

function sourceKey(s: SentenceCoverage): string {
  return `${s.file}\n${s.start}\n${s.text}`;
}

/** A dismissal outlives edits elsewhere in the file: it is keyed by file and sentence text. */
export function dismissalKey(s: SentenceCoverage): string {
  return `${s.file}\n${s.text}`;
}

export class UncitedClaims implements vscode.Disposable {
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('citefinder-coverage');
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private listed: SentenceCoverage[] = [];
  private readonly results = new Map<SentenceCoverage, FindResult>();
  /** Sentences cited from the list since it was made: each candidate cited, with its key, in the order cited. */
  private readonly cited = new Map<SentenceCoverage, Map<string, string>>();
  /** Sentences dismissed from this list, with their place in it: an undo puts them back there. */
  private removed: { sentence: SentenceCoverage; at: number }[] = [];
  /** What the LLM said of the sentences it re-ranked. */
  private readonly opinions = new Map<SentenceCoverage, LlmOpinion>();
  /** Each listed sentence's source text, to find it again after an edit (keyed by value: commands may copy a sentence). */
  private readonly sources = new Map<string, string>();

  constructor(private readonly memento: vscode.Memento) {}

  /** The sentences to list, most needed first. */
  all(): readonly SentenceCoverage[] {
    return this.listed;
  }

  resultOf(sentence: SentenceCoverage): FindResult | undefined {
    return this.results.get(sentence);
  }

  sourceOf(sentence: SentenceCoverage): string | undefined {
    return this.sources.get(sourceKey(sentence));
  }

  rememberSource(sentence: SentenceCoverage, source: string): void {
    this.sources.set(sourceKey(sentence), source);
  }

  /** Replaces the list with a new run's flagged sentences, dismissed ones left out. */
  show(flagged: SentenceCoverage[], files: string[]): void {
    const dismissed = new Set(this.memento.get<string[]>(DISMISSED_KEY, []));
    this.listed = flagged.filter((s) => !dismissed.has(dismissalKey(s)));
    this.results.clear();
    this.cited.clear();
    this.opinions.clear();
    this.sources.clear();
    this.removed = [];
    for (const file of files) this.diagnostics.delete(vscode.Uri.file(file));
    this.refreshDiagnostics();
  }

  /**
   * The list in the LLM's order, with its opinions. Sentences dismissed meanwhile stay out; false
   * when a new list has replaced the one the LLM was asked about.
   */
  reorder(order: readonly SentenceCoverage[], opinions: ReadonlyMap<SentenceCoverage, LlmOpinion>): boolean {
    const still = new Set(this.listed);
    if (!order.some((s) => still.has(s))) return false;
    this.listed = order.filter((s) => still.has(s));
    for (const [sentence, opinion] of opinions) if (still.has(sentence)) this.opinions.set(sentence, opinion);
    this.changed.fire();
    return true;
  }

  opinionOf(sentence: SentenceCoverage): LlmOpinion | undefined {
    return this.opinions.get(sentence);
  }

  addResult(sentence: SentenceCoverage, result: FindResult): void {
    this.results.set(sentence, result);
    this.changed.fire();
  }

  /** The keys cited in `sentence` from the list ("a, b"), if any. */
  citedAs(sentence: SentenceCoverage): string | undefined {
    const keys = this.cited.get(sentence);
    return keys ? [...new Set(keys.values())].join(', ') : undefined;
  }

  /** Whether the candidate `id` was cited in `sentence` from the list. */
  isCitedIn(sentence: SentenceCoverage, id: string): boolean {
    return this.cited.get(sentence)?.has(id) ?? false;
  }

  /** The sentence now cites (inserted from the list): its row says so and its diagnostic goes. */
  markCited(sentence: SentenceCoverage, key: string, candidateId: string): void {
    if (!this.listed.includes(sentence)) return; // a list made since has replaced it
    this.cited.set(sentence, (this.cited.get(sentence) ?? new Map<string, string>()).set(candidateId, key));
    this.diagnostics.delete(vscode.Uri.file(sentence.file));
    this.refreshDiagnostics();
  }

  /** The citation of `candidateId` left the sentence (an undo): with none left, it is listed as uncited again. */
  unmarkCited(sentence: SentenceCoverage, candidateId: string): void {
    const cited = this.cited.get(sentence);
    if (!cited?.delete(candidateId)) return;
    if (cited.size === 0) this.cited.delete(sentence);
    this.refreshDiagnostics();
  }

  /**
   * The listed sentence a search's selection was: the one whose source it is (nearest to `start`
   * if several), else one it overlaps.
   */
  listedAt(file: string, source: string, start: number, end: number): SentenceCoverage | undefined {
    const inFile = this.listed.filter((s) => s.file === file);
    const same = inFile.filter((s) => this.sourceOf(s) === source);
    const pool = same.length > 0 ? same : inFile.filter((s) => s.start < end && start < s.end);
    return pool.sort((a, b) => Math.abs(a.start - start) - Math.abs(b.start - start))[0];
  }

  async dismiss(sentence: SentenceCoverage): Promise<void> {
    const dismissed = new Set(this.memento.get<string[]>(DISMISSED_KEY, []));
    dismissed.add(dismissalKey(sentence));
    await this.memento.update(DISMISSED_KEY, [...dismissed]);
    const at = this.listed.indexOf(sentence);
    if (at >= 0) this.removed.push({ sentence, at });
    this.listed = this.listed.filter((s) => s !== sentence);
    this.diagnostics.delete(vscode.Uri.file(sentence.file));
    this.refreshDiagnostics();
  }

  /** The sentences dismissed in this workspace (by file and text), oldest first. */
  dismissedSentences(): { key: string; file: string; text: string }[] {
    return this.memento.get<string[]>(DISMISSED_KEY, []).map((key) => {
      const cut = key.indexOf('\n');
      return { key, file: key.slice(0, cut), text: key.slice(cut + 1) };
    });
  }

  /**
   * Forgets the dismissals of `keys`. A sentence dismissed from the list shown goes back to its
   * place in it; the others are listed by the next run. Returns how many went back at once.
   */
  async restore(keys: readonly string[]): Promise<number> {
    const restored = new Set(keys);
    await this.memento.update(DISMISSED_KEY, this.memento.get<string[]>(DISMISSED_KEY, []).filter((key) => !restored.has(key)));
    const back = this.removed.filter(({ sentence }) => restored.has(dismissalKey(sentence)));
    if (back.length === 0) return 0;
    this.removed = this.removed.filter((entry) => !back.includes(entry));
    const listed = [...this.listed];
    for (const { sentence, at } of [...back].sort((a, b) => a.at - b.at)) listed.splice(Math.min(at, listed.length), 0, sentence);
    this.listed = listed;
    this.refreshDiagnostics();
    return back.length;
  }

  /** The listed sentences of `document` that meet `range` (where they are now) and have not been cited since. */
  within(document: vscode.TextDocument, range: vscode.Range): SentenceCoverage[] {
    const file = document.uri.fsPath;
    const inFile = this.listed.filter((s) => s.file === file && !this.cited.has(s));
    const text = inFile.length > 0 ? document.getText() : '';
    return inFile.filter((s) => this.rangeNow(s, document, text).intersection(range) !== undefined);
  }

  /**
   * Where `sentence` is now: an edit since the listing (a citation inserted earlier on its line, as
   * a paragraph is often one line) moves it, so its source is looked for nearest to where it was.
   * The listed range when its file is not open, or its text is no longer there.
   */
  rangeNow(sentence: SentenceCoverage, document = openDocument(sentence.file), text = document?.getText()): vscode.Range {
    const source = this.sourceOf(sentence);
    if (!document || text === undefined || source === undefined) return sentenceRange(sentence);
    const at = nearestOccurrence(text, source, sentence.start);
    return at === undefined ? sentenceRange(sentence) : new vscode.Range(document.positionAt(at), document.positionAt(at + source.length));
  }

  private refreshDiagnostics(): void {
    const byFile = new Map<string, vscode.Diagnostic[]>();
    // Each open file's text is read once: a long chapter may hold thousands of listed sentences.
    const texts = new Map<string, { document?: vscode.TextDocument; text?: string }>();
    const opened = (file: string) => {
      let entry = texts.get(file);
      if (!entry) {
        const document = openDocument(file);
        texts.set(file, (entry = { document, text: document?.getText() }));
      }
      return entry;
    };
    for (const s of this.listed) {
      if (this.cited.has(s)) continue;
      const { document, text } = opened(s.file);
      const diagnostic = new vscode.Diagnostic(
        this.rangeNow(s, document, text),
        needMessage(s),
        vscode.DiagnosticSeverity.Information,
      );
      diagnostic.source = COVERAGE_SOURCE;
      const list = byFile.get(s.file);
      if (list) list.push(diagnostic);
      else byFile.set(s.file, [diagnostic]);
    }
    for (const [file, list] of byFile) this.diagnostics.set(vscode.Uri.file(file), list);
    this.changed.fire();
  }

  dispose(): void {
    this.diagnostics.dispose();
    this.changed.dispose();
  }
}

function openDocument(file: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file);
}
