// Real records for the dedupe and rank tests. Journal records are read from the authority
// BibTeX and Crossref fixtures at run time; arXiv records carry the values of the recorded
// arXiv API feeds in team fixture collection: fixtures/arxiv-atom (pubs/pubs test data, see SOURCES.md there),
// transcribed field by field because the Atom parser belongs to the arXiv source.
import { readFileSync } from 'node:fs';
import { fixturePath } from '../standin/server';
import { readBibFields, splitBibtexAuthors } from '../../src/core/bibtex/citeKey';
import type { PaperRecord, Repository } from '../../src/core/types';

/** A record as a DOI-based source would give it, built from an authority BibTeX fixture. */
export function recordFromBib(file: string, source: Repository): PaperRecord {
  const { fields } = readBibFields(readFileSync(fixturePath('bibtex', file), 'utf8'));
  const doi = fields.doi.toLowerCase();
  return {
    id: 'doi:' + doi,
    source,
    title: fields.title,
    authors: splitBibtexAuthors(fields.author),
    year: Number(fields.year),
    doi,
    journal: fields.journal,
    url: 'https://doi.org/' + doi,
  };
}

interface CrossrefWork {
  message: {
    DOI: string;
    title: string[];
    author: { given?: string; family: string }[];
    issued: { 'date-parts': number[][] };
    abstract?: string;
    relation?: { 'is-preprint-of'?: { id: string }[] };
  };
}

/** The bioRxiv preprint as Crossref describes it, with the DOI of its journal version. */
export function recordFromCrossrefWork(file: string, source: Repository): PaperRecord {
  const work = (JSON.parse(readFileSync(fixturePath('crossref', file), 'utf8')) as CrossrefWork).message;
  const doi = work.DOI.toLowerCase();
  return {
    id: 'doi:' + doi,
    source,
    title: work.title[0],
    authors: work.author.map((a) => `${a.given ?? ''} ${a.family}`.trim()),
    year: work.issued['date-parts'][0][0],
    doi,
    abstract: work.abstract?.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim(),
    publishedDoi: work.relation?.['is-preprint-of']?.[0]?.id.toLowerCase(),
  };
}

/** legacy2019_idlist_1710.08557_same-work-as-doi-10.1186_s12984-017-0305-3.atom.xml */
export const ARXIV_1710_08557: PaperRecord = {
  id: 'arxiv:1710.08557',
  source: 'arxiv',
  title: 'On Neuromechanical Approaches for the Study of Biological Grasp and\n  Manipulation',
  authors: ['Francisco J Valero-Cuevas', 'Marco Santello'],
  year: 2017,
  arxivId: '1710.08557',
  version: 'v1',
  doi: '10.1186/s12984-017-0305-3',
  url: 'http://arxiv.org/abs/1710.08557v1',
  pdfUrl: 'http://arxiv.org/pdf/1710.08557v1',
  categories: ['cs.RO'],
  abstract:
    'Biological and robotic grasp and manipulation are undeniably similar at the level of mechanical ' +
    'task performance. However, their underlying fundamental biological vs. engineering mechanisms are, ' +
    'by definition, dramatically different and can even be antithetical.',
};

/** legacy2019_idlist_astro-ph_9812133_same-work-as-doi-10.1086_307221.atom.xml */
export const ARXIV_ASTRO_PH_9812133: PaperRecord = {
  id: 'arxiv:astro-ph/9812133',
  source: 'arxiv',
  title: 'Measurements of Omega and Lambda from 42 High-Redshift Supernovae',
  authors: ['S. Perlmutter', 'G. Aldering', 'G. Goldhaber', 'R. A. Knop', 'P. Nugent'],
  year: 1998,
  arxivId: 'astro-ph/9812133',
  version: 'v1',
  doi: '10.1086/307221',
  url: 'http://arxiv.org/abs/astro-ph/9812133v1',
  pdfUrl: 'http://arxiv.org/pdf/astro-ph/9812133v1',
  categories: ['astro-ph', 'hep-ex', 'hep-ph'],
  abstract:
    'We report measurements of the mass density, Omega_M, and cosmological-constant energy density, ' +
    'Omega_Lambda, of the universe based on the analysis of 42 Type Ia supernovae discovered by the ' +
    'Supernova Cosmology Project. The data are strongly inconsistent with a Lambda = 0 flat cosmology, ' +
    'the simplest inflationary universe model. An open, Lambda = 0 cosmology also does not fit the data ' +
    'well: the data indicate that the cosmological constant is non-zero and positive.',
};

export const BIB = {
  jner: 'doi-cn-2019_10.1186_s12984-017-0305-3_jner.bib',
  perlmutter: 'doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib',
  godel: 'doi-cn-2019_10.1007_BF01700692_unicode.bib',
  frank: 'crossref-cn_10.1126_science.169.3946.635.bib',
  hergerPublished: 'crossref-transform_10.1016_j.xgen.2025.100814_cell-genomics.bib',
  hergerPreprint: 'crossref-transform_10.1101_2024.04.01.587366_biorxiv-preprint.bib',
};

export const HERGER_PREPRINT_WORK = 'works_10.1101_2024.04.01.587366_biorxiv-preprint_posted-content.json';
export const PLOS_WORK = 'works_10.1371_journal.pone.0033693_plosone.json';

/**
 * The bioRxiv preprint on yeast protein abundance as the store's tests give it (the stand-in's
 * Crossref work of it counts 2 citations), and its Cell Genomics version found by PubMed (no
 * Crossref work recorded: the stand-in answers 404).
 */
export const YEAST_PREPRINT: PaperRecord = {
  id: 'doi:10.1101/2024.04.01.587366',
  source: 'biorxiv',
  title: 'Genetic variants affecting protein abundance in yeast',
  authors: ['A. Author'],
  year: 2024,
  doi: '10.1101/2024.04.01.587366',
};
export const YEAST_JOURNAL: PaperRecord = { ...YEAST_PREPRINT, id: 'pmid:40120586', source: 'pubmed', year: 2025, doi: '10.1016/j.xgen.2025.100814' };
