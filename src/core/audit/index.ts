// The cite audit: every \cite of a file (or of the whole project from its root) checked against
// the paper it names. Sites are found first and announced, then each (sentence, key) is checked
// (results stream as they come), and the report sums them up. The audit edits nothing.
// Where "supported", "weak" and "unsupported" are decided: check.ts scores the sentence (score.ts),
// and audit/calibration.ts reads the score on the audit's own scale, with a line per field.
import type { PipelineDeps } from '../deps';
import { readBibEntries, type BibEntry } from '../bibtex/entries';
import { bibitemEntries } from '../references/bibitemEntries';
import type { TexFiles } from '../manuscript/project';
import { findProjectBibliography } from '../manuscript/projectBibliography';
import { resolveRootFile } from '../manuscript/projectRoot';
import { walkIncludes } from '../manuscript/projectTree';
import { isAbortError } from '../net/types';
import { readingWritesSettled } from '../fulltext';
import { AuditCache } from './cache';
import { CitationChecker } from './check';
import { addBetterFits, type PaperText } from './betterFit';
import { retractedBareCitations, withClaims } from './bareCitations';
import { citationMacros } from '../latex/citeMacros';
import { citationSites } from '../latex/citeSites';
import { findMathMacros } from '../latex/mathMacros';
import { SUPPORT_SCALE_VERSION } from '../scoring/calibration';
import { AUDIT_READING_VERSION } from './score';
import { AUDIT_STATUSES, type AuditFinding, type AuditListener, type AuditReport, type AuditSummary, type CitationSite } from './types';

export { AuditCache } from './cache';
export type * from './types';
export { AUDIT_STATUSES } from './types';

export interface AuditInput {
  /** Any .tex file of the project; the root is found as for insertion. */
  file: string;
  /** 'file': the citations in `file` only; 'project': every file from the root. */
  scope: 'file' | 'project';
  /** Read access to .tex and .bib files (editor buffers in the extension, disk in the CLI). */
  files: TexFiles;
  exists(file: string): Promise<boolean>;
}

export interface AuditDeps extends PipelineDeps {
  signal?: AbortSignal;
  cache?: AuditCache;
}

/** Citations checked at once: enough to keep every service's queue busy, few enough to stop soon on cancel. */
const CONCURRENT_CHECKS = 12;

export async function auditProject(input: AuditInput, deps: AuditDeps, listener: AuditListener = () => {}): Promise<AuditReport> {
  try {
    return await audit(input, deps, listener);
  } finally {
    // An audit is over, done or cancelled, when what it fetched and read is on disk, as a search
    // is (pipeline/index.ts): a re-run right after must find it, and the cache must be whole.
    await Promise.all([deps.http.storesSettled?.(), readingWritesSettled()]);
  }
}

async function audit(input: AuditInput, deps: AuditDeps, listener: AuditListener): Promise<AuditReport> {
  const text = await input.files.read(input.file);
  if (text === undefined) throw new Error(`Cannot read "${input.file}".`);
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    listener({ type: 'warning', message });
  };
  const root = await resolveRootFile(input.file, text, input.files);
  const tree = await walkIncludes(root.file, root.text, input.files);
  for (const loop of tree.loops) warn(`The project includes itself in a loop (${loop}); each file is read once.`);
  const audited = input.scope === 'file' ? tree.files.filter((f) => f.file === input.file) : tree.files;
  const checked = audited.length ? audited : [{ file: input.file, text }];
  // Display-math and citation macros are defined once, in the preamble, and used in every chapter.
  const texts = [...tree.files, ...checked].map((f) => f.text);
  const macros = findMathMacros(texts);
  const citing = citationMacros(texts);
  const entries = await bibEntries(tree, input, warn);
  const allSites = checked.flatMap((f) => citationSites(f.file, f.text, macros, citing));
  const { scored: sites, bare } = withClaims(allSites, entries, tree.root, warn);
  listener({ type: 'sites', sites });
  const hasBibitems = [...entries.values()].some((e) => !e.file.endsWith('.bib'));
  const cache = deps.cache ?? new AuditCache();
  const checker = new CitationChecker({ http: deps.http, settings: deps.settings, signal: deps.signal }, cache, (entry) =>
    AuditCache.entryKey(entryText(entry)),
  );
  // Only what the cache cannot answer is looked up, all of it at once.
  const toCheck = sites.filter((site) => {
    const entry = entries.get(site.key);
    return entry && !cache.get(AuditCache.keyOf(citedText(site), site.key, entryText(entry)));
  });
  checker.prefetch([...new Set(toCheck.map((site) => entries.get(site.key)!))]);
  const findings: AuditFinding[] = new Array(sites.length);
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < sites.length) {
      const index = next++;
      findings[index] = await checkSite(sites[index]!, entries, checker, cache, hasBibitems);
      listener({ type: 'finding', finding: findings[index]! });
      listener({ type: 'progress', done: ++done, total: sites.length });
    }
  };
  const workers = Promise.all(Array.from({ length: Math.min(CONCURRENT_CHECKS, sites.length) }, worker));
  const [, retracted] = await Promise.all([workers, retractedBareCitations(bare, entries, checker)]);
  for (const finding of await withBetterFits(findings, entries, checker, cache)) listener({ type: 'finding', finding });
  for (const finding of retracted) listener({ type: 'finding', finding });
  // In the document's order, the bare citations' findings among the others.
  const order = new Map(allSites.map((site, index) => [site, index]));
  findings.push(...retracted);
  findings.sort((a, b) => order.get(a.site)! - order.get(b.site)!);
  const report: AuditReport = { root: tree.root, findings, summary: summarise(findings), warnings };
  listener({ type: 'done', report });
  return report;
}

async function checkSite(
  site: CitationSite,
  entries: Map<string, BibEntry>,
  checker: CitationChecker,
  cache: AuditCache,
  hasBibitems = false,
): Promise<AuditFinding> {
  const entry = entries.get(site.key);
  const cacheKey = AuditCache.keyOf(citedText(site), site.key, entry ? entryText(entry) : undefined);
  const cached = cache.get(cacheKey);
  if (cached) return { ...cached, site, cached: true };
  if (!entry) {
    const where = hasBibitems ? '.bib file and no thebibliography' : '.bib file';
    const result = { status: 'missing' as const, message: `"${site.key}" is in no ${where} of the project.` };
    cache.set(cacheKey, result);
    return { ...result, site };
  }
  try {
    const result = await checker.check(site.sentence, entry, site.context);
    cache.set(cacheKey, result);
    return { ...result, site };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { site, status: 'unavailable', message: `The check failed: ${(error as Error).message}` };
  }
}

/** Marks the findings another work of the bibliography fits better (betterFit.ts); returns them, to be announced again. */
async function withBetterFits(
  findings: AuditFinding[],
  entries: Map<string, BibEntry>,
  checker: CitationChecker,
  cache: AuditCache,
): Promise<AuditFinding[]> {
  const texts = new Map<string, PaperText | undefined>();
  for (const key of new Set(findings.filter((f) => f.score !== undefined).map((f) => f.site.key))) {
    const entry = entries.get(key);
    if (entry) texts.set(key, await checker.paperText(entry));
  }
  return addBetterFits(findings, (key) => texts.get(key), cache.fitScores);
}

/** Every entry of the project's .bib files by key (the first wins, as in BibTeX); broken ones are warned about. */
async function bibEntries(
  tree: Awaited<ReturnType<typeof walkIncludes>>,
  input: AuditInput,
  warn: (message: string) => void,
): Promise<Map<string, BibEntry>> {
  const bibliography = await findProjectBibliography(tree, input.exists);
  const byKey = new Map<string, BibEntry>();
  let strings = new Map<string, string>();
  for (const file of bibliography.files) {
    const text = await input.files.read(file);
    if (text === undefined) {
      warn(`The bibliography "${file}" cannot be read.`);
      continue;
    }
    // BibTeX reads the files as one text: a file's @strings hold in the ones after it.
    const { entries, broken, strings: after } = readBibEntries(file, text, strings);
    strings = after;
    for (const b of broken)
      warn(
        `${file}:${b.line + 1}: entry ${b.key ? `"${b.key}" ` : ''}cannot be read (${b.message}); its citations count as missing. It is left as it is.`,
      );
    for (const entry of entries) if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
  }
  // A thebibliography written in the .tex (\bibitem) resolves its keys as a .bib does.
  for (const file of tree.files) {
    for (const entry of bibitemEntries(file.file, file.text)) if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
  }
  if (bibliography.files.length === 0 && byKey.size === 0) warn('The project names no .bib file (no \\bibliography or \\addbibresource) and has no \\bibitem.');
  return byKey;
}

/**
 * What a result depends on, for the cache: the sentence, the one before it when it is read, and
 * the versions of the scale and of the audit's reading of it (older results are checked again).
 */
function citedText(site: CitationSite): string {
  return `${SUPPORT_SCALE_VERSION}/${AUDIT_READING_VERSION}\u0000${site.context ?? ''}\u0000${site.sentence}`;
}

/** What identifies an entry for the cache: its fields, whatever their layout. */
function entryText(entry: BibEntry): string {
  return JSON.stringify([entry.type, Object.entries(entry.fields).sort(([a], [b]) => a.localeCompare(b))]);
}

function summarise(findings: AuditFinding[]): AuditSummary {
  const summary = Object.fromEntries(AUDIT_STATUSES.map((s) => [s, 0])) as AuditSummary;
  for (const f of findings) summary[f.status]++;
  return summary;
}
