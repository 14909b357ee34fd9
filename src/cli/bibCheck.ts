// `citefinder bib check FILE.bib [--json] [--write]`: a graded verdict per entry (verified,
// verified-fixable, mismatch with its kind, not-found, future-date, unavailable) with its evidence.
// `--write` is the user's acceptance of the fixable fields (DOI, pages, volume, the published
// version's venue and year) of the entries verified as the same work, keeping FILE.bib.bak (a
// byte copy) and every other byte of the file. A mismatch is never written over: whether the
// entry or the authority's record is the one to keep is the user's call, entry by entry.
import { copyFile } from 'node:fs/promises';
import { writeAtomically } from './files';
import * as path from 'node:path';
import { checkBibliography, type BibCheckEntry, type BibCheckReport } from '../core/bibcheck';
import { authorityLabel, VERDICTS, type FixableField } from '../core/bibcheck/verdict';
import { bibCheckEdits } from '../core/bibcheck/apply';
import type { ComparedField } from '../core/bibcheck/compare';
import { applyEdits } from '../core/manuscript/insertPlan';
import { createHttpClient } from '../core/net/http';
import type { Settings } from '../core/settings/index';
import { parseCommandLine } from './args';
import { readInput, UsageError, type CliIo } from './io';
import { checkFile } from './referenceFile';

export const BIB_CHECK_USAGE = 'citefinder bib check FILE.bib [--json] [--write] [--config FILE]  (a .bbl, .pdf, .tex or .txt: as refs check)';

export async function runBibCheck(
  args: string[],
  loadSettings: (config?: string) => Promise<Settings>,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const { values, positionals } = parseCommandLine(args, { write: { type: 'boolean', default: false } }, true);
  if (positionals[0] !== 'check' || positionals.length !== 2) throw new UsageError(`Usage: ${BIB_CHECK_USAGE}`);
  // A .bbl, PDF, .tex or text file holds references too: checked as `refs check` does (never written).
  if (path.extname(positionals[1]!).toLowerCase() !== '.bib' && !values.write) {
    return checkFile(positionals[1]!, { json: values.json ?? false, config: values.config }, loadSettings, io, signal);
  }
  const file = path.resolve(positionals[1]!);
  const text = await readInput(file, '.bib file');
  const settings = await loadSettings(values.config);
  const progress = values.json
    ? () => {}
    : (e: { type: string; done?: number; total?: number }) => {
        if (e.type === 'entry' && (e.done === e.total || e.done! % 25 === 0)) io.stderr(`• ${e.done} of ${e.total} entries checked\n`);
      };
  const report = await checkBibliography([{ file, text }], { settings, http: createHttpClient(settings), signal }, progress);
  if (report.entries.length === 0) {
    const where = report.broken[0] ? ` (line ${report.broken[0].line + 1}: ${report.broken[0].message})` : '';
    throw new UsageError(`"${positionals[1]}" holds no readable BibTeX entry${where}.`);
  }
  let written = false;
  if (values.write) written = await writeAuthorityFields(file, text, report);
  io.stdout(
    values.json ? JSON.stringify(jsonReport(report, written ? `${file}.bak` : undefined), null, 2) + '\n' : textReport(report, written),
  );
  return 0;
}


async function writeAuthorityFields(file: string, text: string, report: BibCheckReport): Promise<boolean> {
  const accepted = new Map(report.entries.filter((e) => e.verdict.verdict === 'verified-fixable').map((e) => [e.key, Object.keys(e.fields) as ComparedField[]]));
  const edits = bibCheckEdits(file, text, report.entries, accepted);
  if (edits.length === 0) return false;
  await copyFile(file, `${file}.bak`);
  await writeAtomically(file, applyEdits(text, edits));
  return true;
}

function jsonEntry(e: BibCheckEntry) {
  const v = e.verdict;
  return {
    key: e.key,
    line: e.line + 1,
    verdict: v.verdict,
    ...(v.kind ? { kind: v.kind } : {}),
    ...(v.otherKinds ? { otherKinds: v.otherKinds } : {}),
    ...(v.fixable ? { fixable: v.fixable } : {}),
    confidence: v.confidence,
    authority: v.authority ?? null,
    record: v.record ?? null,
    ...(v.published ? { published: v.published } : {}),
    evidence: v.evidence,
    searched: v.searched,
    status: e.status,
    fields: e.fields,
    work: e.work ?? null,
    ...(e.duplicateOf ? { duplicateOf: e.duplicateOf } : {}),
    ...(e.trust ? { trust: e.trust } : {}),
    message: e.message,
  };
}

function jsonReport(report: BibCheckReport, backup?: string) {
  return {
    entries: report.entries.map(jsonEntry),
    broken: report.broken.map((b) => ({ key: b.key ?? null, line: b.line + 1, message: b.message })),
    verdicts: report.verdicts,
    summary: report.summary,
    ...(backup ? { backup } : {}),
  };
}

function textReport(report: BibCheckReport, written: boolean): string {
  const lines = report.entries.map((e) => {
    const v = e.verdict;
    const label = (v.kind ? `${v.verdict}: ${v.kind}` : v.verdict) + (e.duplicateOf ? ` (duplicate of ${e.duplicateOf})` : '');
    const fields = v.evidence
      .filter((f) => f.status === 'differs' || f.status === 'missing' || v.fixable?.includes(f.field as FixableField))
      .map((f) => `\n    ${f.field}: ours ${JSON.stringify(f.entry ?? '')} · ${v.authority ? authorityLabel(v.authority) : 'authority'} ${JSON.stringify(f.authority ?? '')}${f.note ? ` (${f.note})` : ''}`)
      .join('');
    return `${String(e.line + 1).padStart(5)}  ${label.padEnd(18)} ${e.key}: ${e.message}${fields}`;
  });
  for (const b of report.broken) lines.push(`${String(b.line + 1).padStart(5)}  broken             ${b.key ?? '?'}: ${b.message} (left as it is)`);
  lines.push('', VERDICTS.filter((v) => report.verdicts[v] > 0).map((v) => `${v} ${report.verdicts[v]}`).join(' · ') + (report.summary.duplicate ? ` · duplicate ${report.summary.duplicate}` : ''));
  if (report.verdicts.unavailable) lines.push('Unavailable is no verdict: an authority could not be asked; run the check again later.');
  if (written) lines.push('The fixable fields of the verified entries were written; the original is kept as .bib.bak.');
  return lines.join('\n') + '\n';
}
