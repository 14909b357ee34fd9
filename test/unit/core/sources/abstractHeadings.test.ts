// Abstracts as the services record them carry the publisher's "Abstract" heading as their first
// word: OpenAlex's word index ("Abstract Large language models …", "ABSTRACT Understanding …")
// and Crossref's JATS (`<jats:title>ABSTRACT</jats:title>`). The card and the scorer get the
// abstract's own words.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { openAlexRecord } from '../../../../src/core/sources/published/openAlex';
import { readCrossrefWork } from '../../../../src/core/sources/crossrefWork';
import { fixturePath } from '../../../standin/server';

function json(dir: string, name: string): unknown {
  return JSON.parse(readFileSync(fixturePath(dir, name), 'utf8'));
}

describe('abstracts without the publisher\'s "Abstract" heading', () => {
  it('from OpenAlex\'s inverted index, in either case; a heading that is a section of the abstract stays', () => {
    const search = json('openalex', 'works_filter-title.search_augmenting-llms-with-chemistry-tools_2-results_article-and-preprint.json') as { results: unknown[] };
    const article = search.results.map((w) => openAlexRecord(w)!).find((r) => r.title === 'Augmenting large language models with chemistry tools')!;
    assert.match(article.abstract!, /^Large language models \(LLMs\) have shown strong performance/);
    const preprint = openAlexRecord(json('openalex', 'works_doi-10.1101_2024.04.01.587366_biorxiv-preprint.json'))!;
    assert.match(preprint.abstract!, /^Understanding the effects of rare genetic variants/);
    // PNAS's "Significance" statement is part of what the authors wrote.
    assert.match(openAlexRecord(json('openalex', 'works_doi-10.1073_pnas.1414271111_single-work_with-abstract.json'))!.abstract!, /^Significance The inadequate/);
  });

  it('from Crossref\'s JATS', () => {
    const answer = json('crossref', 'works_10.1101_2024.04.01.587366_biorxiv-preprint_posted-content.json') as { message: unknown };
    assert.match(readCrossrefWork(answer.message)!.abstract!, /^Understanding the effects of rare genetic variants/);
  });
});
