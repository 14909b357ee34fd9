// `citefinder score`: how well does one paper (PDF, GROBID TEI or a preprint's JATS) support a claim?
// Prints the paragraphs likeliest to hold the claim first (or in the LLM judge's order), each with its
// support and reason (scoring/passageOrder.ts).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Settings } from '../core/settings/index';
import type { ScoredParagraph } from '../core/types';
import { parseClaim } from '../core/claim';
import { generateQueries } from '../core/queries';
import { createHttpClient } from '../core/net/http';
import { createLlmClient } from '../core/llm/client';
import { FulltextError, fulltextFromPdfBytes, readJatsFile, readTeiFile, type FulltextResult } from '../core/fulltext';
import { LlmCallBudget, scoreCandidate } from '../core/scoring';
import { passageOrderNote } from '../core/scoring/passageOrder';
import { ArgumentError, requireClaim, unreadableFile, type CliIo, type CliOptions } from './io';

export async function runScore(
  options: CliOptions,
  settings: Settings,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const claim = parseClaim(requireClaim(options.claim));
  if ([options.pdf, options.tei, options.jats].filter(Boolean).length !== 1) {
    throw new ArgumentError('score needs exactly one of --pdf FILE, --tei FILE or --jats FILE.');
  }
  const warn = (message: string) => io.stderr(`warning: ${message}\n`);
  const llm = createLlmClient(settings, settings['llm.apiKey'] || undefined);
  const fulltext = await readDocument(options, settings, signal);
  if (fulltext.warning) warn(fulltext.warning);
  const { queries } = await generateQueries(claim, llm, warn, signal);
  const scored = await scoreCandidate(
    { claim, queries, document: fulltext.document, retrievalScore: 1 },
    { llm, budget: new LlmCallBudget(settings['scoring.maxLlmCalls']), settings, signal, warn },
  );
  const output = { claim: claim.text, fulltext: fulltext.kind, paragraphs: scored.paragraphs };
  io.stdout(options.json ? JSON.stringify(output, null, 2) + '\n' : formatScore(output));
  return 0;
}

/**
 * The paper named by --pdf, --tei or --jats. Every bad document ends the same way, in the same
 * words and with exit code 2: a file that cannot be read ("Cannot read PDF file …: no such file.")
 * or one that cannot be used ("Cannot use TEI file …: <why>."), be it missing, encrypted, corrupt,
 * too large, or XML that declares entities.
 */
async function readDocument(options: CliOptions, settings: Settings, signal: AbortSignal): Promise<FulltextResult> {
  const [what, typed] = options.tei ? ['TEI file', options.tei] : options.jats ? ['JATS file', options.jats] : ['PDF file', options.pdf!];
  // Named by its absolute path, as every command names a file it cannot read or use.
  const path = resolve(typed);
  try {
    if (options.tei) return { kind: 'grobid', document: await readTeiFile(path, settings, signal) };
    if (options.jats) return { kind: 'jats', document: await readJatsFile(path, settings, signal) };
    const bytes = new Uint8Array(await readFile(path));
    const http = createHttpClient(settings);
    return await fulltextFromPdfBytes(bytes, { http, settings, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    if ((error as NodeJS.ErrnoException).code) throw unreadableFile(what, path, error);
    if (error instanceof FulltextError) {
      throw new FulltextError(error.reason, `Cannot use ${what} "${path}": ${error.message.replace(/\.$/, '')}.`, { cause: error });
    }
    throw error;
  }
}

function formatScore(output: { fulltext: string; paragraphs: ScoredParagraph[] }): string {
  const lines = [`Full text from ${output.fulltext}.`];
  if (output.paragraphs.length > 1) lines.push(`(${passageOrderNote(output.paragraphs)})`);
  output.paragraphs.forEach((p, i) => lines.push(`${i + 1}. [${p.score.toFixed(2)}] ${p.section}`, `   ${p.text}`, `   ${p.reason}`));
  if (output.paragraphs.length === 0) lines.push('No paragraph matches the claim.');
  return lines.join('\n') + '\n';
}
