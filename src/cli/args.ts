// One way for every CLI command to read its options: node:util's parseArgs, strict, with the
// options every command shares (--json, --config), and its errors as one-line argument errors (exit 2).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ArgumentError } from './io';
import { nearestName } from './nearest';

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

const SHARED = {
  json: { type: 'boolean', default: false },
  config: { type: 'string' },
} as const satisfies OptionSpec;

/** `args` read against the command's own options plus the shared ones; positionals only when the command takes them. */
export function parseCommandLine<O extends OptionSpec>(args: string[], options: O, takesPositionals = false) {
  const all = { ...SHARED, ...options };
  try {
    return parseArgs({ args, strict: true, allowPositionals: takesPositionals, options: all });
  } catch (error) {
    throw new ArgumentError(argumentProblem(error as Error & { code?: string }, Object.keys(all)));
  }
}

/**
 * parseArgs's error in the CLI's words. Its own are written for programmers ("Option '--claim <value>'
 * argument missing", or a sentence about '--' for a mistyped option) and name no likely fix.
 */
function argumentProblem(error: Error & { code?: string }, optionNames: string[]): string {
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  const option = quoted.split(' ')[0]!;
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const near = nearestName(option.replace(/^-+/, '').split('=')[0]!, optionNames);
    return `Unknown option ${option}${near ? `: did you mean --${near}?` : '.'}`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/argument missing/.test(error.message)) return `${option} needs a value.`;
    if (/does not take an argument/.test(error.message)) return `${option} takes no value.`;
  }
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    return `Unexpected argument "${quoted}": this command takes options only (quote a claim that has spaces).`;
  }
  return error.message;
}

/** The FILE of `bib check FILE` / `refs check FILE`; anything else an ArgumentError saying what is wrong. */
export function checkTarget(command: 'bib' | 'refs', positionals: string[]): string {
  const [sub, ...targets] = positionals;
  if (sub === undefined) throw new ArgumentError(`${command} needs "check" and a file.`);
  // `citefinder bib refs.bib`: the file came, the word before it did not.
  if (sub !== 'check' && targets.length === 0) throw new ArgumentError(`Missing "check": run citefinder ${command} check ${sub}`);
  if (sub !== 'check') throw new ArgumentError(`Unknown ${command} subcommand "${sub}": ${command} has one, "check".`);
  if (targets.length === 0) throw new ArgumentError(`${command} check needs a file.`);
  if (targets.length > 1) throw new ArgumentError(`${command} check takes one file, not ${targets.length}.`);
  return targets[0]!;
}

/** `--help`/`-h` anywhere among a command's arguments. */
export function asksForHelp(args: string[]): boolean {
  return args.includes('--help') || args.includes('-h');
}
