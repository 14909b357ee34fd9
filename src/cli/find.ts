// `citefinder find`: claim in, candidates with authoritative BibTeX out.
import type { Settings } from '../core/settings/index';
import { createPipeline } from '../core/pipeline/index';
import { readContextFile, requireClaim, type CliIo, type CliOptions } from './io';
import { findListener, printFindResult, withYears } from './findSetup';
import * as path from 'node:path';
import { chapterRootText } from '../core/manuscript/projectRoot';
import { diskFiles } from './files';

export async function runFind(
  options: CliOptions,
  settings: Settings,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const claim = requireClaim(options.claim);
  settings = withYears(settings, options.years);
  const document = options.contextFile ? await readContextFile(options.contextFile) : undefined;
  // A chapter as context: its root gives the title and abstract, as in the editor.
  const root = options.contextFile && document !== undefined ? await rootOfChapter(options.contextFile, document) : undefined;
  const pipeline = createPipeline({ settings, llmApiKey: settings['llm.apiKey'] || undefined });
  // The claim stage finds the selection in the document itself.
  const input = { selection: claim, document, ...(root === undefined ? {} : { root }) };
  const result = await pipeline.find(input, findListener(options, io), signal);
  printFindResult(result, options, io);
  return 0;
}

/** The project root's text when the context file is a chapter; undefined for a root, or when none is found. */
function rootOfChapter(contextFile: string, text: string): Promise<string | undefined> {
  const file = path.resolve(contextFile);
  return chapterRootText(file, text, diskFiles(path.dirname(file))).catch(() => undefined);
}
