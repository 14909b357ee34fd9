// Find Citations for each listed sentence in turn, through one pipeline (so one HTTP client: the
// services' pacing and the cache are shared by the whole batch). Cancelling stops after the
// sentence under way and keeps every result found so far.
import type { Pipeline } from '../pipeline/index';
import type { FindResult, PipelineListener } from '../types';
import { isAbortError } from '../net/types';
import type { SentenceCoverage } from './index';

export interface SentenceResult {
  sentence: SentenceCoverage;
  /** Absent when the search failed for this sentence; `error` says why. */
  result?: FindResult;
  error?: string;
}

export interface BatchOptions {
  /** The source of a sentence's file (the claim stage reads the sentence in it). */
  read(file: string): Promise<string | undefined>;
  signal?: AbortSignal;
  /**
   * Called as each sentence is done, with its place in the batch (1-based); the next search waits
   * for what it returns (the CLI's --insert writes the citation before the next sentence).
   */
  onResult?(done: SentenceResult, index: number, total: number): void | Promise<void>;
  listener?: PipelineListener;
  /** The source of the project's root when `file` is another file of it (a chapter): its title and macros are the chapter's too. */
  rootOf?(file: string): Promise<string | undefined>;
}

export async function findForSentences(
  sentences: SentenceCoverage[],
  pipeline: Pipeline,
  options: BatchOptions,
): Promise<SentenceResult[]> {
  const results: SentenceResult[] = [];
  for (const sentence of sentences) {
    if (options.signal?.aborted) break;
    const outcome = await searchOne(sentence, pipeline, options);
    if (!outcome) break;
    results.push(outcome);
    await options.onResult?.(outcome, results.length, sentences.length);
  }
  return results;
}

/** One sentence's search; undefined when the batch was cancelled during it. */
async function searchOne(sentence: SentenceCoverage, pipeline: Pipeline, options: BatchOptions): Promise<SentenceResult | undefined> {
  const document = await options.read(sentence.file);
  const selection = document?.slice(sentence.start, sentence.end) ?? sentence.text;
  try {
    const root = await options.rootOf?.(sentence.file);
    const result = await pipeline.find(
      { selection, document, ...(document ? { selectionOffset: sentence.start } : {}), ...(root === undefined ? {} : { root }) },
      options.listener,
      options.signal,
    );
    return { sentence, result };
  } catch (error) {
    if (isAbortError(error) || options.signal?.aborted) return undefined;
    // One sentence the search cannot take (too long, no words left) does not end the batch.
    return { sentence, error: (error as Error).message };
  }
}
