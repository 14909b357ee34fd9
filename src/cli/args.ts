// One way for every CLI command to read its options: node:util's parseArgs, strict, with the
// options every command shares (--json, --config), and its errors as usage errors (exit 2).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io';

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

const SHARED = {
  json: { type: 'boolean', default: false },
  config: { type: 'string' },
} as const satisfies OptionSpec;

/** `args` read against the command's own options plus the shared ones; positionals only when the command takes them. */
export function parseCommandLine<O extends OptionSpec>(args: string[], options: O, takesPositionals = false) {
  try {
    return parseArgs({ args, strict: true, allowPositionals: takesPositionals, options: { ...SHARED, ...options } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `--help`/`-h` anywhere among a command's arguments. */
export function asksForHelp(args: string[]): boolean {
  return args.includes('--help') || args.includes('-h');
}
