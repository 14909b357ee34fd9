// Citations with no words of its own (`\item \cite{x}`, `\todo{\cite{x}}`, "See also \cite{x}."):
// nothing to score them against, but a retracted or withdrawn work is still said wherever it is cited.
import * as path from 'node:path';
import type { BibEntry } from '../bibtex/entries';
import { pathFromRoot } from '../manuscript/projectRoot';
import { isAbortError } from '../net/types';
import { plural } from '../text/plural';
import type { CitationChecker } from './check';
import type { AuditFinding, CitationSite } from './types';

/**
 * Splits the sites into those that say something to check a paper against and the bare ones. A
 * bare citation would only score "unsupported": it is left out of scoring with one warning, unless
 * its key is in no bibliography, which is worth saying anyway.
 */
export function withClaims(
  sites: CitationSite[],
  entries: Map<string, BibEntry>,
  root: string,
  warn: (message: string) => void,
): { scored: CitationSite[]; bare: CitationSite[] } {
  const bare = sites.filter((site) => !saysSomething(site.sentence) && entries.has(site.key));
  if (bare.length) {
    const where = bare.slice(0, 5).map((site) => `${relativeName(site.file, root)}:${site.range.start.line + 1}`).join(', ');
    warn(bareWarning(bare.length, `${where}${bare.length > 5 ? ', …' : ''}`));
  }
  return { scored: sites.filter((site) => !bare.includes(site)), bare };
}

/** The one warning for the bare citations, `where` naming the first of them. */
function bareWarning(count: number, where: string): string {
  if (count === 1) {
    return `1 citation stands with no sentence of its own (${where}): nothing to check it against, so it is not scored; ` +
      'if its work is retracted or withdrawn, that is still reported.';
  }
  return `${plural(count, 'citation')} stand with no sentence of their own (${where}): ` +
    'nothing to check them against, so they are not scored; a retracted or withdrawn work among them is still reported.';
}

/** The bare sites whose work is retracted or withdrawn, as `unscored` findings; each entry is looked up once. */
export async function retractedBareCitations(
  bare: CitationSite[],
  entries: Map<string, BibEntry>,
  checker: CitationChecker,
): Promise<AuditFinding[]> {
  const byKey = new Map<string, ReturnType<CitationChecker['retraction']>>();
  for (const site of bare) if (!byKey.has(site.key)) byKey.set(site.key, retractionOf(entries.get(site.key)!, checker));
  const findings: AuditFinding[] = [];
  for (const site of bare) {
    const result = await byKey.get(site.key);
    if (result) findings.push({ ...result, site });
  }
  return findings;
}

/** A failed lookup says nothing here: a bare citation has no finding to mark unavailable. */
async function retractionOf(entry: BibEntry, checker: CitationChecker): ReturnType<CitationChecker['retraction']> {
  try {
    return await checker.retraction(entry);
  } catch (error) {
    if (isAbortError(error)) throw error;
    return undefined;
  }
}

/** Pointers are no claim: "see", "cf.", "e.g.", "and references therein". */
const POINTER_WORDS = new Set(['see', 'also', 'cf', 'e', 'g', 'eg', 'and', 'references', 'therein', 'refs', 'ref']);

function saysSomething(sentence: string): boolean {
  return (sentence.toLowerCase().match(/\p{L}+/gu) ?? []).some((word) => !POINTER_WORDS.has(word));
}

/** The file as the root names it (the audit's other messages name files the same way). */
function relativeName(file: string, root: string): string {
  return pathFromRoot(root, file) || path.basename(file);
}
