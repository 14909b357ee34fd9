// The check of one file's references (a PDF, .bbl, .tex with thebibliography, TEI or text):
// shared by `refs check` and by `bib check` of a file that is no .bib. Nothing is written unless
// a report file is named.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { createHttpClient } from '../core/net/http';
import type { Settings } from '../core/settings/index';
import type { CoreDeps } from '../core/deps';
import { parseIdentifier } from '../core/identity/identifiers';
import {
  checkReferences,
  LIST_SOURCES,
  referenceSource,
  referencesOfWork,
  sourceReferences,
  unidentifiedWhy,
  type CheckedReference,
  type ListSource,
  type ReferenceCheck,
  type ReferenceList,
} from '../core/references';
import { unavailableAdvice } from '../core/bibcheck/verdict';
import { markdownReport, placeOf, verdictOf } from '../core/references/report';
import { writeAtomically } from './files';
import { readInputBytes, UsageError, type CliIo } from './io';
import { clipText } from '../core/text/clip';
import { plural } from '../core/text/plural';

/**
 * The check of one non-.bib file (also what `bib check` delegates to). `listedIn`: the file as the
 * manuscript's folder names it, when a manuscript led to it (its thebibliography may be in an
 * \input file): each reference then says its file, as `bib check` of a manuscript's .bib files does.
 */
export async function checkFile(
  name: string,
  options: { json: boolean; report?: string; config?: string; listedIn?: string },
  loadSettings: (config?: string) => Promise<Settings>,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const settings = await loadSettings(options.config);
  const deps = { settings, http: createHttpClient(settings), signal };
  const list = await referenceList(name, deps, io, options.json);
  for (const notice of list.notices) io.stderr(`! ${notice}\n`);
  if (list.items.length === 0) throw new UsageError(`No references found in "${name}".`);
  if (!options.json) io.stderr(`• ${plural(list.items.length, 'reference')} read (${list.reader})\n`);
  const progress = options.json
    ? () => {}
    : (e: { type: string; done?: number; total?: number }) => {
        if (e.type === 'entry' && (e.done === e.total || e.done! % 25 === 0)) io.stderr(`• ${e.done} of ${e.total} references checked\n`);
      };
  const check = await checkReferences(list.items, deps, progress);
  if (options.report) {
    await writeAtomically(path.resolve(options.report), markdownReport(check, name, list.notices));
    io.stderr(`Report written to ${options.report}\n`);
  }
  io.stdout(options.json ? JSON.stringify(jsonReport(check, list, options.listedIn), null, 2) + '\n' : textReport(check, options.listedIn));
  return 0;
}

/** A list read from a work named by its identifier says which work, and where its list came from. */
type ReadList = ReferenceList & { work?: ListedWork };
interface ListedWork {
  title: string;
  year: number | null;
  doi: string | null;
  arxivId: string | null;
  from: ListSource;
}

/** The references of the file `name`, or, when no such file exists and `name` is an identifier, of the work it names. */
async function referenceList(name: string, deps: CoreDeps, io: CliIo, json: boolean): Promise<ReadList> {
  const file = path.resolve(name);
  if (!existsSync(file) && parseIdentifier(name)) return workList(name, deps, io, json);
  const source = referenceSource(file, await readInputBytes(file, fileKind(file)));
  try {
    // Its notices name the file as it was typed; a Latin-1 list's note is among them, as bib check says it.
    return await sourceReferences(source, deps, name);
  } catch (error) {
    // A PDF that is corrupt, encrypted or no PDF at all: named, as `score` names it, with exit 2.
    if ((error as Error).name !== 'FulltextError') throw error;
    throw new UsageError(`Cannot use PDF file "${file}": ${(error as Error).message.replace(/\.$/, '')}.`);
  }
}

async function workList(id: string, deps: CoreDeps, io: CliIo, json: boolean): Promise<ReadList> {
  const outcome = await referencesOfWork(id, deps);
  // A DOI nobody has: well-formed, so said alone (a UsageError, not an ArgumentError with the usage), exit 2.
  if (outcome.status !== 'found') throw new UsageError(outcome.message);
  const { title, year } = outcome.work;
  if (!json) io.stderr(`• the references of "${title}"${year ? ` (${year})` : ''}, from ${LIST_SOURCES[outcome.from]}\n`);
  const { doi, arxivId } = outcome.work;
  return { ...outcome.list, work: { title, year: year ?? null, doi: doi ?? null, arxivId: arxivId ?? null, from: outcome.from } };
}

/** A reference file as the other commands' messages name theirs ("LaTeX file", ".bib file"), by its extension. */
const FILE_KINDS: Record<string, string> = {
  '.pdf': 'PDF file',
  '.bbl': '.bbl file',
  '.tex': 'LaTeX file',
  '.txt': 'text file',
  '.nxml': 'JATS file',
  // JATS or GROBID's TEI: which one, only the contents say.
  '.xml': 'XML file',
};

function fileKind(file: string): string {
  return FILE_KINDS[path.extname(file).toLowerCase()] ?? 'file';
}

function jsonReference(r: CheckedReference, file: string | undefined) {
  const v = r.result?.verdict;
  return {
    ...(file !== undefined ? { file } : {}),
    number: r.item.number ?? null,
    key: r.item.key ?? null,
    page: r.item.page ?? null,
    line: r.item.line === undefined ? null : r.item.line + 1,
    text: r.item.text,
    fields: r.fields,
    // The reference printed no title: fields.title is the authority's, found by its identifier or citation.
    ...(r.titleFrom ? { titleFrom: r.titleFrom } : {}),
    verdict: verdictOf(r),
    kind: v?.kind ?? null,
    ...(v?.otherKinds ? { otherKinds: v.otherKinds } : {}),
    ...(v?.fixable ? { fixable: v.fixable } : {}),
    confidence: v?.confidence ?? null,
    evidence: v?.evidence ?? [],
    authority: v?.authority ?? null,
    record: v?.record ?? null,
    searched: v?.searched ?? [],
    ...(r.result?.duplicateOf ? { duplicateOf: r.result.duplicateOf } : {}),
    ...(r.result?.trust ? { trust: r.result.trust } : {}),
    message: r.result?.message ?? unidentifiedWhy(r.fields),
  };
}

function jsonReport(check: ReferenceCheck, { reader, work, notices }: ReadList, file: string | undefined) {
  const said = notices.length ? { notices } : {};
  const references = check.references.map((r) => jsonReference(r, file));
  return { reader, ...(work ? { work } : {}), ...said, references, summary: check.summary };
}

/** The place column's widest: a longer place (a natbib label, a long key) pushes only its own line out. */
const MAX_PLACE_WIDTH = 64;

function textReport(check: ReferenceCheck, file: string | undefined): string {
  const places = check.references.map((r) => placeOf(r, file) || '-');
  const labels = check.references.map((r) => (r.result?.verdict.kind ? `${r.result.verdict.verdict}: ${r.result.verdict.kind}` : verdictOf(r)));
  // Columns as wide as their widest entry, so that the verdicts and the titles line up.
  const placeWidth = Math.min(MAX_PLACE_WIDTH, Math.max(16, ...places.map((p) => p.length)));
  const labelWidth = Math.max(18, ...labels.map((l) => l.length));
  const lines = check.references.map((r, i) => {
    const message = r.result?.message ?? `${unidentifiedWhy(r.fields)} "${clipText(r.item.text, 119)}"`;
    const title = r.fields.title ? `"${clipText(r.fields.title, 79)}": ` : '';
    return `${places[i]!.padEnd(placeWidth)} ${labels[i]!.padEnd(labelWidth)} ${title}${message}`;
  });
  lines.push('', Object.entries(check.summary).map(([verdict, n]) => `${verdict} ${n}`).join(' · '));
  const advice = unavailableAdvice(check.references.flatMap((r) => (r.result ? [r.result.verdict] : [])));
  if (advice) lines.push(advice);
  return lines.join('\n') + '\n';
}
