// `citefinder coverage FILE.tex`: the sentences of the project (or of FILE only) that still need a
// citation, most needed first, with file, line, score and reason. `--json` gives every prose
// sentence, cited or not; `--find` runs Find Citations for each listed sentence in turn (Ctrl-C
// stops and keeps what was found) and gives, for each candidate, the `citefinder insert` command
// that cites it at the end of its sentence; `--insert` (with or without --find) also writes, for
// each sentence whose work is clear, its citation and .bib entry (cli/coverageInsert.ts).
// `--rerank` asks the configured LLM to order the top of the list (coverage.llmRerankTop
// sentences, one call). Paths are relative to the root's folder,
// lines 1-based.
import * as path from 'node:path';
import { coverageOfProject, rerankWithLlm, type CoverageReport, type LlmOpinion, type SentenceCoverage } from '../core/coverage';
import { findForSentences, type SentenceResult } from '../core/coverage/batch';
import { createPipeline } from '../core/pipeline/index';
import type { Settings } from '../core/settings/index';
import { createLlmClient } from '../core/llm/client';
import type { LlmClient } from '../core/llm/types';
import type { Candidate } from '../core/types';
import { plural } from '../core/text/plural';
import { parseCommandLine } from './args';
import { latexProject } from './files';
import { ArgumentError, UsageError, type CliIo } from './io';
import { insertClearCitation, insertSummary, outcomeText, referencesByHandWhy, refuseReferencesByHand, type InsertOutcome } from './coverageInsert';
import { readText } from '../core/manuscript/projectFolder';
import { coverageCounts, statementsNote } from '../core/coverage/counts';
import { listedReason } from '../core/coverage/listedWording';
import { invocation, shellWord } from './shellCommand';
import { insertIdOf } from './insertClaim';

export const COVERAGE_USAGE = 'citefinder coverage FILE.tex [--file-only] [--min-score S] [--rerank] [--find [--insert]] [--config FILE] [--json]';

/** Candidates printed per sentence with --find. */
const CANDIDATES_SHOWN = 3;

export async function runCoverage(
  args: string[],
  loadSettings: (config?: string) => Promise<Settings>,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const { values, positionals } = parseCommandLine(
    args,
    {
      'file-only': { type: 'boolean', default: false },
      'min-score': { type: 'string' },
      find: { type: 'boolean', default: false },
      insert: { type: 'boolean', default: false },
      rerank: { type: 'boolean', default: false },
    },
    true,
  );
  if (positionals.length !== 1) throw new ArgumentError('coverage takes one .tex file.');
  const minScore = parseMinScore(values['min-score']);
  // The project as listed: each file read once, and the batch below finds its offsets in the same
  // texts. `disk` reads afresh, for --insert's writes.
  const { file, files: project } = await latexProject(positionals[0]!, io);
  const listed = project.read;
  const disk = { ...project, read: readText };
  const find = values.find || values.insert;
  const settings = values.rerank || find ? await loadSettings(values.config) : undefined;
  const llm = values.rerank && settings ? llmToRerank(settings) : undefined;
  let stage = '';
  const read = await coverageOfProject({
    file,
    scope: values['file-only'] ? 'file' : 'project',
    files: project,
    minScore,
    signal,
    // One line per stage on stderr: a book-length project takes seconds.
    onProgress: (progress) => {
      if (progress.stage === stage) return;
      stage = progress.stage;
      io.stderr(stage === 'reading' ? `• reading ${plural(progress.total, 'file')}\n` : `• scoring ${plural(progress.total, 'sentence')}\n`);
    },
  });
  for (const warning of read.warnings) io.stderr(`! ${warning}\n`);
  const report = llm && settings ? await reranked(read, llm, settings['coverage.llmRerankTop'], io, signal) : read;
  const sentenceJson = jsonOf(report);
  if (values.json && !find) {
    io.stdout(JSON.stringify({ sentences: report.sentences.map(sentenceJson), warnings: report.warnings }, null, 2) + '\n');
    return 0;
  }
  // With --json, stdout is the JSON alone: a script parses it whole.
  if (!values.json) io.stdout(textReport(report));
  if (!find || !settings) return 0;
  // The project as the coverage run read it: its files are not read again for this.
  if (values.insert) await refuseReferencesByHand(report.root, report.tree, disk);
  // `insert` would refuse every command it would print: list the works alone, and say why.
  const noInserts = !values.insert && (await referencesByHandWhy(report.root, report.tree, disk));
  if (noInserts) io.stderr(`! ${noInserts}. The works are listed without insert commands.\n`);
  const offer = (inserted: boolean): CommandOffer => !inserted && !noInserts && { config: values.config };
  const pipeline = createPipeline({ settings, llmApiKey: settings['llm.apiKey'] || undefined });
  // The batch reads each file as it was listed (the sentences' offsets are of that text); --insert writes the current one.
  const sources = await sourcesOf(report.flagged, listed);
  const found: object[] = [];
  const outcomes: InsertOutcome[] = [];
  await findForSentences(report.flagged, pipeline, {
    read: listed,
    rootOf: async (file) => (file === report.root ? undefined : listed(report.root)),
    signal,
    onResult: async (done, index, total) => {
      const outcome = values.insert ? await insertClearCitation(done, sources.get(done.sentence), disk, settings) : undefined;
      if (outcome) outcomes.push(outcome);
      if (values.json) found.push({ ...findJson(done, sentenceJson, sources, offer(false)), ...outcome });
      else io.stdout(`\n[${index}/${total}] ${findText(done, report.root, sources, offer(!!outcome?.inserted))}${outcome ? outcomeText(outcome, report.root) : ''}`);
    },
  });
  if (values.json) io.stdout(JSON.stringify(found, null, 2) + '\n');
  else if (values.insert) io.stdout(insertSummary(outcomes, report.flagged.length));
  return 0;
}

/** The report with the LLM's opinions of the top of its list. */
interface RankedReport extends CoverageReport {
  opinions?: Map<SentenceCoverage, LlmOpinion>;
}

function llmToRerank(settings: Settings): LlmClient {
  const llm = createLlmClient(settings, settings['llm.apiKey'] || undefined);
  if (!llm) throw new UsageError('--rerank asks an LLM: set llm.model (and llm.baseUrl) in the --config file, or CITEFINDER_LLM_MODEL.');
  return llm;
}

/** The report with its top re-ranked by the LLM; as it was, with a warning, when the LLM fails. */
async function reranked(report: CoverageReport, llm: LlmClient, top: number, io: CliIo, signal: AbortSignal): Promise<RankedReport> {
  if (report.flagged.length === 0) return report;
  io.stderr(`• asking ${llm.model} to re-rank the top ${plural(Math.min(top, report.flagged.length), 'sentence')}\n`);
  try {
    const { flagged, opinions, asked } = await rerankWithLlm(report.flagged, llm, { top, signal });
    const wanted = Math.min(top, report.flagged.length);
    if (asked < wanted) io.stderr(`! Only the top ${asked} of ${wanted} fit the model's window (llm.contextTokens): the LLM rated those.\n`);
    return { ...report, flagged, opinions };
  } catch (error) {
    if (signal.aborted) throw error;
    io.stderr(`! The LLM's re-ranking failed (${error instanceof Error ? error.message : String(error)}); the list keeps the model's order.\n`);
    return report;
  }
}

function parseMinScore(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const score = Number(value);
  if (!Number.isFinite(score) || score < 0 || score > 1) throw new ArgumentError(`--min-score "${value}": give a number from 0 to 1.`);
  return score;
}

/** A sentence as JSON; after --rerank a sentence the LLM rated carries its opinion and its place in the new order. */
function jsonOf({ root, flagged, opinions }: RankedReport) {
  return (s: SentenceCoverage) => {
    const opinion = opinions?.get(s);
    return {
      file: path.relative(path.dirname(root), s.file),
      line: s.line + 1,
      column: s.column + 1,
      text: s.text,
      cited: s.cited,
      score: s.score,
      needsCitation: s.needsCitation,
      reason: s.reason,
      ...(s.role && { role: s.role }),
      ...(opinion && { llm: { need: opinion.need, reason: opinion.reason, rank: flagged.indexOf(s) + 1 } }),
    };
  };
}

function where(s: SentenceCoverage, root: string): string {
  return `${path.relative(path.dirname(root), s.file)}:${s.line + 1}:${s.column + 1}`;
}

function textReport(report: RankedReport): string {
  const lines = report.flagged.map((s) => {
    const opinion = report.opinions?.get(s);
    const llm = opinion ? ` (LLM ${Math.round(opinion.need * 10)}/10: ${opinion.reason})` : '';
    return `${where(s, report.root)}: ${s.score.toFixed(2)} ${listedReason(s)}${llm}: ${s.text}`;
  });
  const counts = coverageCounts(report.sentences);
  const statements = statementsNote(counts, '; ');
  const need = report.flagged.length === 1 ? 'needs' : 'need';
  const cite = counts.cited === 1 ? 'cites' : 'cite';
  lines.push('', `${report.flagged.length} of ${plural(counts.uncited, 'sentence')} without a citation ${need} one (${counts.cited} ${cite} already${statements}).`);
  return lines.join('\n') + '\n';
}

/** Each sentence's LaTeX source as listed, by sentence. */
type Sources = Map<SentenceCoverage, string>;

async function sourcesOf(sentences: SentenceCoverage[], read: (file: string) => Promise<string | undefined>): Promise<Sources> {
  const texts = new Map<string, string | undefined>();
  const sources: Sources = new Map();
  for (const s of sentences) {
    if (!texts.has(s.file)) texts.set(s.file, await read(s.file));
    const text = texts.get(s.file);
    if (text !== undefined) sources.set(s, text.slice(s.start, s.end));
  }
  return sources;
}

/** The sentence and its best candidates; with `offerCommand`, the command that cites the first (with this run's --config). */
function findText(
  { sentence, result, error }: SentenceResult,
  root: string,
  sources: Sources,
  offerCommand: CommandOffer,
): string {
  const head = `${where(sentence, root)}: ${sentence.text}\n`;
  if (!result) return head + `  (no search: ${error})\n`;
  const best = result.candidates.slice(0, CANDIDATES_SHOWN);
  if (best.length === 0) return head + '  No candidates found.\n';
  return (
    head +
    best
      .map((c) => {
        const id = c.arxivId ? `arXiv:${c.arxivId}` : c.doi ? `doi:${c.doi}` : c.id;
        const score = c.score !== undefined ? ` · support ${c.score.toFixed(2)}${c.support ? ` ${c.support.label}` : ''}` : '';
        const trust = c.trust && c.trust.status !== 'ok' && c.trust.status !== 'unknown' ? ` · ${c.trust.status.toUpperCase()}` : '';
        return `  - ${c.title} (${c.authors.slice(0, 2).join(', ')}${c.authors.length > 2 ? ' et al.' : ''}, ${c.year ?? 'n.d.'}) ${id}${score}${trust}${c.citeKey ? ` · \\cite{${c.citeKey}}` : ''}`;
      })
      .join('\n') +
    '\n' +
    (offerCommand ? citeTheFirst(sentence, sources.get(sentence), best, offerCommand.config) : '')
  );
}

/**
 * The command that cites the first candidate, for a writer to run as it is; never a retracted or
 * withdrawn work, which the list marks and the writer may still cite by hand, and never one whose
 * authority gave no BibTeX (the command would ask it again and fail).
 */
function citeTheFirst(sentence: SentenceCoverage, source: string | undefined, best: Candidate[], config?: string): string {
  const index = best.findIndex((c) => !retractedOrWithdrawn(c) && c.bibtex !== undefined);
  if (index < 0) return best.length ? `  (${noneOffered(best)}: none is offered to cite)\n` : '';
  const command = source !== undefined && insertCommand(sentence, source, best[index]!, config);
  return command ? `  to cite ${firstWhich(best.slice(0, index))}: ${[...invocation(), ...command.slice(1)].map(shellWord).join(' ')}\n` : '';
}

function retractedOrWithdrawn(c: Candidate): boolean {
  return c.trust?.status === 'retracted' || c.trust?.status === 'withdrawn';
}

/** Why no work shown is offered: each is retracted or withdrawn, or has no BibTeX from its authority. */
function noneOffered(best: Candidate[]): string {
  if (best.every(retractedOrWithdrawn)) return 'every work shown is retracted or withdrawn';
  if (best.every((c) => c.bibtex === undefined)) return 'no work shown has its BibTeX from its authority';
  return 'every work shown is retracted or withdrawn, or has no BibTeX from its authority';
}

/** "the first", or which first it is when the works above it were passed over. */
function firstWhich(passed: Candidate[]): string {
  const conditions = [
    ...(passed.some(retractedOrWithdrawn) ? ['not retracted or withdrawn'] : []),
    ...(passed.some((c) => !retractedOrWithdrawn(c) && c.bibtex === undefined) ? ['with its BibTeX'] : []),
  ];
  return conditions.length ? `the first ${conditions.join(' and ')}` : 'the first';
}

/**
 * `citefinder insert` at the end of the sentence, found by its LaTeX source nearest to its line
 * (so the commands can be run in any order: an insert earlier on the line moves it), citing the
 * candidate's DOI or arXiv id: the authority's BibTeX is fetched again there, never taken from
 * here. The path is relative to the folder the command runs in.
 */
function insertCommand(sentence: SentenceCoverage, source: string, candidate: Candidate, config?: string): string[] | undefined {
  const id = insertIdOf(candidate);
  if (!id) return undefined;
  const tex = path.relative(process.cwd(), sentence.file) || sentence.file;
  const settings = config === undefined ? [] : ['--config', config];
  return ['citefinder', 'insert', '--tex', tex, '--line', String(sentence.line + 1), '--sentence', source, '--id', id, ...settings];
}

type CommandOffer = false | { config?: string };

function findJson(done: SentenceResult, sentenceJson: ReturnType<typeof jsonOf>, sources: Sources, offer: CommandOffer) {
  const { sentence, result, error } = done;
  if (!result) return { ...sentenceJson(sentence), error };
  const source = sources.get(sentence);
  const insert = (c: Candidate) => (source === undefined || !offer ? undefined : insertCommand(sentence, source, c, offer.config));
  const candidates = result.candidates.slice(0, CANDIDATES_SHOWN).map((c) => ({ ...c, insert: insert(c) }));
  return { ...sentenceJson(sentence), candidates };
}
