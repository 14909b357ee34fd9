// Links the webview pages may ask the host to open. The page is untrusted (it shows records
// and model answers from the outside), so the host opens only plain http(s) URLs: for a paper
// it builds the URL from its own copy of the record, never from the page's message; a chat link
// is checked here before VS Code (with its own link protection) opens it. No `vscode` import.
import type { Candidate } from '../core/types';

export type PaperLink = 'page' | 'arxiv' | 'doi' | 'published' | 'pubmed' | 'pmc' | 'pdf' | 'notice';
export const PAPER_LINKS: readonly PaperLink[] = ['page', 'arxiv', 'doi', 'published', 'pubmed', 'pmc', 'pdf', 'notice'];

/** The URL if it is a plain http(s) web address (no credentials), else undefined. */
export function webLink(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  // `https://trusted.org@evil.example/` shows one host and opens another.
  if (url.username || url.password) return undefined;
  return url.href;
}

/** The web address of one of a paper's links, from the record; undefined when it has none. */
export function paperLink(candidate: Candidate, link: PaperLink): string | undefined {
  switch (link) {
    case 'arxiv':
      return candidate.arxivId ? webLink(`https://arxiv.org/abs/${candidate.arxivId}`) : undefined;
    case 'doi':
      return candidate.doi ? webLink(`https://doi.org/${candidate.doi}`) : undefined;
    case 'published':
      return candidate.publishedDoi ? webLink(`https://doi.org/${candidate.publishedDoi}`) : undefined;
    case 'pubmed':
      return candidate.pmid && /^\d+$/.test(candidate.pmid) ? webLink(`https://pubmed.ncbi.nlm.nih.gov/${candidate.pmid}/`) : undefined;
    case 'pmc':
      return candidate.pmcid && /^PMC\d+$/.test(candidate.pmcid) ? webLink(`https://europepmc.org/article/PMC/${candidate.pmcid}`) : undefined;
    case 'pdf':
      return webLink(candidate.pdfUrl);
    case 'notice':
      return candidate.trust?.notice ? webLink(`https://doi.org/${candidate.trust.notice.doi}`) : undefined;
    case 'page':
      return webLink(candidate.url) ?? paperLink(candidate, 'doi') ?? paperLink(candidate, 'arxiv') ?? webLink(candidate.pdfUrl);
  }
}
