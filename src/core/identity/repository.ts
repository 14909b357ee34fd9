// The preprint servers by name: as the code writes them, as people read them, and as an LLM
// may answer them.
import type { CitationCount, Repository } from '../types';

export const REPOSITORIES: readonly Repository[] = ['arxiv', 'biorxiv', 'medrxiv'];

/** How each repository is written for people. */
export const REPOSITORY_LABEL: Readonly<Record<Repository, string>> = { arxiv: 'arXiv', biorxiv: 'bioRxiv', medrxiv: 'medRxiv' };

/** How the published lanes (and Crossref) are written for people. */
const OTHER_LABEL: Readonly<Record<string, string>> = {
  crossref: 'Crossref',
  dblp: 'DBLP',
  pubmed: 'PubMed',
  semanticscholar: 'Semantic Scholar',
  openalex: 'OpenAlex',
  europepmc: 'Europe PMC',
};

/** The label of a repository, a published lane or Crossref; any other name as it came. */
export function repositoryLabel(name: string): string {
  if (Object.hasOwn(OTHER_LABEL, name)) return OTHER_LABEL[name]!;
  return Object.hasOwn(REPOSITORY_LABEL, name) ? REPOSITORY_LABEL[name as Repository] : name;
}

/** "cited by 1,234 (OpenAlex)": the count, and which index counted. */
export function citedByText(citedBy: CitationCount): string {
  return `cited by ${citedBy.count.toLocaleString('en-US')} (${repositoryLabel(citedBy.by)})`;
}

/** A repository however it was written ("arXiv", "bioRxiv.org", "https://www.medrxiv.org/"). */
export function parseRepository(value: string): Repository | undefined {
  // Scheme and www. go first: they need their dots, which the next step removes.
  const key = value.trim().toLowerCase().replace(/^(https?:\/\/)?(www\.)?/, '').replace(/[\s.]+/g, '').replace(/(org|\/)+$/, '');
  return (REPOSITORIES as readonly string[]).includes(key) ? (key as Repository) : undefined;
}
