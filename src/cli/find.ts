// `citefinder find`: claim in, candidates with authoritative BibTeX out.
import type { Settings } from '../core/settings/index';
import { createPipeline } from '../core/pipeline/index';
import { readInput, requireClaim, type CliIo, type CliOptions } from './io';
import { findListener, printFindResult, withYears } from './findSetup';

export async function runFind(
  options: CliOptions,
  settings: Settings,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const claim = requireClaim(options.claim);
  settings = withYears(settings, options.years);
  const document = options.contextFile ? await readInput(options.contextFile, 'context file') : undefined;
  const pipeline = createPipeline({ settings, llmApiKey: settings['llm.apiKey'] || undefined });
  // The claim stage finds the selection in the document itself.
  const result = await pipeline.find({ selection: claim, document }, findListener(options, io), signal);
  printFindResult(result, options, io);
  return 0;
}
