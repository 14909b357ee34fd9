// `citefinder score`: how well does one paper (PDF or GROBID TEI) support a claim?
// Prints the paragraphs best first with their scores and reasons.
import { readFile } from 'node:fs/promises';
import type { Settings } from '../core/settings';
import { parseClaim } from '../core/claim';
import { generateQueries } from '../core/queries';
import { createHttpClient } from '../core/net/http';
import { createLlmClient } from '../core/llm/openai';
import { fulltextFromPdfBytes, fulltextFromTei } from '../core/fulltext';
import { LlmCallBudget, scoreCandidate } from '../core/scoring';
import { readInput, requireClaim, UsageError, type CliIo, type CliOptions } from './io';

export async function runScore(
  options: CliOptions,
  settings: Settings,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const claim = parseClaim(requireClaim(options.claim));
  if (!options.pdf === !options.tei) throw new UsageError('score needs exactly one of --pdf FILE or --tei FILE.');
  const warn = (message: string) => io.stderr(`warning: ${message}\n`);
  const llm = createLlmClient(settings, settings['llm.apiKey'] || undefined);
  const fulltext = options.tei
    ? { kind: 'grobid' as const, document: fulltextFromTei(await readInput(options.tei, 'TEI file')) }
    : await fulltextFromPdfBytes(await readPdf(options.pdf!), {
        http: createHttpClient(settings),
        settings,
        signal,
      });
  const { queries } = await generateQueries(claim, llm, warn, signal);
  const scored = await scoreCandidate(
    { claim, queries, document: fulltext.document, retrievalScore: 1 },
    { llm, budget: new LlmCallBudget(settings['scoring.maxLlmCalls']), settings, signal, warn },
  );
  const output = { claim: claim.text, fulltext: fulltext.kind, paragraphs: scored.paragraphs };
  io.stdout(options.json ? JSON.stringify(output, null, 2) + '\n' : formatScore(output));
  return 0;
}

async function readPdf(path: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    throw new UsageError(`Cannot read PDF "${path}": ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
}

function formatScore(output: { fulltext: string; paragraphs: { text: string; section: string; score: number; reason: string }[] }): string {
  const lines = [`Full text from ${output.fulltext}.`];
  output.paragraphs.forEach((p, i) => lines.push(`${i + 1}. [${p.score.toFixed(2)}] ${p.section}`, `   ${p.text}`, `   ${p.reason}`));
  if (output.paragraphs.length === 0) lines.push('No paragraph matches the claim.');
  return lines.join('\n') + '\n';
}
