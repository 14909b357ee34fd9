// What `find` and `score` read before they run, shared by the whole CLI (main.ts) and by its light
// entry for a repeated `find` (kept.ts): the options, the settings, the year range, and how a run's
// progress and result are printed. Nothing here loads the pipeline.
import type { Settings } from '../core/settings/index';
import type { FindResult, PipelineEvent } from '../core/types';
import { parseConfigText, resolveSettings } from '../core/settings/index';
import { parseYears } from '../core/queries/filter';
import { parseCommandLine } from './args';
import { ArgumentError, readInput, type CliIo, type CliOptions } from './io';
import { describeEvent, formatFindResult } from './format';

export function parseOptions(args: string[]): CliOptions {
  const { values } = parseCommandLine(args, {
    claim: { type: 'string' },
    'context-file': { type: 'string' },
    pdf: { type: 'string' },
    tei: { type: 'string' },
    jats: { type: 'string' },
    years: { type: 'string' },
  });
  const { claim, config, pdf, tei, jats, years } = values;
  return { claim, contextFile: values['context-file'], config, json: values.json ?? false, pdf, tei, jats, years };
}

/** The config file (if any) and the CITEFINDER_* environment, each problem passed to `warn`. */
export async function loadSettings(configPath: string | undefined, warn: (message: string) => void): Promise<Settings> {
  const values = configPath ? parseConfigText(await readInput(configPath, 'config file'), configPath) : {};
  return resolveSettings(values, process.env, warn);
}

/** The settings with this search's `--years`, which overrides `search.years`. */
export function withYears(settings: Settings, years: string | undefined): Settings {
  if (years === undefined) return settings;
  if (!parseYears(years)) throw new ArgumentError(`--years "${years}": give a range like 1998..2005, 2019.. or ..2010.`);
  return { ...settings, 'search.years': years };
}

/** Progress lines on stderr, unless the result is printed as JSON. */
export function findListener(options: CliOptions, io: CliIo): (event: PipelineEvent) => void {
  if (options.json) return () => {};
  let counted: string | undefined;
  return (event) => {
    const line = describeEvent(event);
    if (!line) return;
    // A merge that adds no card sends the list again: "• 1 candidate so far" is said once per count.
    if (event.type === 'candidates') {
      if (line === counted) return;
      counted = line;
    }
    io.stderr(line + '\n');
  };
}

export function printFindResult(result: FindResult, options: CliOptions, io: CliIo): void {
  io.stdout(options.json ? JSON.stringify(result, null, 2) + '\n' : formatFindResult(result));
}
