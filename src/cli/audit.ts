// `citefinder audit FILE.tex`: every \cite of the project (or of FILE only) checked against the
// paper it names. JSON paths are relative to the project root, lines and columns 1-based. The
// audit's cache is kept in the cache folder, so a second run checks only what changed.
import { mkdir, readFile } from 'node:fs/promises';
import { latexProject, writeAtomically } from './files';
import * as path from 'node:path';
import { AuditCache, auditProject, AUDIT_STATUSES, type AuditFinding, type AuditReport } from '../core/audit';
import { createHttpClient } from '../core/net/http';
import { resolveCacheDir } from '../core/net/cache';
import { createLlmClient } from '../core/llm/client';
import type { Settings } from '../core/settings/index';
import { plural } from '../core/text/plural';
import { parseCommandLine } from './args';
import { passageLines } from './format';
import { ArgumentError, type CliIo } from './io';

export const AUDIT_USAGE = 'citefinder audit FILE.tex [--file-only] [--config FILE] [--json]';

export async function runAudit(
  args: string[],
  loadSettings: (config?: string) => Promise<Settings>,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const { values, positionals } = parseCommandLine(args, { 'file-only': { type: 'boolean', default: false } }, true);
  if (positionals.length !== 1) throw new ArgumentError('audit takes one .tex file.');
  const { file, files: disk } = await latexProject(positionals[0]!, io);
  const settings = await loadSettings(values.config);
  const cacheDir = resolveCacheDir(settings);
  const cacheFile = cacheDir ? path.join(cacheDir, 'audit-cache.json') : undefined;
  const cache = cacheFile ? await loadCache(cacheFile) : new AuditCache();
  const listener = values.json ? () => {} : progressPrinter(io);
  const report = await auditProject(
    { file, scope: values['file-only'] ? 'file' : 'project', files: disk, exists: disk.exists },
    { settings, http: createHttpClient(settings), llm: createLlmClient(settings, settings['llm.apiKey'] || undefined), signal, cache },
    listener,
  );
  if (cacheFile) await saveCache(cacheFile, cache);
  io.stdout(values.json ? JSON.stringify(jsonReport(report), null, 2) + '\n' : textReport(report));
  return 0;
}


function progressPrinter(io: CliIo) {
  return (event: Parameters<Parameters<typeof auditProject>[2] & object>[0]) => {
    if (event.type === 'sites') io.stderr(`• ${plural(event.sites.length, 'citation')} to check\n`);
    if (event.type === 'warning') io.stderr(`! ${event.message}\n`);
  };
}

function citationJson(f: AuditFinding, root: string) {
  return {
    file: path.relative(path.dirname(root), f.site.file),
    line: f.site.range.start.line + 1,
    column: f.site.range.start.character + 1,
    key: f.site.key,
    sentence: f.site.sentence,
    ...(f.site.context ? { context: f.site.context } : {}),
    ...(f.scored ? { scored: f.scored } : {}),
    status: f.status,
    score: f.score ?? null,
    best: f.best ?? null,
    work: f.work ?? null,
    message: f.message,
    ...(f.service ? { service: f.service } : {}),
    ...(f.trust ? { trust: f.trust } : {}),
    ...(f.betterFit ? { betterFit: f.betterFit } : {}),
  };
}

function jsonReport(report: AuditReport) {
  return { citations: report.findings.map((f) => citationJson(f, report.root)), summary: report.summary, warnings: report.warnings };
}

function textReport(report: AuditReport): string {
  const lines = report.findings.map((f) => {
    const c = citationJson(f, report.root);
    // The message opens with its status for the Problems panel ("Supported: …"); the column already says it.
    const message = f.message.replace(new RegExp(`^${f.status}: `, 'i'), '');
    const line = `${c.file}:${c.line}:${c.column}: ${f.status.padEnd(11)} ${f.site.key}: ${message}`;
    // The passage the status was read from, which the message says is shown, and the words that matched.
    const best = f.best && { ...f.best, section: f.best.section || 'Text', text: f.best.text.replace(/\s+/g, ' ') };
    return [line, ...(best ? passageLines(best, '    ') : [])].join('\n');
  });
  lines.push('', AUDIT_STATUSES.map((s) => `${s} ${report.summary[s]}`).join(' · '));
  return lines.join('\n') + '\n';
}

async function loadCache(file: string): Promise<AuditCache> {
  try {
    return AuditCache.fromJSON(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return new AuditCache();
  }
}

async function saveCache(file: string, cache: AuditCache): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeAtomically(file, JSON.stringify(cache));
}

