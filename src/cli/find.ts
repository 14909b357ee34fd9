// `citefinder find`: claim in, candidates with authoritative BibTeX out.
import type { Settings } from '../core/settings/index';
import type { PipelineEvent } from '../core/types';
import { createPipeline } from '../core/pipeline/index';
import { readInput, requireClaim, UsageError, type CliIo, type CliOptions } from './io';
import { parseYears } from '../core/queries/filter';
import { formatFindResult, describeEvent } from './format';

export async function runFind(
  options: CliOptions,
  settings: Settings,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const claim = requireClaim(options.claim);
  if (options.years !== undefined) {
    if (!parseYears(options.years)) throw new UsageError(`--years "${options.years}": give a range like 1998..2005, 2019.. or ..2010.`);
    settings = { ...settings, 'search.years': options.years };
  }
  const document = options.contextFile ? await readInput(options.contextFile, 'context file') : undefined;
  const pipeline = createPipeline({ settings, llmApiKey: settings['llm.apiKey'] || undefined });
  const listener = options.json
    ? () => {}
    : (event: PipelineEvent) => {
        const line = describeEvent(event);
        if (line) io.stderr(line + '\n');
      };
  const result = await pipeline.find(
    // The claim stage finds the selection in the document itself.
    { selection: claim, document },
    listener,
    signal,
  );
  io.stdout(options.json ? JSON.stringify(result, null, 2) + '\n' : formatFindResult(result));
  return 0;
}
