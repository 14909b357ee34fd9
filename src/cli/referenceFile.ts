// The check of one file's references (a PDF, .bbl, .tex with thebibliography, TEI or text):
// shared by `refs check` and by `bib check` of a file that is no .bib. Nothing is written unless
// a report file is named.
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { createHttpClient } from '../core/net/http';
import type { Settings } from '../core/settings/index';
import { checkReferences, readReferences, unidentifiedWhy, type CheckedReference, type ReferenceCheck } from '../core/references';
import { markdownReport, placeOf, verdictOf } from '../core/references/report';
import { writeAtomically } from './files';
import { UsageError, type CliIo } from './io';

/** The check of one non-.bib file (also what `bib check` delegates to). */
export async function checkFile(
  name: string,
  options: { json: boolean; report?: string; config?: string },
  loadSettings: (config?: string) => Promise<Settings>,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const file = path.resolve(name);
  const bytes = await readBytes(file, name);
  const settings = await loadSettings(options.config);
  const deps = { settings, http: createHttpClient(settings), signal };
  const list = await readReferences(file, bytes, deps);
  for (const notice of list.notices) io.stderr(`${notice}\n`);
  if (list.items.length === 0) throw new UsageError(`No references found in "${name}".`);
  if (!options.json) io.stderr(`• ${list.items.length} references read (${list.reader})\n`);
  const progress = options.json
    ? () => {}
    : (e: { type: string; done?: number; total?: number }) => {
        if (e.type === 'entry' && (e.done === e.total || e.done! % 25 === 0)) io.stderr(`• ${e.done} of ${e.total} references checked\n`);
      };
  const check = await checkReferences(list.items, deps, progress);
  if (options.report) {
    await writeAtomically(path.resolve(options.report), markdownReport(check, name));
    io.stderr(`Report written to ${options.report}\n`);
  }
  io.stdout(options.json ? JSON.stringify(jsonReport(check, list.reader), null, 2) + '\n' : textReport(check));
  return 0;
}

async function readBytes(file: string, name: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`Cannot read "${name}": ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message}.`);
  }
}

function jsonReference(r: CheckedReference) {
  const v = r.result?.verdict;
  return {
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

function jsonReport(check: ReferenceCheck, reader: string) {
  return { reader, references: check.references.map(jsonReference), summary: check.summary };
}

function textReport(check: ReferenceCheck): string {
  const lines = check.references.map((r) => {
    const v = r.result?.verdict;
    const label = v?.kind ? `${v.verdict}: ${v.kind}` : verdictOf(r);
    const message = r.result?.message ?? `${unidentifiedWhy(r.fields)} "${r.item.text.slice(0, 120)}"`;
    return `${(placeOf(r) || '-').padEnd(16)} ${label.padEnd(18)} ${r.fields.title ? `"${r.fields.title.slice(0, 80)}": ` : ''}${message}`;
  });
  lines.push('', Object.entries(check.summary).map(([verdict, n]) => `${verdict} ${n}`).join(' · '));
  if (check.summary.unavailable) lines.push('Unavailable is no verdict: an authority could not be asked; run the check again later.');
  return lines.join('\n') + '\n';
}
