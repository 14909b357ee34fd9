// `citefinder insert --tex FILE.tex --line N [--column C | --sentence TEXT] (--id ID | --claim-line)`:
// the \cite where the extension would put it and the entry in the .bib the root names. `--id` cites
// a DOI, arXiv id or link after the text before the position, or at the end of the sentence whose
// LaTeX source `--sentence` gives (found nearest to line N: an insert earlier on its line since
// does not move the citation into its middle); `--claim-line` searches for that claim (the
// sentence, else the line up to the column) and cites the work it clearly means (insertClaim.ts),
// else writes nothing and lists the works found. Files are replaced atomically.
import { createHttpClient } from '../core/net/http';
import { newWorkOf, planInsert } from '../core/manuscript/insertPlan';
import { latexProject, writePlan } from './files';
import { citeByIdentifier, NotAnIdentifierError } from '../core/works/cite';
import { bibtexVersionNote } from '../core/works/versionNote';
import type { Settings } from '../core/settings/index';
import type { Candidate } from '../core/types';
import { parseCommandLine } from './args';
import { ArgumentError, FileRefusedError, readInput, UsageError, type CliIo } from './io';
import { ReferencesByHandError } from '../core/manuscript/referencesByHand';
import { lineClaim, locateClaim } from '../core/manuscript/citeInsert';
import { trustLine } from './format';
import { invocation, shellWord } from './shellCommand';
import { chooseForClaim, notInsertedText } from './insertClaim';

export const INSERT_USAGE =
  'citefinder insert --tex FILE.tex --line N [--column C | --sentence TEXT] (--id ID | --claim-line) [--config FILE] [--json]';

export async function runInsert(
  args: string[],
  loadSettings: (config?: string) => Promise<Settings>,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const options = parseCommand(args);
  // Each file read once to plan; the writes below read afresh, as before.
  const { file: texFile, text: texText, files } = await latexProject(options.tex);
  const lines = texText.split('\n');
  const lineText = lines[options.line - 1];
  if (lineText === undefined) throw new UsageError(`--line ${options.line}: "${options.tex}" has ${lines.length} lines.`);
  const lineStart = lines.slice(0, options.line - 1).reduce((n, l) => n + l.length + 1, 0);
  const claim = claimOf(texText, options, lineStart, lineText.length);
  if (!texText.slice(claim.start, claim.end).trim())
    throw new UsageError(`Nothing before line ${options.line}, column ${claim.end - lineStart + 1} to attach the citation to.`);
  const settings = await loadSettings(options.config);
  const claimText = texText.slice(claim.start, claim.end).trim();
  const chosen: { candidate?: Candidate; why?: string } | undefined = options.id
    ? { candidate: await byId(options.id, settings, io, signal) }
    : await byClaim(claimText, texText, settings, options, io, signal);
  const candidate = chosen?.candidate;
  if (!candidate) return 0;
  const plan = await planInsert(texFile, texText, claim, newWorkOf(candidate), files, settings).catch((error: unknown) => {
    throw error instanceof ReferencesByHandError ? new FileRefusedError(error.message) : error;
  });
  await writePlan(plan, (file) => readInput(file, 'file'));
  const report = {
    key: plan.key,
    command: plan.command,
    bibFile: plan.bibFile,
    reused: plan.reused,
    work: { id: candidate.id, title: candidate.title, doi: candidate.doi, arxivId: candidate.arxivId },
    ...(chosen.why ? { why: chosen.why } : {}),
    notes: plan.notes,
  };
  io.stdout(
    options.json
      ? JSON.stringify(report, null, 2) + '\n'
      : `Cited ${plan.command}{${plan.key}} (${candidate.title}); ${plan.reused ? 'entry already in' : 'entry added to'} ${plan.bibFile}.\n` +
          `${chosen.why ? `  why: ${chosen.why}\n` : ''}${plan.notes.map((n) => `  ${n}\n`).join('')}`,
  );
  return 0;
}

/** The sentence --sentence names, else the line up to --column (its visible end by default: a trailing comment is not cited). */
function claimOf(
  texText: string,
  options: { tex: string; line: number; column?: number; sentence?: string },
  lineStart: number,
  lineLength: number,
): { start: number; end: number } {
  if (options.sentence !== undefined) {
    const sentence = locateClaim(texText, options.sentence, lineStart);
    if (!sentence) throw new UsageError(`--sentence: "${options.sentence.slice(0, 60)}" is not in "${options.tex}" any more; nothing was inserted.`);
    return sentence;
  }
  const claim = lineClaim(texText, lineStart, lineLength, options.column);
  if ('refused' in claim) throw new UsageError(`--line ${options.line}: ${claim.refused}; nothing was inserted.`);
  return claim;
}

interface InsertOptions {
  tex: string;
  line: number;
  column?: number;
  sentence?: string;
  id?: string;
  claimLine: boolean;
  config?: string;
  json: boolean;
}

function parseCommand(args: string[]): InsertOptions {
  const { values } = parseCommandLine(args, {
    tex: { type: 'string' },
    line: { type: 'string' },
    column: { type: 'string' },
    sentence: { type: 'string' },
    id: { type: 'string' },
    'claim-line': { type: 'boolean', default: false },
  });
  if (!values.tex) throw new ArgumentError('Missing --tex FILE.tex.');
  const line = Number(values.line);
  if (!Number.isInteger(line) || line < 1) throw new ArgumentError('--line N: a line number, 1 or more.');
  const column = values.column === undefined ? undefined : Number(values.column);
  if (column !== undefined && (!Number.isInteger(column) || column < 1)) throw new ArgumentError('--column C: a column, 1 or more.');
  if (Boolean(values.id) === values['claim-line']) throw new ArgumentError('Give exactly one of --id ID and --claim-line.');
  if (values.sentence !== undefined && column !== undefined) throw new ArgumentError('Give --column C or --sentence TEXT, not both.');
  if (values.sentence !== undefined && !values.sentence.trim()) throw new ArgumentError('--sentence TEXT: the sentence is empty.');
  return {
    tex: values.tex,
    line,
    column,
    sentence: values.sentence,
    id: values.id,
    claimLine: values['claim-line'] ?? false,
    config: values.config,
    json: values.json ?? false,
  };
}

async function byId(id: string, settings: Settings, io: CliIo, signal: AbortSignal): Promise<Candidate | undefined> {
  let outcome;
  try {
    outcome = await citeByIdentifier(id, { settings, http: createHttpClient(settings), signal });
  } catch (error) {
    if (error instanceof NotAnIdentifierError) throw new UsageError(error.message);
    throw error;
  }
  if (outcome.status === 'not-found') {
    io.stderr(`citefinder: ${outcome.message} Nothing was inserted.\n`);
    return undefined;
  }
  if (!outcome.candidate.bibtex) throw new Error(`No BibTeX from the authority: ${outcome.candidate.bibtexWhy ?? outcome.candidate.bibtexError ?? 'none'}. Nothing was inserted.`);
  // The command line cannot ask as the editor does: it says so loudly instead.
  const trust = trustLine(outcome.candidate);
  if (trust) io.stderr(`citefinder: ${trust}\n`);
  const version = bibtexVersionNote(outcome.candidate);
  if (version) io.stderr(`citefinder: ${version}.\n`);
  return outcome.candidate;
}

/** The same insert citing a work by its id: `--id ID` in place of `--claim-line`. */
function insertByIdHint(options: InsertOptions): string {
  const where = options.sentence !== undefined ? ['--sentence', options.sentence] : options.column !== undefined ? ['--column', String(options.column)] : [];
  const config = options.config !== undefined ? ['--config', options.config] : [];
  return [...invocation(), 'insert', '--tex', options.tex, '--line', String(options.line), ...where, '--id', 'ID', ...config].map(shellWord).join(' ');
}

/**
 * The work the claim clearly means, and why; else prints why none is and the works found (the JSON
 * document with --json) and gives undefined: nothing is written.
 */
async function byClaim(
  claim: string,
  document: string,
  settings: Settings,
  options: InsertOptions,
  io: CliIo,
  signal: AbortSignal,
): Promise<{ candidate: Candidate; why: string } | undefined> {
  const choice = await chooseForClaim(claim, document, settings, signal);
  if (choice.candidate) return choice;
  const text = notInsertedText(choice, insertByIdHint(options));
  if (!options.json) io.stderr(text);
  else {
    io.stderr(text.slice(0, text.indexOf('\n') + 1));
    io.stdout(JSON.stringify({ notInserted: choice.notInserted, candidates: choice.candidates }, null, 2) + '\n');
  }
  return undefined;
}
