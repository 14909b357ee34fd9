// `citefinder lookup ID`: a DOI, arXiv id, PMID, PMCID or link → the work's record and the authority's BibTeX.
// A well-formed identifier nobody has is a run that worked (exit 0, "work": null, a message on
// stderr); a malformed one is bad input (exit 2). The work carries its trust (retracted,
// withdrawn, concern, corrected, ok, or unknown with the reason) and version of record.
import { createHttpClient } from '../core/net/http';
import { isRefusal, REFUSAL_ADVICE, refuserOf, refusalWords } from '../core/net/breaker';
import { formatIdentifier } from '../core/identity/identifiers';
import { citeByIdentifier, NotAnIdentifierError } from '../core/works/cite';
import { bibtexVersionNote } from '../core/works/versionNote';
import type { Candidate } from '../core/types';
import type { Settings } from '../core/settings/index';
import { parseCommandLine } from './args';
import { ArgumentError, UsageError, type CliIo } from './io';
import { publishedLine, trustLine } from './format';
import { venueText } from '../core/bibtex/journalRef';

export const LOOKUP_USAGE = 'citefinder lookup ID [--json] [--config FILE]   (ID: a DOI, an arXiv id, a PMID or PMCID, or a doi.org/arXiv/bioRxiv/medRxiv/PubMed/PMC link)';

export async function runLookup(
  args: string[],
  loadSettings: (config?: string) => Promise<Settings>,
  io: CliIo,
  signal: AbortSignal,
): Promise<number> {
  const { values, positionals } = parseCommandLine(args, {}, true);
  if (positionals.length !== 1) throw new ArgumentError('lookup takes exactly one identifier.');
  const settings = await loadSettings(values.config);
  let outcome;
  try {
    outcome = await citeByIdentifier(positionals[0]!, { settings, http: createHttpClient(settings), signal });
  } catch (error) {
    if (error instanceof NotAnIdentifierError) throw new UsageError(error.message);
    // A refusal is said as the checks say it, in one sentence with what to look at, not as the raw status line.
    if (isRefusal(error)) throw new Error(`${refuserOf(error)} ${refusalWords(error.status)}; ${REFUSAL_ADVICE}.`);
    throw error;
  }
  const id = formatIdentifier(outcome.id);
  if (outcome.status === 'not-found') {
    io.stderr(`citefinder: ${outcome.message}\n`);
    if (values.json) io.stdout(JSON.stringify({ id, work: null, bibtex: null, citeKey: null }, null, 2) + '\n');
    return 0;
  }
  const { bibtex, citeKey, bibtexSource, bibtexError, ...work } = outcome.candidate;
  // The readable output says why in words (bibtexWhy); the JSON's reader gets the detail on stderr too.
  if (bibtexError && values.json) io.stderr(`citefinder: ${bibtexError}\n`);
  // The JSON's work carries `trust` and `versionOfRecord` as find's candidates do; say it here too.
  const trust = trustLine(outcome.candidate);
  if (trust && values.json) io.stderr(`citefinder: ${trust}\n`);
  const version = bibtexVersionNote(outcome.candidate);
  if (version && values.json) io.stderr(`citefinder: ${version}.\n`);
  if (values.json) {
    io.stdout(JSON.stringify({ id, work, bibtex: bibtex ?? null, citeKey: citeKey ?? null, bibtexSource, bibtexError }, null, 2) + '\n');
  } else io.stdout(formatWork(outcome.candidate));
  return 0;
}


function formatWork(c: Candidate): string {
  const ids = [c.doi && `doi:${c.doi}`, c.arxivId && `arXiv:${c.arxivId}`, c.pmid && `PMID:${c.pmid}`, c.pmcid].filter(Boolean).join(', ');
  const venue = venueText(c);
  const authors = c.authors.length ? `  ${c.authors.slice(0, 6).join(', ')}${c.authors.length > 6 ? ' et al.' : ''}` : '  (no authors named)';
  const lines = [`${c.title} (${c.year ?? 'n.d.'})`, authors, `  ${ids}${venue ? ` · ${venue}` : ''}`];
  const trust = trustLine(c);
  if (trust) lines.push(`  ${trust}`);
  const published = publishedLine(c);
  if (published) lines.push(`  ${published}`);
  lines.push('');
  // What was wrong with the authority's LaTeX (and repaired), before the entry it concerns.
  if (c.bibtexNote) lines.push(`Note: ${c.bibtexNote}`);
  const version = bibtexVersionNote(c);
  if (version) lines.push(`Note: ${version}.`);
  lines.push(c.bibtex ? c.bibtex.trim() : `(no BibTeX: ${c.bibtexWhy ?? c.bibtexError ?? 'none'})`);
  return lines.join('\n') + '\n';
}

