// `citefinder bib check FILE.bib [--json] [--write]`: a graded verdict per entry (verified,
// verified-fixable, mismatch with its kind, not-found, future-date, unavailable) with its evidence.
// `--write` is the user's acceptance of the fixable fields (DOI, pages, volume, the published
// version's venue and year) of the entries verified as the same work, keeping FILE.bib.bak (a
// byte copy) and every other byte of the file. A mismatch is never written over: whether the
// entry or the authority's record is the one to keep is the user's call, entry by entry.
// Of several files, one that may not be written is checked all the same and named with its unwritten fixes (exit 2).
import { copyFile } from 'node:fs/promises';
import { editRefusal, writeAtomically } from './files';
import * as path from 'node:path';
import { checkBibliography, type BibCheckEntry, type BibCheckReport } from '../core/bibcheck';
import { authorityLabel, unavailableAdvice, VERDICTS, type FixableField } from '../core/bibcheck/verdict';
import { bibCheckEdits } from '../core/bibcheck/apply';
import { verdictsCountedOnce } from '../core/bibcheck/counts';
import type { ComparedField } from '../core/bibcheck/compare';
import { applyEdits } from '../core/manuscript/insertPlan';
import { encodingNote } from '../core/manuscript/latexSource';
import { createHttpClient } from '../core/net/http';
import type { Settings } from '../core/settings/index';
import { checkTarget, parseCommandLine } from './args';
import { FileRefusedError, readInput, UsageError, type CliIo } from './io';
import { checkFile } from './referenceFile';
import { manuscriptReferences, shown } from './manuscriptBib';
import { plural } from '../core/text/plural';

export const BIB_CHECK_USAGE = 'citefinder bib check FILE.bib [--json] [--write] [--config FILE]  (a .bbl, .pdf, .tex or .txt: as refs check)';

export async function runBibCheck(
  args: string[],
  loadSettings: (config?: string) => Promise<Settings>,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const { values, positionals } = parseCommandLine(args, { write: { type: 'boolean', default: false } }, true);
  const target = checkTarget('bib', positionals);
  const options = { json: values.json ?? false, write: values.write ?? false, config: values.config };
  const extension = path.extname(target).toLowerCase();
  // A manuscript: the .bib files it cites from, or its thebibliography as a reference list.
  if (extension === '.tex') {
    const references = await manuscriptReferences(target, io);
    if ('bibFiles' in references) {
      const { bibFiles, rootDir, cited } = references;
      return checkBibFiles(bibFiles, { ...options, rootDir, cited }, loadSettings, io, signal);
    }
    const listedIn = shown(references.listFile, references.rootDir);
    if (options.write) throw new UsageError(notWritable(`${target} cites from a thebibliography (${listedIn})`));
    return checkFile(shown(references.listFile), { ...options, listedIn }, loadSettings, io, signal);
  }
  // A .bbl, PDF or text file holds references too: checked as `refs check` does (never written).
  if (extension !== '.bib') {
    if (options.write) throw new UsageError(notWritable(`${target} is no .bib file`));
    return checkFile(target, options, loadSettings, io, signal);
  }
  return checkBibFiles([path.resolve(target)], options, loadSettings, io, signal);
}

/** Why --write refuses: it edits .bib entries, and a printed list is no .bib (nothing is read or written). */
function notWritable(why: string): string {
  return `--write edits .bib files; ${why}. Check it without --write.`;
}

/** The check of .bib files; `rootDir`, the folder of the manuscript they were found from (entries then say their file, relative to it). */
export async function checkBibFiles(
  files: string[],
  options: { json: boolean; write: boolean; config?: string; rootDir?: string; cited?: ReadonlySet<string> },
  loadSettings: (config?: string) => Promise<Settings>,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const texts = await Promise.all(files.map(async (file) => ({ file, text: await readInput(file, '.bib file') })));
  // A Latin-1 .bib's accented names read as U+FFFD and differ from every authority's: said, as coverage and audit say it.
  for (const note of texts.map(({ file, text }) => encodingNote(text, shown(file)))) if (note) io.stderr(`! ${note}\n`);
  const root = options.rootDir;
  const refused = options.write ? await refusedFiles(files, io, options.json) : new Map<string, string>();
  if (root !== undefined && !options.json) io.stderr(`• the manuscript cites from ${files.map((f) => shown(f, root)).join(', ')}\n`);
  const settings = await loadSettings(options.config);
  const progress = options.json
    ? () => {}
    : (e: { type: string; done?: number; total?: number }) => {
        if (e.type === 'entry' && (e.done === e.total || e.done! % 25 === 0)) io.stderr(`• ${e.done} of ${e.total} entries checked\n`);
      };
  const scope = options.cited ? { cited: options.cited } : {};
  const report = await checkBibliography(texts, { settings, http: createHttpClient(settings), signal }, progress, undefined, scope);
  if (report.uncited && !options.json) {
    io.stderr(`• ${report.uncited} entr${report.uncited === 1 ? 'y' : 'ies'} the manuscript does not cite left out (bib check FILE.bib checks them all)\n`);
  }
  if (report.missing?.length && !options.json) io.stderr(`! cited, and in no .bib: ${report.missing.join(', ')}\n`);
  const parents = report.crossrefParents ?? [];
  if (parents.length && !options.json) io.stderr(`• not checked, as the volumes other entries cross-reference (no work of their own): ${parents.join(', ')}\n`);
  if (report.entries.length === 0 && report.uncited) throw new UsageError(`The manuscript cites none of the ${report.uncited} entries of ${files.map((f) => `"${shown(f)}"`).join(', ')}.`);
  if (report.entries.length === 0) {
    const where = report.broken[0] ? ` (line ${report.broken[0].line + 1}: ${report.broken[0].message})` : '';
    throw new UsageError(`${files.map((f) => `"${shown(f)}"`).join(', ')} ${files.length === 1 ? 'holds' : 'hold'} no readable BibTeX entry${where}.`);
  }
  const backups: string[] = [];
  const unwritten: Unwritten[] = [];
  for (const { file, text } of options.write ? texts : []) {
    const entries = report.entries.filter((e) => e.file === file);
    const edits = authorityEdits(file, text, entries);
    const why = refused.get(file);
    const keys = () => entries.filter((e) => authorityEdits(file, text, [e]).length > 0).map((e) => e.key);
    if (edits.length && why) unwritten.push({ file, reason: why, keys: keys() });
    else if (edits.length) backups.push(await writeAuthorityFields(file, text, edits));
  }
  io.stdout(
    options.json
      ? JSON.stringify(jsonReport(report, backups, root, unwritten), null, 2) + '\n'
      : textReport(report, backups.length > 0, root),
  );
  for (const u of unwritten) io.stderr(`! ${u.reason}: its fixes (${u.keys.join(', ')}) were not written; make it writable and run again.\n`);
  return unwritten.length ? 2 : 0;
}

/** A file --write could not write, with the entries whose fixes it would have taken. */
interface Unwritten {
  file: string;
  reason: string;
  keys: string[];
}

/**
 * The files --write must leave alone (read-only, not UTF-8, a link to nothing), each with why. Said
 * before the check, not after minutes of it; when none can be written, the run is refused whole.
 */
async function refusedFiles(files: string[], io: CliIo, json: boolean): Promise<Map<string, string>> {
  const refused = new Map<string, string>();
  for (const file of files) {
    const why = await editRefusal(file);
    if (why) refused.set(file, why);
  }
  if (refused.size === files.length && refused.size > 0) throw new FileRefusedError([...refused.values()][0]!);
  for (const why of json ? [] : refused.values()) io.stderr(`! ${why}: it is checked, and its fixes will not be written\n`);
  return refused;
}

/** The accepted fixes of the file's verified-fixable entries, as edits of its text. */
function authorityEdits(file: string, text: string, entries: BibCheckEntry[]) {
  const accepted = new Map(entries.filter((e) => e.verdict.verdict === 'verified-fixable').map((e) => [e.key, Object.keys(e.fields) as ComparedField[]]));
  return bibCheckEdits(file, text, entries, accepted);
}

/** Keeps FILE.bak (a byte copy), then writes the edits; gives the backup's path. */
async function writeAuthorityFields(file: string, text: string, edits: ReturnType<typeof authorityEdits>): Promise<string> {
  await copyFile(file, `${file}.bak`);
  await writeAtomically(file, applyEdits(text, edits));
  return `${file}.bak`;
}

function jsonEntry(e: BibCheckEntry, root?: string) {
  const v = e.verdict;
  return {
    ...(root !== undefined ? { file: shown(e.file, root) } : {}),
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

/** `root`: the manuscript's folder, when the files were found from a manuscript (each entry then says its file). */
function jsonReport(report: BibCheckReport, backups: string[], root?: string, unwritten: Unwritten[] = []) {
  const fileOf = (file: string) => (root !== undefined ? { file: shown(file, root) } : {});
  return {
    entries: report.entries.map((e) => jsonEntry(e, root)),
    broken: report.broken.map((b) => ({ ...fileOf(b.file), key: b.key ?? null, line: b.line + 1, message: b.message })),
    verdicts: report.verdicts,
    summary: report.summary,
    ...(report.uncited !== undefined ? { uncited: report.uncited, missing: report.missing ?? [] } : {}),
    ...(report.crossrefParents?.length ? { crossrefParents: report.crossrefParents } : {}),
    ...(backups.length === 1 && root === undefined ? { backup: backups[0] } : {}),
    ...(root !== undefined && backups.length ? { backups } : {}),
    ...(unwritten.length ? { unwritten: unwritten.map((u) => ({ file: shown(u.file, root), reason: u.reason, keys: u.keys })) } : {}),
  };
}

function textReport(report: BibCheckReport, written: boolean, root?: string): string {
  // From a manuscript, each line names its file; padded to the longest, so the verdicts line up.
  const place = (file: string, line: number) => `${shown(file, root)}:${line + 1}`;
  const width = root === undefined ? 0 : Math.max(0, ...[...report.entries, ...report.broken].map((e) => place(e.file, e.line).length));
  const where = (file: string, line: number) => (root !== undefined ? place(file, line).padEnd(width) : String(line + 1).padStart(5));
  const rows = report.entries.map((e) => {
    const v = e.verdict;
    const label = (v.kind ? `${v.verdict}: ${v.kind}` : v.verdict) + (e.duplicateOf ? ` (duplicate of ${e.duplicateOf})` : '');
    const fields = v.evidence
      .filter((f) => f.status === 'differs' || f.status === 'missing' || v.fixable?.includes(f.field as FixableField))
      .map((f) => `\n    ${f.field}: ours ${JSON.stringify(f.entry ?? '')} · ${v.authority ? authorityLabel(v.authority) : 'authority'} ${JSON.stringify(f.authority ?? '')}${f.note ? ` (${f.note})` : ''}`)
      .join('');
    return { file: e.file, line: e.line, text: `${where(e.file, e.line)}  ${label.padEnd(18)} ${e.key}: ${e.message}${fields}` };
  });
  for (const b of report.broken) {
    rows.push({ file: b.file, line: b.line, text: `${where(b.file, b.line)}  broken             ${b.key ?? '?'}: ${b.message} (left as it is)` });
  }
  const lines = inFileOrder(rows).map((row) => row.text);
  // Each entry once, as the editor's summary counts them: the line adds up to the entries read.
  const once = verdictsCountedOnce(report.entries);
  const counts = VERDICTS.filter((v) => once[v] > 0).map((v) => `${v} ${once[v]}`).join(' · ');
  lines.push('', brokenCount(report) + counts + (report.summary.duplicate ? ` · duplicate ${report.summary.duplicate}` : ''));
  const advice = unavailableAdvice(report.entries.map((e) => e.verdict));
  if (advice) lines.push(advice);
  if (written) lines.push('The fixable fields of the verified entries were written; the original is kept as .bib.bak.');
  return lines.join('\n') + '\n';
}

/** Rows as the files hold them: an entry that is not valid BibTeX in its place among the others, not after them. */
function inFileOrder<Row extends { file: string; line: number }>(rows: Row[]): Row[] {
  const files = [...new Set(rows.map((row) => row.file))];
  return [...rows].sort((a, b) => files.indexOf(a.file) - files.indexOf(b.file) || a.line - b.line);
}

/**
 * "12 entries, 1 not valid BibTeX (line 38): ": an entry the parser could not read counts too. Its
 * line only: from a manuscript, its "broken" line above names the file, and the summary stays bib check's of that file.
 */
function brokenCount(report: BibCheckReport): string {
  const { broken } = report;
  if (!broken.length) return '';
  const where = `${broken.length > 1 ? 'lines' : 'line'} ${broken.map((b) => b.line + 1).join(', ')}`;
  return `${plural(report.entries.length + broken.length, 'entry', 'entries')}, ${broken.length} not valid BibTeX (${where}): `;
}
