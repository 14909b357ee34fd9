// The strict one-pass XML reader the JATS and TEI readings use: the very tree fast-xml-parser's
// preserveOrder mode built for each (the readings walk it with the same helpers), on every real
// XML fixture the tests hold; and a broken document refused.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { JATS_XML, readXmlTree, TEI_XML } from '../../../../src/core/fulltext/xmlReader';
import { madeUpJats } from '../../../../src/core/fulltext/xmlWarmup';
import { fixturePath } from '../../../standin/server';

/** fast-xml-parser's options both readings used before: the ordered output, every value as text. */
const ORDERED = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
} as const;
/** As the JATS reading used it: tag prefixes off, HTML named references decoded. */
const before = new XMLParser({ ...ORDERED, transformTagName: (tag: string) => tag.slice(tag.indexOf(':') + 1), htmlEntities: true });
/** As the TEI reading used it: every prefix off (attributes' too), no HTML names. */
const teiBefore = new XMLParser({ ...ORDERED, removeNSPrefix: true, htmlEntities: false });

const xmlIn = (folder: string) =>
  readdirSync(fixturePath(folder, '')).filter((name) => name.endsWith('.xml')).map((name) => ({ name: `${folder}/${name}`, xml: readFileSync(fixturePath(folder, name), 'utf8') }));

describe('xmlReader', () => {
  it('builds the tree fast-xml-parser built for JATS, on the real JATS, Atom and CL-SciSumm XML and the made-up JATS', () => {
    const documents = [...xmlIn('jats'), ...xmlIn('arxiv-atom'), ...xmlIn('cl-scisumm'), { name: 'made-up JATS', xml: madeUpJats() }];
    assert.ok(documents.length >= 12, `${documents.length} documents`);
    for (const { name, xml } of documents) assert.deepEqual(readXmlTree(xml, JATS_XML), before.parse(xml), name);
  });

  it('builds the tree fast-xml-parser built for TEI (prefixes and namespace declarations off), on real GROBID TEI', () => {
    const documents = xmlIn('grobid-tei');
    assert.ok(documents.length >= 3);
    for (const { name, xml } of documents) assert.deepEqual(readXmlTree(xml, TEI_XML), teiBefore.parse(xml), name);
    const tree = readXmlTree('<TEI xmlns="http://www.tei-c.org/ns/1.0" xmlns:xlink="x"><div xml:id="d1" xlink:href="h">a&amp;b</div></TEI>', TEI_XML);
    assert.deepEqual(tree, [{ TEI: [{ div: [{ '#text': 'a&b' }], ':@': { id: 'd1', href: 'h' } }] }]);
  });

  it('decodes numeric references and the common HTML names, keeps other names as written, and cuts text as fast-xml-parser did', () => {
    const xml = '<?xml version="1.0"?>\n<p a="x&amp;y">R&#x000e9;sum&eacute; &nbsp;&unknown; <!-- note -->end<![CDATA[ <raw> ]]>tail<?pi x?>.</p>\n';
    const tree = readXmlTree(xml, JATS_XML);
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
      assert.throws(() => readXmlTree(broken, JATS_XML), /^Error: \d+:\d+: /);
    }
  });
});
