// The command-line adapter over src/core: argument parsing, settings, exit codes.
// Exit 0 when a run worked (even with no candidates), 2 on bad input, 130 on Ctrl-C.
import { version } from '../../package.json';
import { SettingsError } from '../core/settings/index';
import { runFind } from './find';
import { runScore } from './score';
import { asksForHelp } from './args';
import { ArgumentError, UsageError, type CliIo } from './io';
import { nearestName } from './nearest';
import { shellWord } from './shellCommand';
import { loadSettings, parseOptions } from './findSetup';
import { LOOKUP_USAGE, runLookup } from './lookup';
import { INSERT_USAGE, runInsert } from './insert';
import { AUDIT_USAGE, runAudit } from './audit';
import { BIB_CHECK_USAGE, runBibCheck } from './bibCheck';
import { COVERAGE_USAGE, runCoverage } from './coverage';
import { REFS_CHECK_USAGE, runRefsCheck } from './refsCheck';
import { stopIdleParseWorkers } from '../core/fulltext/parsePool';

const FIND_USAGE = 'citefinder find --claim TEXT [--context-file FILE] [--years 1998..2005|2019..|..2010] [--config FILE] [--json]';
const SCORE_USAGE = 'citefinder score --claim TEXT (--pdf FILE | --tei FILE | --jats FILE) [--config FILE] [--json]';

/** Each command's usage line, for `citefinder COMMAND --help`. */
const COMMAND_USAGE: Record<string, string> = {
  find: FIND_USAGE,
  score: SCORE_USAGE,
  lookup: LOOKUP_USAGE,
  insert: INSERT_USAGE,
  audit: AUDIT_USAGE,
  bib: BIB_CHECK_USAGE,
  coverage: COVERAGE_USAGE,
  refs: REFS_CHECK_USAGE,
};

export const USAGE = `Usage:
${Object.values(COMMAND_USAGE).map((line) => `  ${line}`).join('\n')}
  citefinder COMMAND --help | citefinder --version

Settings come from --config (a JSON object, keys as in the extension without "citefinder.")
and environment variables CITEFINDER_<KEY> (e.g. CITEFINDER_SOURCES_ARXIV_URL), which win.`;

const defaultIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const controller = new AbortController();
  const code = await runCommand(argv, io, controller);
  // The parse workers end themselves before the process does: stopped by its exit, one may abort it.
  await stopIdleParseWorkers();
  // Ctrl-C after the last step that checks for it (the paper read, printing): still a cancelled run.
  if (code === 0 && controller.signal.aborted) {
    io.stderr('citefinder: cancelled.\n');
    return 130;
  }
  return code;
}

async function runCommand(argv: string[], io: CliIo, controller: AbortController): Promise<number> {
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    const [command, ...rest] = argv;
    if (command === '--version' || command === '-v' || command === '-V' || command === 'version') {
      io.stdout(`citefinder ${version}\n`);
      return 0;
    }
    if (command === undefined) {
      // Asked for nothing: the manual, on stderr as for any other mistake (stdout may be a pipe).
      io.stderr(USAGE + '\n');
      return 2;
    }
    if (command === 'help' || command === '--help' || command === '-h') {
      io.stdout(USAGE + '\n');
      return 0;
    }
    if (!Object.hasOwn(COMMAND_USAGE, command)) throw new ArgumentError(unknownCommand(argv));
    if (asksForHelp(rest)) {
      io.stdout(`Usage: ${COMMAND_USAGE[command]}\n`);
      return 0;
    }
    // Commands with their own options parse them themselves and load the settings when ready.
    const settingsFrom = (config?: string) => loadSettings(config, warnOn(io));
    if (command === 'lookup') return await runLookup(rest, settingsFrom, io, controller.signal);
    if (command === 'insert') return await runInsert(rest, settingsFrom, io, controller.signal);
    if (command === 'audit') return await runAudit(rest, settingsFrom, io, controller.signal);
    if (command === 'bib') return await runBibCheck(rest, settingsFrom, io, controller.signal);
    if (command === 'coverage') return await runCoverage(rest, settingsFrom, io, controller.signal);
    if (command === 'refs') return await runRefsCheck(rest, settingsFrom, io, controller.signal);
    const options = parseOptions(rest);
    const settings = await loadSettings(options.config, warnOn(io));
    if (command === 'find') return await runFind(options, settings, io, controller.signal);
    return await runScore(options, settings, io, controller.signal);
  } catch (error) {
    return reportError(error, io, controller.signal, argv[0]);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

function warnOn(io: CliIo): (message: string) => void {
  return (message) => io.stderr(`warning: ${message}\n`);
}

/** One line: what was typed, the command it most likely meant, and where the list is. */
function unknownCommand(argv: string[]): string {
  const command = argv[0]!;
  // `citefinder --config cfg.json audit main.tex`: the options came first; the command follows them.
  const later = argv.findIndex((word) => Object.hasOwn(COMMAND_USAGE, word));
  if (command.startsWith('-') && later > 0) {
    const reordered = [...argv.slice(later), ...argv.slice(0, later)].map(shellWord).join(' ');
    return `The command comes first, then its options: citefinder ${reordered}`;
  }
  const near = nearestName(command, Object.keys(COMMAND_USAGE));
  return `Unknown command "${command}"${near ? `: did you mean "${near}"?` : '.'} "citefinder --help" lists the commands.`;
}

function reportError(error: unknown, io: CliIo, signal: AbortSignal, command: string | undefined): number {
  if (signal.aborted) {
    io.stderr('citefinder: cancelled.\n');
    return 130;
  }
  const err = error as Error;
  // A bad claim, config or input paper (FulltextError: corrupt, encrypted, not a PDF…).
  const isBadInput =
    err instanceof UsageError ||
    err instanceof SettingsError ||
    err.name === 'ClaimError' ||
    err.name === 'FulltextError';
  io.stderr(`citefinder: ${err.message}\n`);
  // A mistyped command line gets that command's usage line; a file or value it cannot use is said alone.
  const usage = command && Object.hasOwn(COMMAND_USAGE, command) ? COMMAND_USAGE[command] : undefined;
  if (err instanceof ArgumentError && usage) io.stderr(`Usage: ${usage}\n`);
  return isBadInput ? 2 : 1;
}
