// Semantic Scholar passes on publishers' entities: its abstracts of SAGE papers (the recorded 1936
// search) hold SAGE's own `&dquo;`, which the card would show as written.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { semanticScholarRecord } from '../../../../src/core/sources/published/semanticScholar';
import { fixturePath } from '../../../standin/server';

const RECORDED = JSON.parse(readFileSync(fixturePath('semanticscholar', 'paper-search_query-turing_year-1936_all-fields.json'), 'utf8')) as { data: unknown[] };

describe('Semantic Scholar titles and abstracts as text', () => {
  it('decode SAGE\'s &dquo; into the quotation mark it stands for', () => {
    const records = RECORDED.data.map((raw) => semanticScholarRecord(raw)!);
    const fertility = records.find((r) => r.title === 'Class Differences in Fertility')!;
    assert.match(fertility.abstract!, /the failure of the "upper classes" to reproduce as rapidly as the "lower classes."/);
    for (const r of records) assert.doesNotMatch(`${r.title} ${r.abstract ?? ''}`, /&dquo;/, r.title);
  });
});
