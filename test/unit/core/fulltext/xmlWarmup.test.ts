// The made-up JATS the parse worker reads while a real one downloads (fulltext/xmlWarmup.ts): it
// only warms what it walks, so it must be read the way a real article is, down every path.
import assert from 'node:assert/strict';
import { parseJats } from '../../../../src/core/fulltext/jats';
import { madeUpJats } from '../../../../src/core/fulltext/xmlWarmup';

describe('the made-up JATS of the XML warm-up', () => {
  const document = parseJats(madeUpJats());
  const paragraphs = document.sections.flatMap((section) => section.paragraphs);

  it('is a whole article to the JATS reader: title, abstract, labelled sections and sub-sections, paragraphs', () => {
    assert.match(document.title ?? '', /^Analysis /);
    assert.ok((document.abstract ?? '').split(' ').length > 40);
    assert.equal(document.sections.length, 16);
    assert.ok(document.sections.some((section) => /^2 \p{Lu}/u.test(section.head)), 'a numbered head ("2 Significant …")');
    assert.ok(paragraphs.length >= 60, `${paragraphs.length} paragraphs`);
  });

  it('exercises mixed content: citations, numeric character references, floats, tables, lists and references', () => {
    assert.ok(paragraphs.every((p) => p.sentences.length > 0));
    assert.ok(paragraphs.filter((p) => (p.cites?.length ?? 0) > 0).length >= 50, 'citation markers become cites');
    assert.ok(paragraphs.some((p) => p.text.includes('n = ')), 'numeric references decoded (&#x000a0;)');
    assert.ok(!paragraphs.some((p) => /Table \d|±/.test(p.text)), 'table cells stay out of the body');
    assert.equal(document.captions.length, 12, 'eight figure and four table captions');
    assert.equal(document.references.length, 40);
    assert.equal(document.bibliography?.filter((entry) => entry.doi).length, 20, 'element-citations with DOIs');
  });
});
