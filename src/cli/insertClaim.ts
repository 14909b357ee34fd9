// `citefinder insert --claim-line`: searches for the claim and cites a work only when it is clearly
// the one the claim means, by the rule `coverage --insert` cites by (core/coverage/clearCitation.ts).
// The best-scored work with BibTeX, whatever its support, was cited before: the example's ResNet
// line got a paper on robotic grasping ("related", 0.37) because the works it meant had no BibTeX.
// Otherwise nothing is written, and the writer gets why and the works found, to cite one by `--id`.
import { createPipeline } from '../core/pipeline/index';
import { clearCitation } from '../core/coverage/clearCitation';
import { latexToPlainText } from '../core/latex/plainText';
import type { Settings } from '../core/settings/index';
import type { Candidate } from '../core/types';

/** How many of the works found a claim left uncited lists. */
export const CANDIDATES_LISTED = 3;

/** A work found for a claim left uncited, as `--json` gives it: what `insert --id` needs, and why it was not chosen. */
export interface ListedCandidate {
  /** What `insert --id` takes: `doi:…`, `arXiv:…`, else the work's link or record id. */
  id: string;
  title: string;
  year?: number;
  score?: number;
  support?: string;
  /** The authority gave BibTeX: `insert --id` can cite it. */
  bibtex: boolean;
  trust?: string;
}

/** The work to cite and why it is the one, or why none is with the works found. */
export type ClaimChoice =
  | { candidate: Candidate; why: string; notInserted?: undefined }
  | { candidate?: undefined; notInserted: string; candidates: ListedCandidate[] };

/** Searches for the claim and chooses its work by the clear-citation rule. */
export async function chooseForClaim(claim: string, document: string, settings: Settings, signal: AbortSignal): Promise<ClaimChoice> {
  const pipeline = createPipeline({ settings, llmApiKey: settings['llm.apiKey'] || undefined });
  const result = await pipeline.find({ selection: claim, document }, () => {}, signal);
  // Read as the PDF shows it, as coverage's sentences are: "Perlmutter et~al.~(1999)" names its authors.
  const choice = clearCitation(result.candidates, latexToPlainText(claim));
  if (choice.candidate) return { candidate: choice.candidate, why: choice.why };
  return { notInserted: choice.reason, candidates: result.candidates.slice(0, CANDIDATES_LISTED).map(listed) };
}

/** The id `insert --id` cites a candidate by: its DOI, else its arXiv id (the authority's BibTeX is fetched again there). */
export function insertIdOf(c: Candidate): string | undefined {
  return c.doi ? `doi:${c.doi}` : c.arxivId ? `arXiv:${c.arxivId}` : undefined;
}

function listed(c: Candidate): ListedCandidate {
  const id = insertIdOf(c) ?? c.url ?? c.id;
  const trust = c.trust && c.trust.status !== 'ok' && c.trust.status !== 'unknown' ? c.trust.status : undefined;
  return { id, title: c.title, year: c.year, score: c.score, support: c.support?.label, bibtex: Boolean(c.bibtex && c.citeKey), trust };
}

/** The readable account of a claim left uncited: why, the works found, and how to cite one. */
export function notInsertedText(choice: { notInserted: string; candidates: ListedCandidate[] }, insertById: string): string {
  const head = `citefinder: not cited: ${choice.notInserted}. Nothing was inserted.\n`;
  if (choice.candidates.length === 0) return head;
  const lines = choice.candidates.map((c) => {
    const support = c.support ? ` · ${c.support}${c.score !== undefined ? ` ${c.score.toFixed(2)}` : ''}` : '';
    const marks = `${c.bibtex ? '' : ' · no BibTeX from its authority'}${c.trust ? ` · ${c.trust.toUpperCase()}` : ''}`;
    return `  - ${c.title} (${c.year ?? 'n.d.'}) ${c.id}${support}${marks}\n`;
  });
  return `${head}The works found, best first:\n${lines.join('')}To cite one of them: ${insertById}\n`;
}
