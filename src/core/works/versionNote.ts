// What is said when a preprint named by its own id got its published version's BibTeX
// (citation.preferPublished): the user cites what they name, so the entry's version is stated.
// One wording for `citefinder lookup` and `insert --id` and for the editor's "Cite by DOI"; no
// import beyond the types, so the editor's shell (dist/extension.js) can say it too.
import type { Candidate } from '../types';

/** The note, without a final stop; undefined when the BibTeX is of the work named. */
export function bibtexVersionNote(c: Candidate): string | undefined {
  if (c.bibtexOf !== 'published' || !c.publishedDoi || c.source === 'crossref') return undefined;
  const preprint = c.arxivId ? `arXiv:${c.arxivId}` : c.doi && c.doi !== c.publishedDoi ? `doi:${c.doi}` : 'the preprint';
  const journal = c.versionOfRecord?.journal ? `${c.versionOfRecord.journal}, ` : '';
  return `this BibTeX describes the published version (${journal}doi:${c.publishedDoi}), not the preprint ${preprint}`;
}
