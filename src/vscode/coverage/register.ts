// "Find Uncited Claims" in the editor: the command (whole project or current file), the ranked
// view, the Information diagnostics, a code action per sentence (Find Citations for it, or
// dismiss it: dismissed.ts), "Re-rank the Top with the LLM" (rerank.ts), "Find citations for all
// listed" (one pipeline, so one HTTP client: the services' pacing and the cache shared; one
// progress bar, cancellable, keeping what was found), "Insert Citation" on a candidate found
// for a sentence, which cites it there without a search, and "Insert the Clear Citations"
// (insertClear.ts), which does so for every sentence whose work is clear.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CoverageProgress, CoverageReport, SentenceCoverage } from '../../core/coverage';
import { coverageCounts, statementsNote } from '../../core/coverage/counts';
import type { Settings } from '../../core/settings';
import { plural } from '../../core/text/plural';
import type { Candidate } from '../../core/types';
import { insertCitation, type InsertOutcome, type OnDeclined } from '../insertCitation';
import { LATEX_LANGUAGE_IDS } from '../languages';
import { documentForCommand } from '../lastLatexEditor';
import { loadHeavy } from '../lazy';
import { log } from '../log';
import { chapterRootText, projectFiles } from '../projectFiles';
import { FIND_FOR_SENTENCE_COMMAND, SEARCH_SENTENCE_IN_PLACE_COMMAND } from '../audit/codeActions';
import { COVERAGE_SOURCE, sentenceRange, UncitedClaims } from './claims';
import { COVERAGE_VIEW_ID, SHOW_CLAIM_COMMAND, UncitedClaimsView } from './view';
import type { BatchSentence, PanelInsert } from '../results/register';
import { CitationsFromList } from './citedFromList';
import { RERANK_CLAIMS_COMMAND, rerankListed } from './rerank';
import { dismissWithUndo, RESTORE_DISMISSED_COMMAND, restoreDismissed } from './dismissed';
import { clearChoices, INSERT_CLEAR_COMMAND, insertClearCitations } from './insertClear';
import { claimActionTitles } from './actionTitles';

export const FIND_UNCITED_COMMAND = 'citefinder.findUncitedClaims';
export const FIND_ALL_LISTED_COMMAND = 'citefinder.findCitationsForAllListed';
export const FIND_FOR_CLAIM_COMMAND = 'citefinder.findCitationsForUncitedClaim';
export const DISMISS_CLAIM_COMMAND = 'citefinder.dismissUncitedClaim';
export const INSERT_FOR_CLAIM_COMMAND = 'citefinder.insertCitationForUncitedClaim';

export interface CoverageDeps {
  memento: vscode.Memento;
  settings(uri?: vscode.Uri): Settings;
  apiKey(settings: Settings): Promise<string | undefined>;
  /** The results panel's list of the batch's sentences. */
  showBatch(sentences: BatchSentence[]): void;
  /** Citations inserted from the results panel: a listed sentence's is marked. */
  onDidInsert: vscode.Event<PanelInsert>;
}

/** A tree item passes its node, a code action the sentence itself. */
type ClaimArgument = SentenceCoverage | { sentence: SentenceCoverage };
const sentenceOf = (arg: ClaimArgument): SentenceCoverage => ('sentence' in arg ? arg.sentence : arg);

export function registerCoverage(deps: CoverageDeps): vscode.Disposable {
  const claims = new UncitedClaims(deps.memento);
  const view = new UncitedClaimsView(claims);
  const citations = new CitationsFromList(claims);
  let batch: AbortController | undefined;
  const selector = LATEX_LANGUAGE_IDS.map((language) => ({ language }));
  return vscode.Disposable.from(
    claims,
    view,
    citations,
    deps.onDidInsert((event) => citations.insertedFromPanel(event)),
    { dispose: () => batch?.abort() },
    vscode.window.registerTreeDataProvider(COVERAGE_VIEW_ID, view),
    vscode.languages.registerCodeActionsProvider(selector, new UncitedClaimActions(claims), UncitedClaimActions.metadata),
    vscode.commands.registerCommand(FIND_UNCITED_COMMAND, (scope?: 'file' | 'project') => findUncited(claims, deps.showBatch, scope)),
    vscode.commands.registerCommand(FIND_FOR_CLAIM_COMMAND, (arg: ClaimArgument) => {
      const sentence = sentenceOf(arg);
      const { uri, range, source } = batchSentence(sentence, claims);
      return vscode.commands.executeCommand(FIND_FOR_SENTENCE_COMMAND, uri, range, source);
    }),
    vscode.commands.registerCommand(DISMISS_CLAIM_COMMAND, (arg: ClaimArgument) => dismissWithUndo(claims, sentenceOf(arg))),
    vscode.commands.registerCommand(RESTORE_DISMISSED_COMMAND, () => restoreDismissed(claims)),
    vscode.commands.registerCommand(SHOW_CLAIM_COMMAND, async (sentence: SentenceCoverage) => {
      const document = await vscode.workspace.openTextDocument(sentence.file);
      await vscode.window.showTextDocument(document, { selection: claims.rangeNow(sentence, document) });
    }),
    vscode.commands.registerCommand(INSERT_FOR_CLAIM_COMMAND, (node: CandidateArgument) =>
      insertForClaim(claims, citations, node, deps.memento),
    ),
    vscode.commands.registerCommand(INSERT_CLEAR_COMMAND, () =>
      insertClearCitations(claims, (sentence, candidate, onDeclined) =>
        citeInSentence(claims, citations, sentence, candidate, deps.memento, onDeclined),
      ),
    ),
    vscode.commands.registerCommand(RERANK_CLAIMS_COMMAND, () => rerankListed(claims, deps)),
    vscode.commands.registerCommand(FIND_ALL_LISTED_COMMAND, async () => {
      batch?.abort();
      batch = new AbortController();
      return findAllListed(claims, deps, batch);
    }),
  );
}

async function findUncited(claims: UncitedClaims, showBatch: CoverageDeps['showBatch'], scope?: 'file' | 'project'): Promise<readonly SentenceCoverage[] | undefined> {
  const document = documentForCommand();
  if (!document) {
    void vscode.window.showWarningMessage('Citefinder: open a LaTeX file of the manuscript to find its uncited claims.');
    return undefined;
  }
  const chosen = scope ?? (await pickScope());
  if (!chosen) return undefined;
  const report = await readCoverage(document.uri.fsPath, chosen);
  if (!report) return undefined;
  for (const warning of report.warnings) log(`Uncited claims: ${warning}`);
  claims.show(report.flagged, [...new Set(report.sentences.map((s) => s.file)), document.uri.fsPath]);
  showBatch([]); // the last batch's sentences belong to the list this one replaces
  await rememberSources(claims, report.flagged);
  const listed = claims.all().length;
  const counts = coverageCounts(report.sentences);
  const statements = statementsNote(counts, ' (', ')');
  log(`Uncited claims: ${listed} of ${plural(counts.uncited, 'uncited sentence')} listed${statements}.`);
  await vscode.commands.executeCommand(`${COVERAGE_VIEW_ID}.focus`);
  return claims.all();
}

/**
 * Reads and scores the project under a cancellable progress notification: a book-length project
 * takes seconds, and the reading hands the host back between slices meanwhile. A cancel keeps the
 * list shown before; undefined then.
 */
async function readCoverage(file: string, scope: 'file' | 'project'): Promise<CoverageReport | undefined> {
  const core = await loadHeavy();
  const controller = new AbortController();
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Citefinder: finding uncited claims', cancellable: true },
    async (progress, token) => {
      token.onCancellationRequested(() => controller.abort());
      let shown = '';
      const onProgress = ({ stage, done, total }: CoverageProgress) => {
        const percent = total ? Math.floor((100 * done) / total) : 100;
        const message = stage === 'reading' ? `reading file ${done + 1} of ${total}` : `scoring ${plural(total, 'sentence')} (${percent}%)`;
        if (message !== shown) progress.report({ message: (shown = message) });
      };
      try {
        return await core.coverageOfProject({ file, scope, files: projectFiles, onProgress, signal: controller.signal });
      } catch (error) {
        if (!controller.signal.aborted) throw error;
        void vscode.window.showInformationMessage('Citefinder: finding uncited claims cancelled; the list shown before is kept.');
        return undefined;
      }
    },
  );
}

/** A candidate row of the view: the candidate and the sentence it was found for (by id: the search's own copy has the BibTeX). */
type CandidateArgument = { candidate: Pick<Candidate, 'id'>; of: SentenceCoverage };

/** Cites the candidate in its sentence, where the sentence is now, as the results panel's Insert does. */
async function insertForClaim(
  claims: UncitedClaims,
  citations: CitationsFromList,
  node: CandidateArgument,
  memento: vscode.Memento,
): Promise<InsertOutcome | undefined> {
  const sentence = node.of;
  const candidate = claims.resultOf(sentence)?.candidates.find((c) => c.id === node.candidate.id);
  if (!candidate || claims.sourceOf(sentence) === undefined) {
    void vscode.window.showWarningMessage('Citefinder: that candidate is no longer listed; run "Find Uncited Claims" again.');
    return undefined;
  }
  const outcome = await citeInSentence(claims, citations, sentence, candidate, memento);
  if (!outcome) return undefined;
  const added = outcome.reused ? '' : ` (added to ${path.basename(outcome.bibFile)})`;
  void vscode.window.showInformationMessage(`Citefinder: cited ${outcome.key}${added}. ${outcome.notes.join(' ')}`.trim());
  return outcome;
}

/** The insert itself, and the sentence's row marked cited. */
async function citeInSentence(
  claims: UncitedClaims,
  citations: CitationsFromList,
  sentence: SentenceCoverage,
  candidate: Candidate,
  memento: vscode.Memento,
  onDeclined?: OnDeclined,
): Promise<InsertOutcome | undefined> {
  const source = claims.sourceOf(sentence);
  if (source === undefined) return undefined;
  const origin = { uri: vscode.Uri.file(sentence.file), selection: source, start: sentence.start, end: sentence.end };
  const outcome = await insertCitation(candidate, origin, memento, onDeclined);
  if (outcome) citations.cited(sentence, candidate.id, outcome);
  return outcome;
}

async function findAllListed(claims: UncitedClaims, deps: CoverageDeps, controller: AbortController): Promise<number> {
  // A sentence cited from the list since needs no search.
  const sentences = claims.all().filter((sentence) => !claims.citedAs(sentence));
  if (sentences.length === 0) {
    void vscode.window.showInformationMessage('Citefinder: no sentence is listed; run "Find Uncited Claims" first.');
    return 0;
  }
  const settings = deps.settings(vscode.Uri.file(sentences[0]!.file));
  const core = await loadHeavy();
  const pipeline = core.createPipeline({ settings, llmApiKey: await deps.apiKey(settings) });
  const listed = sentences.map((sentence) => batchSentence(sentence, claims));
  deps.showBatch(listed);
  const searched = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Citefinder: finding citations for the listed sentences', cancellable: true },
    async (progress, token) => {
      token.onCancellationRequested(() => controller.abort());
      progress.report({ message: `0 of ${sentences.length}` });
      const results = await core.findForSentences(sentences, pipeline, {
        read: projectFiles.read,
        rootOf: async (file) => chapterRootText(file, (await projectFiles.read(file)) ?? '').catch(() => undefined),
        signal: controller.signal,
        onResult: (done, index, total) => {
          if (done.result) claims.addResult(done.sentence, done.result);
          else log(`Uncited claims: no search for "${done.sentence.text.slice(0, 60)}": ${done.error}`);
          const entry = listed[sentences.indexOf(done.sentence)];
          const candidates = done.result?.candidates ?? [];
          if (entry) entry.view = { ...entry.view, found: candidates.length, best: candidates[0]?.title, failed: !done.result };
          deps.showBatch(listed);
          progress.report({ message: `${index} of ${total}`, increment: 100 / total });
        },
      });
      if (controller.signal.aborted) void vscode.window.showInformationMessage(`Citefinder: cancelled; the results of ${plural(results.length, 'sentence')} ${results.length === 1 ? 'is' : 'are'} kept.`);
      else void announceFound(claims, results.filter((done) => done.result?.candidates.length).length, sentences.length);
      return results.length;
    },
  );
  // The results panel shows the first sentence that found something (from the cache), the
  // batch's list above it, without moving the cursor of a writer who went on typing; after a
  // cancel nothing new is started.
  const first = listed.find((entry) => entry.view.found);
  if (!first || controller.signal.aborted) return searched;
  await vscode.commands.executeCommand(SEARCH_SENTENCE_IN_PLACE_COMMAND, first.uri, first.range, first.source);
  return searched;
}

/** The batch's end, with a button that cites the sentences whose work is clear, when there are any. */
async function announceFound(claims: UncitedClaims, found: number, listed: number): Promise<void> {
  const clear = (await clearChoices(claims)).filter((choice) => choice.candidate).length;
  const button = clear ? [`Insert ${plural(clear, 'Clear Citation')}`] : [];
  const message = `Citefinder: candidates for ${found} of ${plural(listed, 'listed sentence')}, in the results panel and under each in Uncited Claims.`;
  const pick = await vscode.window.showInformationMessage(message, ...button);
  if (pick) await vscode.commands.executeCommand(INSERT_CLEAR_COMMAND);
}

/** Each listed sentence's source text as the list read it, so that a search opened after an edit finds it again. */
async function rememberSources(claims: UncitedClaims, sentences: readonly SentenceCoverage[]): Promise<void> {
  const texts = new Map<string, Promise<string | undefined>>();
  for (const sentence of sentences) {
    if (!texts.has(sentence.file)) texts.set(sentence.file, projectFiles.read(sentence.file));
    const text = await texts.get(sentence.file);
    if (text !== undefined) claims.rememberSource(sentence, text.slice(sentence.start, sentence.end));
  }
}

/** A sentence as the results panel lists it, and where it is. */
function batchSentence(sentence: SentenceCoverage, claims: UncitedClaims): BatchSentence {
  const view = { text: sentence.text, where: `${path.basename(sentence.file)}:${sentence.line + 1}` };
  return { view, uri: vscode.Uri.file(sentence.file), range: sentenceRange(sentence), source: claims.sourceOf(sentence) };
}

async function pickScope(): Promise<'file' | 'project' | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'Whole project', description: 'every file from the root document', scope: 'project' as const },
      { label: 'This file', description: 'only the sentences of the active file', scope: 'file' as const },
    ],
    { title: 'Find uncited claims' },
  );
  return picked?.scope;
}

class UncitedClaimActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly claims: UncitedClaims) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const diagnostics = context.diagnostics.filter((d) => d.source === COVERAGE_SOURCE);
    if (diagnostics.length === 0) return [];
    return this.claims.within(document, range).flatMap((sentence) => {
      const titles = claimActionTitles(sentence);
      const find = new vscode.CodeAction(titles.find, vscode.CodeActionKind.QuickFix);
      find.command = { command: FIND_FOR_CLAIM_COMMAND, title: find.title, arguments: [sentence] };
      find.diagnostics = diagnostics;
      find.isPreferred = true;
      const dismiss = new vscode.CodeAction(titles.dismiss, vscode.CodeActionKind.QuickFix);
      dismiss.command = { command: DISMISS_CLAIM_COMMAND, title: dismiss.title, arguments: [sentence] };
      dismiss.diagnostics = diagnostics;
      return [find, dismiss];
    });
  }
}
