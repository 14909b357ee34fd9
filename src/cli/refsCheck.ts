// `citefinder refs check FILE [--json] [--report FILE.md]`: the references of a PDF, a .bbl, a
// .tex with thebibliography, a GROBID TEI or pasted text (.txt), each with the graded verdict of
// `bib check`; a .bib is `bib check` itself. Nothing is written unless --report names a file.
import * as path from 'node:path';
import type { Settings } from '../core/settings/index';
import { parseCommandLine } from './args';
import { UsageError, type CliIo } from './io';
import { runBibCheck } from './bibCheck';
import { checkFile } from './referenceFile';

export const REFS_CHECK_USAGE = 'citefinder refs check (FILE.(pdf|bbl|tex|txt|xml|nxml|bib) | DOI | arXiv id | PMID | PMCID) [--json] [--report FILE.md] [--config FILE]';

export async function runRefsCheck(
  args: string[],
  loadSettings: (config?: string) => Promise<Settings>,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const { values, positionals } = parseCommandLine(args, { report: { type: 'string' } }, true);
  if (positionals[0] !== 'check' || positionals.length !== 2) throw new UsageError(`Usage: ${REFS_CHECK_USAGE}`);
  if (path.extname(positionals[1]!).toLowerCase() === '.bib') {
    const withoutReport = args.filter((a, i) => a !== '--report' && args[i - 1] !== '--report');
    return runBibCheck(withoutReport, loadSettings, io, signal);
  }
  return checkFile(positionals[1]!, { json: values.json ?? false, report: values.report, config: values.config }, loadSettings, io, signal);
}
