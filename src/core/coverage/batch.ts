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
  /** Called as each sentence is done, with its place in the batch (1-based). */
  onResult?(done: SentenceResult, index: number, total: number): void;
  listener?: PipelineListener;
}

export async function findForSentences(
  sentences: SentenceCoverage[],
  pipeline: Pipeline,
  options: BatchOptions,
): Promise<SentenceResult[]> {
  const results: SentenceResult[] = [];
  const done = (outcome: SentenceResult) => {
    results.push(outcome);
    options.onResult?.(outcome, results.length, sentences.length);
  };
  for (const sentence of sentences) {
    if (options.signal?.aborted) break;
    const document = await options.read(sentence.file);
    const selection = document?.slice(sentence.start, sentence.end) ?? sentence.text;
    try {
      const result = await pipeline.find(
        { selection, document, ...(document ? { selectionOffset: sentence.start } : {}) },
        options.listener,
        options.signal,
      );
      done({ sentence, result });
    } catch (error) {
      if (isAbortError(error) || options.signal?.aborted) break;
      // One sentence the search cannot take (too long, no words left) does not end the batch.
      done({ sentence, error: (error as Error).message });
    }
  }
  return results;
}
