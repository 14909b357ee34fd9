// The strict one-pass XML reader the JATS reading uses: the very tree fast-xml-parser's
// preserveOrder mode builds (the readings walk it with the same helpers), on the real JATS
// fixture and on the other real XML the tests hold; and a broken document refused.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { readXmlTree } from '../../../../src/core/fulltext/xmlReader';
import { ORDERED_XML_OPTIONS } from '../../../../src/core/fulltext/xmlNodes';
import { madeUpJats } from '../../../../src/core/fulltext/xmlWarmup';
import { fixturePath } from '../../../standin/server';

/** fast-xml-parser as the JATS reading used it: tag prefixes off, HTML named references decoded. */
const before = new XMLParser({ ...ORDERED_XML_OPTIONS, transformTagName: (tag: string) => tag.slice(tag.indexOf(':') + 1), htmlEntities: true });

const realXml = ['jats', 'grobid-tei', 'arxiv-atom', 'cl-scisumm'].flatMap((folder) =>
  readdirSync(fixturePath(folder, '')).filter((name) => name.endsWith('.xml')).map((name) => ({ name: `${folder}/${name}`, xml: readFileSync(fixturePath(folder, name), 'utf8') })),
);

describe('xmlReader', () => {
  it('builds the tree fast-xml-parser built, on every real XML fixture and the made-up JATS', () => {
    assert.ok(realXml.length >= 15, `${realXml.length} fixtures`);
    for (const { name, xml } of [...realXml, { name: 'made-up JATS', xml: madeUpJats() }]) {
      assert.deepEqual(readXmlTree(xml), before.parse(xml), name);
    }
  });

  it('decodes numeric references and the common HTML names, keeps other names as written, and cuts text as fast-xml-parser did', () => {
    const xml = '<?xml version="1.0"?>\n<p a="x&amp;y">R&#x000e9;sum&eacute; &nbsp;&unknown; <!-- note -->end<![CDATA[ <raw> ]]>tail<?pi x?>.</p>\n';
    const tree = readXmlTree(xml);
    assert.deepEqual(tree, before.parse(xml));
    assert.deepEqual(tree, [{
      p: [{ '#text': 'R\u00e9sum&eacute; \u00a0&unknown; end' }, { '#text': ' <raw> ' }, { '#text': 'tail' }, { '#text': '.' }],
      ':@': { a: 'x&y' },
    }]);
  });

  it('refuses what the validator refused: a truncated document, a mismatched tag, a bare ampersand', () => {
    const jats = readFileSync(fixturePath('jats', 'pntd.0002065.xml'), 'utf8');
    for (const broken of [jats.slice(0, Math.floor(jats.length / 2)), jats.replace('</title>', '</titl>'), jats.replace('<body>', '<body>a & b')]) {
      assert.notEqual(XMLValidator.validate(broken), true);
      assert.throws(() => readXmlTree(broken), /^Error: \d+:\d+: /);
    }
  });
});
