// A PDF's reference list, read by GROBID when it runs and by pdf.js otherwise (saying which), and
// a Physical Review PDF whose numbered list no heading opens, checked against the stand-in.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useReferencesStandIn } from '../../../helpers/referencesStandIn';
import { fixturePath } from '../../../standin/server';
import { checkReferences, fieldsOfItem, unidentifiedWhy } from '../../../../src/core/references';
import { pdfReferences } from '../../../../src/core/references/pdf';
import { resetGrobidState } from '../../../../src/core/fulltext';

describe('reference check of a PDF (stand-in)', function () {
  this.timeout(60_000);
  const env = useReferencesStandIn();
  const deps = () => env.deps();

  it('reads a PDF\'s references from GROBID\'s TEI when GROBID is on and alive, else from pdf.js, saying why', async () => {
    const bytes = new Uint8Array(readFileSync(fixturePath('pdf', 'acl2020-specter-cs.pdf')));
    resetGrobidState();
    env.settings = { ...env.settings, 'grobid.enabled': true };
    const viaGrobid = await pdfReferences(bytes, deps());
    assert.equal(viaGrobid.reader, 'grobid');
    assert.equal(viaGrobid.items.length, 57);
    assert.equal(viaGrobid.items[0]!.fields!.title, 'Estimating position bias without intrusive interventions');
    assert.ok(env.standIn.requests.some((r) => r.service === 'grobid'));
    resetGrobidState();
    env.settings = { ...env.settings, 'grobid.url': 'http://127.0.0.1:9' };
    const withoutGrobid = await pdfReferences(bytes, deps());
    assert.equal(withoutGrobid.reader, 'pdfjs');
    assert.equal(withoutGrobid.items.length, 57);
    assert.match(withoutGrobid.notices[0]!, /GROBID at http:\/\/127\.0\.0\.1:9 is not running; read the PDF in-process/);
    resetGrobidState();
  });

  it('reads the numbered list that ends a Physical Review PDF, which no heading opens, and identifies its title-less references', async () => {
    const bytes = new Uint8Array(readFileSync(fixturePath('references', 'prl-unheaded.pdf')));
    const list = await pdfReferences(bytes, deps());
    assert.equal(list.reader, 'pdfjs');
    assert.match(list.notices.at(-1)!, /no "References" heading \(as Physical Review Letters prints none\): read the numbered list that ends it, from "\[1\]" on page 1/);
    assert.deepEqual(list.items.map((i) => i.number), ['1', '2', '3', '4', '5']);
    assert.deepEqual(fieldsOfItem(list.items[4]!), { author: 'A. Einstein and B. Podolsky and N. Rosen', venue: 'Phys. Rev.', year: '1935', volume: '47', pages: '777' });
    const check = await checkReferences(list.items, deps());
    assert.deepEqual(check.references.map((r) => r.result?.verdict.verdict ?? 'unreadable'), ['verified-fixable', 'verified-fixable', 'verified-fixable', 'unreadable', 'unreadable']);
    assert.equal(check.references[0]!.result?.trust?.status, 'retracted');
    assert.equal(unidentifiedWhy(check.references[4]!.fields), 'It prints no title, and Crossref has no work with its first author, year, volume and first page: it was not checked.');
  });
});
