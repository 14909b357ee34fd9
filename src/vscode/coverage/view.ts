// "Uncited Claims": the listed sentences ranked by need, each with its score and reason; after
// "Find citations for all listed", the best candidates of each under it: a click opens the
// sentence's search in the results panel (answered from the cache), and the row's own "Insert
// Citation" cites it in the sentence at once. A sentence cited so says with what.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SentenceCoverage } from '../../core/coverage';
import type { Candidate } from '../../core/types';
import { listedReason } from '../../core/coverage/listedWording';
import { FIND_FOR_SENTENCE_COMMAND } from '../audit/codeActions';
import { sentenceRange, type UncitedClaims } from './claims';

export const COVERAGE_VIEW_ID = 'citefinder.coverage';
/** A row's click: the sentence selected where it is now (not where it was listed). */
export const SHOW_CLAIM_COMMAND = 'citefinder.showUncitedClaim';
/** Candidates shown under a sentence. */
const CANDIDATES_SHOWN = 3;

type Node = { sentence: SentenceCoverage } | { candidate: Candidate; of: SentenceCoverage };

export class UncitedClaimsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly claims: UncitedClaims) {
    this.subscription = claims.onDidChange(() => this.changed.fire(undefined));
  }

  getChildren(node?: Node): Node[] {
    if (!node) return this.claims.all().map((sentence) => ({ sentence }));
    if ('candidate' in node) return [];
    const result = this.claims.resultOf(node.sentence);
    return (result?.candidates ?? []).slice(0, CANDIDATES_SHOWN).map((candidate) => ({ candidate, of: node.sentence }));
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if ('candidate' in node) {
      const { candidate, of } = node;
      const item = new vscode.TreeItem(candidate.title, vscode.TreeItemCollapsibleState.None);
      const cited = this.claims.isCitedIn(of, candidate.id);
      const byline = `${candidate.authors[0] ?? ''}${candidate.authors.length > 1 ? ' et al.' : ''} ${candidate.year ?? ''}`;
      item.description = `${cited ? 'cited · ' : ''}${byline}${candidate.score !== undefined ? ` · support ${candidate.score.toFixed(2)}` : ''}`;
      item.iconPath = new vscode.ThemeIcon(cited ? 'check' : 'book');
      item.contextValue = cited ? 'citedCandidate' : 'claimCandidate';
      const where = [vscode.Uri.file(of.file), sentenceRange(of), this.claims.sourceOf(of)];
      item.command = { command: FIND_FOR_SENTENCE_COMMAND, title: 'Show in the results panel', arguments: where };
      return item;
    }
    const { sentence } = node;
    const searched = this.claims.resultOf(sentence);
    const citedAs = this.claims.citedAs(sentence);
    const item = new vscode.TreeItem(
      sentence.text.length > 90 ? sentence.text.slice(0, 89) + '…' : sentence.text,
      searched?.candidates.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
    );
    // The id changes once the sentence is searched: the tree keeps an item's collapsed state by
    // id, so without it a sentence first listed with no children would hide its candidates.
    item.id = `${sentence.file}:${sentence.line}:${sentence.column}:${searched ? 'searched' : 'listed'}`;
    const where = `${path.basename(sentence.file)}:${sentence.line + 1}`;
    const opinion = this.claims.opinionOf(sentence);
    const llm = opinion ? ` · LLM ${Math.round(opinion.need * 10)}/10` : '';
    item.description = citedAs ? `cited as ${citedAs} · ${where}` : `${sentence.score.toFixed(2)}${llm} · ${listedReason(sentence)} · ${where}`;
    item.tooltip = [
      sentence.text,
      '',
      `Needs a citation: ${sentence.score.toFixed(2)} (${listedReason(sentence)})`,
      ...(opinion ? [`The LLM: ${Math.round(opinion.need * 10)}/10 (${opinion.reason})`] : []),
      ...(citedAs ? [`Cited from this list as ${citedAs}`] : []),
    ].join('\n');
    if (citedAs) item.iconPath = new vscode.ThemeIcon('check');
    item.contextValue = citedAs ? 'citedClaim' : 'uncitedClaim';
    item.command = { command: SHOW_CLAIM_COMMAND, title: 'Show the sentence', arguments: [sentence] };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
