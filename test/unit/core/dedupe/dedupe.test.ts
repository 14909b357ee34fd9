import assert from 'node:assert/strict';
import { dedupeRecords, type Hit } from '../../../../src/core/dedupe/dedupe';
import { identityKeys } from '../../../../src/core/identity/work';
import type { PaperRecord } from '../../../../src/core/types';
import {
  ARXIV_1710_08557,
  ARXIV_ASTRO_PH_9812133,
  BIB,
  HERGER_PREPRINT_WORK,
  PLOS_WORK,
  recordFromBib,
  recordFromCrossrefWork,
} from '../../../helpers/paperRecords';

const hit = (record: PaperRecord, queryIndex = 0, rank = 0): Hit => ({ record, queryIndex, rank });

describe('dedupeRecords', () => {
  it('merges the arXiv record of 1710.08557 with the DOI-only record of its journal version', () => {
    const journal = recordFromBib(BIB.jner, 'medrxiv');
    // The titles differ ("Biological Grasp" vs "biological and robotic grasp"): only the DOI links them.
    const titleKeys = (r: PaperRecord) => identityKeys(r).filter((k) => k.startsWith('title:'));
    assert.notDeepEqual(titleKeys(ARXIV_1710_08557), titleKeys(journal));

    const [candidate, ...rest] = dedupeRecords([hit(ARXIV_1710_08557, 0, 0), hit(journal, 1, 3)]);
    assert.equal(rest.length, 0);
    assert.deepEqual(candidate.sources, ['arxiv', 'medrxiv']);
    assert.deepEqual(candidate.matchedQueries, [0, 1]);
    // What each source adds survives: arXiv's abstract, PDF and category; the journal name.
    assert.equal(candidate.arxivId, '1710.08557');
    assert.equal(candidate.pdfUrl, 'http://arxiv.org/pdf/1710.08557v1');
    assert.deepEqual(candidate.categories, ['cs.RO']);
    assert.equal(candidate.journal, 'Journal of {NeuroEngineering} and Rehabilitation');
    assert.equal(candidate.doi, '10.1186/s12984-017-0305-3');
    assert.ok(candidate.abstract?.startsWith('Biological and robotic grasp'));
  });

  it('also links through publishedDoi, whichever side names it', () => {
    const arxivNamingJournal: PaperRecord = { ...ARXIV_1710_08557, doi: undefined, publishedDoi: '10.1186/S12984-017-0305-3' };
    const journal = recordFromBib(BIB.jner, 'medrxiv');
    assert.equal(dedupeRecords([hit(journal), hit(arxivNamingJournal, 1)]).length, 1);
  });

  it('merges versioned and versionless arXiv ids, old-style ids and arXiv DataCite DOIs', () => {
    const v1: PaperRecord = { ...ARXIV_1710_08557, id: 'arxiv:1710.08557v1', arxivId: '1710.08557v1', doi: undefined };
    const bare: PaperRecord = { ...ARXIV_1710_08557, doi: undefined, title: 'Other title text entirely here' };
    const datacite: PaperRecord = {
      id: 'doi:10.48550/arxiv.1710.08557',
      source: 'arxiv',
      title: 'x',
      authors: [],
      doi: '10.48550/arXiv.1710.08557',
    };
    const merged = dedupeRecords([hit(v1), hit(bare, 1), hit(datacite, 2)]);
    assert.equal(merged.length, 1);
    assert.equal(merged[0].arxivId, '1710.08557');

    const old: PaperRecord = { ...ARXIV_ASTRO_PH_9812133, doi: undefined, arxivId: 'astro-ph/9812133v1' };
    assert.equal(dedupeRecords([hit(old), hit({ ...old, arxivId: 'astro-ph/9812133' })]).length, 1);
    assert.equal(dedupeRecords([hit(old), hit({ ...old, arxivId: 'astro-ph/9812134', title: 'Unrelated work title' })]).length, 2);
  });

  it('matches on normalised title and first-author surname despite casing and punctuation', () => {
    const preprint = recordFromBib(BIB.hergerPreprint, 'biorxiv');
    const shouty: PaperRecord = {
      id: 'doi:10.9999/not-linked',
      source: 'medrxiv',
      title: 'HIGH-THROUGHPUT Screening of Human Genetic Variants by Pooled Prime-Editing.',
      authors: ['Herger M', 'Kajba CM'], // Europe PMC's "Surname Initials"
      year: 2024,
    };
    assert.equal(dedupeRecords([hit(preprint), hit(shouty)]).length, 1);
    const otherAuthor: PaperRecord = { ...shouty, authors: ['Findlay GM'] };
    assert.equal(dedupeRecords([hit(preprint), hit(otherAuthor)]).length, 2);
  });

  it('joins a bioRxiv preprint and its journal version (Crossref is-preprint-of)', () => {
    const preprint = recordFromCrossrefWork(HERGER_PREPRINT_WORK, 'biorxiv');
    assert.equal(preprint.publishedDoi, '10.1016/j.xgen.2025.100814');
    const published = recordFromBib(BIB.hergerPublished, 'biorxiv');
    const [merged, ...rest] = dedupeRecords([hit(preprint, 0, 0), hit(published, 0, 1)]);
    assert.equal(rest.length, 0);
    assert.equal(merged.doi, '10.1101/2024.04.01.587366'); // the best-ranked record leads
    assert.equal(merged.publishedDoi, '10.1016/j.xgen.2025.100814');
    assert.equal(merged.journal, 'Cell Genomics');
    assert.ok(merged.abstract && merged.abstract.length > 100);
  });

  it('links an arXiv title and a journal title that differ only in math markup (first/last words)', () => {
    const arxivWithoutDoi: PaperRecord = { ...ARXIV_ASTRO_PH_9812133, doi: undefined };
    const journal = recordFromBib(BIB.perlmutter, 'arxiv');
    assert.equal(journal.title, 'Measurements of $\\{upOmega}$ and $\\{upLambda}$ from 42 High-Redshift Supernovae');
    assert.equal(dedupeRecords([hit(arxivWithoutDoi), hit(journal)]).length, 1);
    // Same first author, first and last title words, but a different paper: stays apart.
    const sibling: PaperRecord = { ...arxivWithoutDoi, id: 'arxiv:x', arxivId: 'x', title: 'Measurements of the cosmological parameters of distant Supernovae' };
    assert.equal(dedupeRecords([hit(arxivWithoutDoi), hit(sibling)]).length, 2);
  });

  it('merges transitively, whatever the order of the hits', () => {
    const a: PaperRecord = { ...ARXIV_1710_08557, doi: undefined, title: 'Title A of one' };
    const b: PaperRecord = { ...ARXIV_1710_08557, title: 'Title B of two' }; // arXiv id and DOI
    const c: PaperRecord = { ...recordFromBib(BIB.jner, 'medrxiv'), title: 'Title C of three' };
    for (const order of [[a, b, c], [c, a, b], [a, c, b]]) {
      const merged = dedupeRecords(order.map((r, i) => hit(r, i)));
      assert.equal(merged.length, 1);
      assert.deepEqual(merged[0].matchedQueries, [0, 1, 2]);
    }
  });

  it('keeps distinct works apart, best-ranked first', () => {
    const records = [
      recordFromBib(BIB.frank, 'arxiv'),
      recordFromBib(BIB.godel, 'arxiv'),
      recordFromBib(BIB.jner, 'medrxiv'),
      recordFromBib(BIB.hergerPublished, 'biorxiv'),
      recordFromCrossrefWork(PLOS_WORK, 'biorxiv'),
      ARXIV_ASTRO_PH_9812133,
    ];
    const merged = dedupeRecords(records.map((r, i) => hit(r, 0, records.length - i)));
    assert.equal(merged.length, records.length);
    assert.deepEqual(merged.map((c) => c.id), records.map((r) => r.id).reverse());
    for (const c of merged) assert.equal(c.retrievalScore, 0);
  });

  it('keeps the earliest record id as hits keep arriving, so the pipeline fetches BibTeX once', () => {
    const journal = recordFromBib(BIB.jner, 'medrxiv');
    const first = dedupeRecords([hit(journal, 0, 5)]);
    const later = dedupeRecords([hit(journal, 0, 5), hit(ARXIV_1710_08557, 1, 0)]);
    assert.equal(first[0].id, 'doi:10.1186/s12984-017-0305-3');
    assert.equal(later[0].id, first[0].id);
    assert.equal(later[0].source, 'arxiv'); // fields lead with the best-ranked record
  });

  it('does not mistake generic short titles for the same work', () => {
    const a: PaperRecord = { id: 'doi:10.1/a', source: 'biorxiv', title: 'Editorial', authors: ['Smith J'], year: 2020 };
    const b: PaperRecord = { ...a, id: 'doi:10.1/b', doi: '10.1/b' };
    assert.equal(dedupeRecords([hit(a), hit(b)]).length, 2);
    assert.deepEqual(dedupeRecords([]), []);
  });
});
