// A journal or proceedings record read from the arXiv version it names says so (FulltextResult's
// `arxivVersion`), on its first reading and when a repeat finds that reading in the cache; a record
// read from its own PDF link does not, even when that link is on arXiv. The PDF is the real NAACL
// 2018 paper the stand-in serves as arXiv:1805.02262 (test/standin/files.ts).
import { strict as assert } from 'node:assert';
import { getFulltext, resetGrobidState } from '../../../../src/core/fulltext';
import { readingWritesSettled } from '../../../../src/core/net/readings';
import type { PaperRecord } from '../../../../src/core/types';
import { installFiles } from '../../../standin/files';
import { useGrobidStandIn } from '../../../helpers/grobidHarness';

const PROCEEDINGS: PaperRecord = {
  id: 'doi:10.18653/v1/n18-3011', source: 'dblp', title: 'Construction of the Literature Graph in Semantic Scholar',
  authors: ['Waleed Ammar', 'Dirk Groeneveld'], year: 2018, doi: '10.18653/v1/N18-3011', arxivId: '1805.02262',
};

describe('a reading of a record\'s arXiv version', function () {
  this.timeout(60_000);
  const h = useGrobidStandIn('arxiv-version', { 'grobid.enabled': false, 'http.retries': 0 }, [(s) => installFiles(s)]);
  const pdfAsked = () => h.standIn.requests.filter((r) => r.service === 'files').map((r) => r.path);

  it('names the arXiv id it read, and a repeat found in the cache names it too, asking nothing', async () => {
    const deps = h.deps();
    const first = await getFulltext(PROCEEDINGS, deps);
    assert.equal(first.kind, 'pdfjs', first.warning);
    assert.equal(first.arxivVersion, '1805.02262');
    assert.deepEqual(pdfAsked(), ['/arxiv/pdf/1805.02262']);
    await deps.http.storesSettled?.();
    await readingWritesSettled();

    resetGrobidState();
    h.standIn.requests.length = 0;
    const again = await getFulltext(PROCEEDINGS, h.deps());
    assert.deepEqual(h.standIn.requests.map((r) => r.path), [], 'the repeat is read from the cache');
    assert.equal(again.kind, 'pdfjs');
    assert.equal(again.arxivVersion, '1805.02262');
    assert.deepEqual(again.document.sections, first.document.sections);
  });

  it('does not name it when the record\'s own link gave the PDF, though that link is arXiv\'s', async () => {
    const ownLink = { ...PROCEEDINGS, source: 'semanticscholar' as const, pdfUrl: `${h.standIn.url}/files/arxiv/pdf/1805.02262v1` };
    const read = await getFulltext(ownLink, h.deps());
    assert.equal(read.kind, 'pdfjs', read.warning);
    assert.equal(read.arxivVersion, undefined);
    assert.deepEqual(pdfAsked(), ['/arxiv/pdf/1805.02262v1']);
  });
});
