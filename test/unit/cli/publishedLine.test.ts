// The readable lists (`find`, `cite`) print a preprint's published version as a reader writes a
// venue: arXiv's journal_ref comes as the authors typed it, "ActaAstron.56:1-50,2006".
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { publishedLine } from '../../../src/cli/format';
import { parseArxivFeed } from '../../../src/core/sources/arxivAtom';
import type { Candidate } from '../../../src/core/types';
import { fixturePath } from '../../standin/server';

describe('the published version in the readable lists', () => {
  it("writes arXiv's journal_ref as a venue, keeping the journal's DOI", () => {
    const [record] = parseArxivFeed(readFileSync(fixturePath('arxiv-atom', 'api2026_idlist_astro-ph_0601001_old-style-id.atom.xml'), 'utf8')).records;
    assert.equal(record!.journal, 'ActaAstron.56:1-50,2006');
    const candidate = { ...record!, versionOfRecord: { journal: record!.journal, doi: record!.publishedDoi } } as unknown as Candidate;
    const doi = record!.publishedDoi ? `, doi:${record!.publishedDoi}` : '';
    assert.equal(publishedLine(candidate), `Published: Acta Astron. 56, 1–50 (2006)${doi}`);
    assert.equal(publishedLine({ ...candidate, versionOfRecord: undefined }), undefined);
  });
});
