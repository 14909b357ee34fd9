// `citefinder refs check FILE [--json] [--report FILE.md]`: the references of a PDF, a .bbl, a
// .tex with thebibliography, a GROBID TEI or pasted text (.txt), each with the graded verdict of
// `bib check`; a .bib is `bib check` itself, and so is a manuscript's .tex that cites from .bib
// files (manuscriptBib.ts). Nothing is written unless --report names a file.
import * as path from 'node:path';
import type { Settings } from '../core/settings/index';
import { checkTarget, parseCommandLine } from './args';
import type { CliIo } from './io';
import { checkBibFiles, runBibCheck } from './bibCheck';
import { manuscriptReferences, shown } from './manuscriptBib';
import { checkFile } from './referenceFile';

export const REFS_CHECK_USAGE = 'citefinder refs check (FILE.(pdf|bbl|tex|txt|xml|nxml|bib) | DOI | arXiv id | PMID | PMCID) [--json] [--report FILE.md] [--config FILE]';

export async function runRefsCheck(
  args: string[],
  loadSettings: (config?: string) => Promise<Settings>,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const { values, positionals } = parseCommandLine(args, { report: { type: 'string' } }, true);
  const target = checkTarget('refs', positionals);
  const options = { json: values.json ?? false, report: values.report, config: values.config };
  const extension = path.extname(target).toLowerCase();
  const bibNote = () => values.report && io.stderr('! --report writes the report of a reference list; a .bib check prints its own\n');
  if (extension === '.bib') {
    bibNote();
    const withoutReport = args.filter((a, i) => a !== '--report' && args[i - 1] !== '--report');
    return runBibCheck(withoutReport, loadSettings, io, signal);
  }
  // A manuscript: the .bib files it cites from, or its thebibliography.
  if (extension === '.tex') {
    const references = await manuscriptReferences(target, io);
    if ('listFile' in references) {
      const listedIn = shown(references.listFile, references.rootDir);
      return checkFile(shown(references.listFile), { ...options, listedIn }, loadSettings, io, signal);
    }
    bibNote();
    const { bibFiles, rootDir, cited } = references;
    return checkBibFiles(bibFiles, { ...options, write: false, rootDir, cited }, loadSettings, io, signal);
  }
  return checkFile(target, options, loadSettings, io, signal);
}
