// A JATS citation that is its PubMed id and little else (`<mixed-citation><pub-id
// pub-id-type="pmid">…</pub-id></mixed-citation>`) is checked as the work its PMID names, as a
// DOI deposited alone is: against the stand-in's Europe PMC, which holds PMID 40120586 (Cell
// Genomics 2025, DOI 10.1016/j.xgen.2025.100814) and no PMID 99999991.
import assert from 'node:assert/strict';
import { useReferencesStandIn } from '../../../helpers/referencesStandIn';
import { checkReferences, fieldsOfItem, jatsItems } from '../../../../src/core/references';

const article = (refs: string) => `<?xml version="1.0"?><article><back><ref-list>${refs}</ref-list></back></article>`;
const PRIME_EDITING = 'High-throughput screening of human genetic variants by pooled prime editing';

describe('references named by their PubMed id alone', function () {
  this.timeout(60_000);
  const env = useReferencesStandIn();

  it('checks a JATS citation that is only its PMID as the work the PMID names, and a PMID that names nothing as not found', async () => {
    const list = jatsItems(article(`
      <ref id="B1"><label>1</label><mixed-citation publication-type="journal"><pub-id pub-id-type="pmid">40120586</pub-id></mixed-citation></ref>
      <ref id="B2"><label>2</label><mixed-citation publication-type="journal"><pub-id pub-id-type="pmid">99999991</pub-id></mixed-citation></ref>`));
    assert.deepEqual(fieldsOfItem(list.items[0]!), { pmid: '40120586' });
    const [named, unknown] = (await checkReferences(list.items, env.deps())).references;
    assert.equal(named!.titleFrom, 'identifier-alone');
    assert.equal(named!.fields.title, PRIME_EDITING);
    assert.match(named!.result!.verdict.verdict, /^verified/);
    assert.match(named!.result!.message, /The reference is its PMID alone: the work it names was taken, and only its existence could be checked\.$/);
    assert.equal(unknown!.result?.verdict.verdict, 'not-found');
    assert.match(unknown!.result!.message, /^Europe PMC has no work with PMID 99999991, and the reference prints no title to search by\./);
  });

  it('holds a PMID whose work has another first author against that work', async () => {
    const list = jatsItems(article(`
      <ref id="B3"><element-citation publication-type="journal"><person-group person-group-type="author"><name><surname>Doe</surname>
      <given-names>J</given-names></name></person-group><year>2025</year><pub-id pub-id-type="pmid">40120586</pub-id></element-citation></ref>`));
    const [other] = (await checkReferences(list.items, env.deps())).references;
    assert.equal(other!.titleFrom, 'identifier-other-work');
    assert.equal(other!.result?.verdict.verdict, 'mismatch');
    assert.match(other!.result!.message, /its PMID names "High-throughput screening/);
  });
});
