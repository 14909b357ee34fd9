// PubMed titles as Europe PMC sends them (a real `cancer` answer, six MED records): the markup they
// carry escaped is dropped once decoded, a real "<" or ">" stays, and the brackets PubMed puts round
// a title translated from another language go with its closing period.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { toPaperRecord, type EuropePmcResult } from '../../../../src/core/sources/europepmcRecord';
import { checkEuropePmcResult } from '../../../../src/core/sources/validate';
import { fixturePath } from '../../../standin/server';

const ANSWER = JSON.parse(
  readFileSync(fixturePath('europepmc', 'search_query-cancer_resultType-lite_med-records_escaped-markup-and-bracketed-titles.json'), 'utf8'),
) as { resultList: { result: unknown[] } };

function titles(): Map<string, string> {
  const records = ANSWER.resultList.result
    .map(checkEuropePmcResult)
    .filter((r): r is EuropePmcResult => r !== undefined)
    .map((r) => [r.pmid!, toPaperRecord(r, 'pubmed')!.title] as const);
  return new Map(records);
}

describe('PubMed titles from Europe PMC', () => {
  it('drop the markup they carry escaped, and keep a real "<" or ">"', () => {
    const title = titles();
    assert.equal(title.get('40505930'), 'circADARB1 enhances ZEB1 expression in an m6A-dependent manner to promote the invasion and migration of nasopharyngeal carcinoma');
    assert.match(title.get('40451289')!, /^Associations between ATM c\.7271T>G and cancer risk: /);
    assert.match(title.get('40450633')!, /^Breast imaging recommendations for young females \(age < 40 years\) with ≥ 20% lifetime breast cancer risk/);
    assert.match(title.get('40506639')!, /^Predictive value of \[18F\]FDG PET-derived parameters /);
    for (const [pmid, text] of title) assert.doesNotMatch(text, /<\/?(?:i|sup|sub)>|&lt;|&gt;/, pmid);
  });

  it('lose the brackets of a translated title with its closing period, and keep a bracket that opens one', () => {
    const title = titles();
    assert.equal(title.get('40533298'), 'Pregnancy after breast cancer');
    assert.equal(title.get('40534229'), 'Expert consensus on whole-course management of prostate cancer (2025 edition)');
    assert.ok(title.get('40506639')!.startsWith('Predictive value of [18F]FDG'));
  });
});
