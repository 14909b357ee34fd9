// `citefinder coverage FILE.tex`: the sentences of the project (or of FILE only) that still need a
// citation, most needed first, with file, line, score and reason. `--json` gives every prose
// sentence, cited or not; `--find` runs Find Citations for each listed sentence in turn (Ctrl-C
// stops and keeps what was found). Paths are relative to the root's folder, lines 1-based.
import * as path from 'node:path';
import { coverageOfProject, type CoverageReport, type SentenceCoverage } from '../core/coverage';
import { findForSentences, type SentenceResult } from '../core/coverage/batch';
import { createPipeline } from '../core/pipeline/index';
import type { Settings } from '../core/settings/index';
import { latexSourceVerdict } from '../core/manuscript/latexSource';
import { parseCommandLine } from './args';
import { diskFiles } from './files';
import { readInput, UsageError, type CliIo } from './io';
import { projectFolder } from '../core/manuscript/projectFolder';

export const COVERAGE_USAGE = 'citefinder coverage FILE.tex [--file-only] [--min-score S] [--find] [--config FILE] [--json]';

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
    { 'file-only': { type: 'boolean', default: false }, 'min-score': { type: 'string' }, find: { type: 'boolean', default: false } },
    true,
  );
  if (positionals.length !== 1) throw new UsageError('coverage takes one .tex file.');
  const minScore = parseMinScore(values['min-score']);
  const file = path.resolve(positionals[0]!);
  const text = await readInput(file, 'LaTeX file');
  const disk = diskFiles(await projectFolder(file));
  const verdict = await latexSourceVerdict(file, text, disk, positionals[0]);
  if (!verdict.ok) throw new UsageError(verdict.reason);
  let stage = '';
  const report = await coverageOfProject({
    file,
    scope: values['file-only'] ? 'file' : 'project',
    files: disk,
    minScore,
    signal,
    // One line per stage on stderr: a book-length project takes seconds.
    onProgress: (progress) => {
      if (progress.stage === stage) return;
      stage = progress.stage;
      io.stderr(stage === 'reading' ? `• reading ${progress.total} file(s)\n` : `• scoring ${progress.total} sentence(s)\n`);
    },
  });
  for (const warning of report.warnings) io.stderr(`! ${warning}\n`);
  if (values.json && !values.find) {
    io.stdout(JSON.stringify({ sentences: report.sentences.map((s) => sentenceJson(s, report.root)), warnings: report.warnings }, null, 2) + '\n');
    return 0;
  }
  io.stdout(textReport(report));
  if (!values.find) return 0;
  const settings = await loadSettings(values.config);
  const pipeline = createPipeline({ settings, llmApiKey: settings['llm.apiKey'] || undefined });
  const results = await findForSentences(report.flagged, pipeline, {
    read: disk.read,
    signal,
    onResult: (done, index, total) => io.stdout(values.json ? '' : `\n[${index}/${total}] ${findText(done, report.root)}`),
  });
  if (values.json) io.stdout(JSON.stringify(results.map((r) => findJson(r, report.root)), null, 2) + '\n');
  return 0;
}

function parseMinScore(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const score = Number(value);
  if (!Number.isFinite(score) || score < 0 || score > 1) throw new UsageError(`--min-score "${value}": give a number from 0 to 1.`);
  return score;
}

export function sentenceJson(s: SentenceCoverage, root: string) {
  return {
    file: path.relative(path.dirname(root), s.file),
    line: s.line + 1,
    column: s.column + 1,
    text: s.text,
    cited: s.cited,
    score: s.score,
    needsCitation: s.needsCitation,
    reason: s.reason,
  };
}

function where(s: SentenceCoverage, root: string): string {
  return `${path.relative(path.dirname(root), s.file)}:${s.line + 1}:${s.column + 1}`;
}

function textReport(report: CoverageReport): string {
  const lines = report.flagged.map((s) => `${where(s, report.root)}: ${s.score.toFixed(2)} ${s.reason}: ${s.text}`);
  const uncited = report.sentences.filter((s) => !s.cited).length;
  lines.push('', `${report.flagged.length} of ${uncited} sentence(s) without a citation need one (${report.sentences.length - uncited} cite already).`);
  return lines.join('\n') + '\n';
}

function findText({ sentence, result, error }: SentenceResult, root: string): string {
  const head = `${where(sentence, root)}: ${sentence.text}\n`;
  if (!result) return head + `  (no search: ${error})\n`;
  const best = result.candidates.slice(0, CANDIDATES_SHOWN);
  if (best.length === 0) return head + '  No candidates found.\n';
  return (
    head +
    best
      .map((c) => {
        const id = c.arxivId ? `arXiv:${c.arxivId}` : c.doi ? `doi:${c.doi}` : c.id;
        const score = c.score !== undefined ? ` · support ${c.score.toFixed(2)}` : '';
        return `  - ${c.title} (${c.authors.slice(0, 2).join(', ')}${c.authors.length > 2 ? ' et al.' : ''}, ${c.year ?? 'n.d.'}) ${id}${score}${c.citeKey ? ` · \\cite{${c.citeKey}}` : ''}`;
      })
      .join('\n') +
    '\n'
  );
}

function findJson({ sentence, result, error }: SentenceResult, root: string) {
  return { ...sentenceJson(sentence, root), ...(result ? { candidates: result.candidates.slice(0, CANDIDATES_SHOWN) } : { error }) };
}
