// `citefinder find` for a claim asked before: its kept result (pipeline/resultCache.ts) printed
// without loading the pipeline. A new CLI process spends most of a repeat loading the whole CLI
// (~3 MB of code, the router's tables); this entry is a small bundle of its own (dist/cli/kept.js)
// that reads the settings as the CLI does, finds the result by the alias the pipeline stored under
// the raw claim and document (pipeline/resultKey.ts: no LaTeX is read), and prints what `find`
// prints. On anything else (a miss, an LLM configured, a warning about the settings, bad input)
// it prints nothing and returns undefined, and the whole CLI runs the command as it always has.
import { join } from 'node:path';
import type { PipelineEvent } from '../core/types';
import { hasLlm } from '../core/llm/client';
import { resolveCacheDir } from '../core/net/cacheDir';
import { Run } from '../core/pipeline/run';
import { buildIdentity, NO_LLM_WARNING, readResultByInput, replayResult } from '../core/pipeline/resultKey';
import { asksForHelp } from './args';
import { readContextFile, requireClaim, type CliIo } from './io';
import { findListener, loadSettings, parseOptions, printFindResult, withYears } from './findSetup';

/** The bundle that runs the pipeline, and so writes the results this entry reads (its build is in their key). */
const PIPELINE_BUNDLE = join(__dirname, 'main.js');

const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/** Exit code 0 when a kept result was printed; undefined when the whole CLI must run the command. */
export async function keptFind(argv: string[], io: CliIo = processIo): Promise<number | undefined> {
  const [command, ...rest] = argv;
  if (command !== 'find' || asksForHelp(rest)) return undefined;
  try {
    const options = parseOptions(rest);
    const warnings: string[] = [];
    const settings = withYears(await loadSettings(options.config, (message) => warnings.push(message)), options.years);
    const dir = resolveCacheDir(settings);
    // What the pipeline would warn about, or ask an LLM for, is the whole CLI's to do.
    if (warnings.length > 0 || hasLlm(settings) || !dir) return undefined;
    const selection = requireClaim(options.claim);
    const document = options.contextFile ? await readContextFile(options.contextFile) : undefined;
    // Progress is held until the result is known to be kept: a miss must print nothing twice.
    const held: PipelineEvent[] = [];
    const run = new Run((event) => held.push(event));
    run.warn(NO_LLM_WARNING);
    const kept = await run.time('result', () => readResultByInput(dir, { selection, document }, settings, Date.now(), buildIdentity(PIPELINE_BUNDLE)));
    if (!kept) return undefined;
    const result = replayResult(kept, run);
    const listener = findListener(options, io);
    for (const event of held) listener(event);
    printFindResult(result, options, io);
    return 0;
  } catch {
    // Bad input is reported by the whole CLI, in its words and with its exit code.
    return undefined;
  }
}
