// JATS XML → document model on a real PLOS article (test/fixtures/jats), plus small hand-made
// JATS for the shapes that article lacks (a <fig> inside a <p>, hostile input).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { parseJats } from '../../../../src/core/fulltext/jats';
import { sectionKind } from '../../../../src/core/scoring/sections';
import { bodyParagraphs, DEFAULT_SECTION_HEAD, type FulltextDocument } from '../../../../src/core/fulltext/model';
import { FulltextError } from '../../../../src/core/fulltext/errors';

const jats = readFileSync(fixturePath('jats', 'pntd.0002065.xml'), 'utf8');

type FoundParagraph = { section: string; text: string; sentences: string[]; cites?: string[] };

function paragraphStartingWith(document: FulltextDocument, start: string): FoundParagraph {
  const found = bodyParagraphs(document).find((p) => p.paragraph.text.startsWith(start));
  assert.ok(found, `no paragraph starts with "${start}"`);
  return { section: found.section, ...found.paragraph };
}

function allBodyText(document: FulltextDocument): string {
  return bodyParagraphs(document).map((p) => p.paragraph.text).join('\n');
}

function isMalformedJats(pattern: RegExp): (error: unknown) => boolean {
  return (error) => error instanceof FulltextError && error.reason === 'malformed-jats' && pattern.test(error.message);
}

/** A minimal JATS article around the given <body> content. */
function article(body: string, back = ''): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!DOCTYPE article PUBLIC "-//NLM//DTD JATS (Z39.96) Journal Archiving and Interchange DTD v1.2 20190208//EN" "JATS-archivearticle1.dtd">\n' +
    '<article xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:hwp="http://schema.highwire.org/Journal" article-type="article">' +
    '<front><article-meta><title-group><article-title>A preprint</article-title></title-group>' +
    '<abstract abstract-type="graphical"><p>Picture legend.</p></abstract><abstract abstract-type="summary"><p>Lay summary.</p></abstract>' +
    '<abstract><p>The real abstract.</p></abstract>' +
    `</article-meta></front><body>${body}</body><back>${back}</back></article>`
  );
}

describe('JATS to document model', () => {
  describe('PLOS NTD 2013 (pntd.0002065, numbered [n] citations, nested sections)', () => {
    const document = parseJats(jats);

    it('reads the title and the untyped abstract, with numeric character references decoded', () => {
      assert.equal(document.title, 'Serological Evidence of Rift Valley Fever Virus Circulation in Sheep and Goats in Zambézia Province, Mozambique');
      assert.match(document.abstract ?? '', /^Rift Valley fever \(RVF\) is endemic in most parts of Africa/);
      assert.match(document.abstract ?? '', /\(OR = 7\.3; p<0\.001\)/, 'hair spaces and &#x0003c; read as text');
      assert.doesNotMatch(document.abstract ?? '', /Author Summary|mosquito-borne disease/, 'the summary abstract is not the abstract');
    });

    it('flattens nested <sec>s in reading order, each sub-section headed with its top-level section', () => {
      // "Cross-sectional surveys" is both a method and a result here: only the top level tells them apart.
      assert.deepEqual(
        document.sections.map((s) => s.head),
        [
          'Introduction',
          'Materials and Methods › Site description',
          'Materials and Methods › Animals and sampling',
          'Materials and Methods › Cross-sectional surveys',
          'Materials and Methods › Assessment of inter-epidemic transmission of RVFV',
          'Materials and Methods › Laboratory tests',
          'Materials and Methods › Statistical analysis',
          'Materials and Methods › Ethical approval',
          'Results › Cross-sectional surveys',
          'Results › Assessment of inter-epidemic transmission of RVFV',
          'Discussion',
        ],
      );
      assert.deepEqual(
        document.sections.map((s) => sectionKind(s.head)),
        ['introduction', 'method', 'method', 'method', 'method', 'method', 'method', 'method', 'results', 'results', 'results'],
        'the scorer reads each sub-section as its top level (Statistical analysis is a method here)',
      );
      assert.equal(document.sections[0].paragraphs.length, 5);
    });

    it('finds a paragraph in its section, with inline markup read in order', () => {
      const site = paragraphStartingWith(document, 'Zambézia Province is located in the central coastal region of Mozambique (17°0′S; 37°0′E)');
      assert.equal(site.section, 'Materials and Methods › Site description');
      assert.match(site.text, /It has a total area of 103,127 km2, much of it drained by the Zambezi River\./);
      const laboratory = paragraphStartingWith(document, 'Virus neutralization test - the virus neutralization (VN) test');
      assert.equal(laboratory.section, 'Materials and Methods › Laboratory tests');
    });

    it('joins italic species names with single spaces', () => {
      const intro = paragraphStartingWith(document, 'Rift Valley fever (RVF) is a disease caused by a RNA virus');
      assert.equal(intro.sentences[0], 'Rift Valley fever (RVF) is a disease caused by a RNA virus of the family Bunyaviridae, genus Phlebovirus.');
      const text = allBodyText(document);
      assert.match(text, /in eggs of Aedes mosquitoes that breed in waterlogged depressions called dambos\./);
      assert.match(text, /in African buffalo \(Syncerus caffer\), humans and sheep\./);
      assert.match(text, /water buffaloes \(Bubalus bubalis\) that were seropositive/);
    });

    it('drops [n] markers and the dash of a "[4]–[7]" range, keeping their targets as cites', () => {
      const epidemics = paragraphStartingWith(document, 'In the last decade Eastern and Southern African countries');
      assert.match(epidemics.text, /severe losses both in animals and humans\. In 2006\/2007 in Kenya/);
      assert.deepEqual(epidemics.cites?.slice(0, 3), ['pntd.0002065-WHO1', 'pntd.0002065-WHO2', 'pntd.0002065-Andriamandimby1']);
      const text = allBodyText(document);
      assert.doesNotMatch(text, /\[\d+\]/, 'a citation marker left in the text');
      assert.doesNotMatch(text, / [.,;:)]/, 'space before punctuation');
      assert.doesNotMatch(text, / {2}/, 'double space');
      assert.doesNotMatch(text, /\(\s*\)|\[\s*\]/, 'empty brackets');
      assert.doesNotMatch(text, /[–,] *\./, 'range dash or comma stranded before a full stop');
    });

    it('keeps figure and table captions out of the paragraphs', () => {
      const figure = document.captions.find((c) => c.startsWith('Figure 1: Location of the study areas. Figure 1 shows the map'));
      assert.ok(figure, `no Figure 1 caption in ${JSON.stringify(document.captions)}`);
      assert.ok(document.captions.includes('Table 1: RVF seroprevalence in 2007, as determined by virus neutralization test and IgG ELISA.'));
      assert.equal(document.captions.length, 6);
      const text = allBodyText(document);
      assert.doesNotMatch(text, /Location of the study areas|Three perennial rivers/);
      assert.doesNotMatch(text, /Values within a column with no superscripts/, 'a table footnote leaked into the body');
    });

    it('lists every reference and the bibliography with ids, authors, years and a DOI', () => {
      assert.equal(document.references.length, 32);
      assert.equal(document.bibliography?.length, 32);
      assert.equal(document.references[1], 'An assessment of the regional and national socio-economic impacts of the 2007 Rift Valley fever outbreak in Kenya');
      const rich = document.bibliography?.find((b) => b.id === 'pntd.0002065-Rich1');
      assert.deepEqual(rich?.authors, ['Rich', 'Wanyoike']);
      assert.equal(rich?.year, 2010);
      assert.match(rich?.raw ?? '', /^Rich KM, Wanyoike F \(2010\) An assessment .* Am J Trop Med Hyg 83: 52–57$/);
      const henrich = document.bibliography?.find((b) => b.id === 'pntd.0002065-Henrich1');
      assert.equal(henrich?.doi, '10.1371/journal.pntd.0001557', 'DOI from PLOS <comment>doi:<ext-link>');
      assert.equal(document.bibliography?.find((b) => b.id === 'pntd.0002065-WHO1')?.authors[0], 'WHO');
      assert.equal(document.bibliography?.find((b) => b.id === 'pntd.0002065-Murphy1')?.year, 1999, 'year of an unstructured citation');
    });

    it('leaves the acknowledgements out of the body', () => {
      assert.doesNotMatch(allBodyText(document), /We thank the Zambézia Veterinary Services/);
    });
  });

  describe('JATS shapes the PLOS article lacks', () => {
    it('keeps the caption of a <fig> anchored inside a <p> out of that paragraph', () => {
      const document = parseJats(
        article(
          '<sec><title>Results</title><p>Cells grew <italic>in vitro</italic> (<xref ref-type="fig" rid="F1">Figure 1</xref>).' +
            '<fig id="F1" position="float"><label>Figure 1.</label><caption><title>Growth curve.</title><p>Cells counted daily.</p></caption>' +
            '<graphic xlink:href="f1.tif"/></fig> Growth stopped on day 5<sup><xref ref-type="bibr" rid="c1">1</xref>,<xref ref-type="bibr" rid="c2">2</xref></sup>.' +
            '<disp-formula><tex-math>E = mc^2</tex-math></disp-formula></p></sec>',
        ),
      );
      assert.deepEqual(document.captions, ['Figure 1: Growth curve. Cells counted daily.']);
      const [paragraph] = document.sections[0].paragraphs;
      assert.equal(paragraph.text, 'Cells grew in vitro (Figure 1). Growth stopped on day 5.');
      assert.deepEqual(paragraph.cites, ['c1', 'c2']);
    });

    it('prefers the untyped abstract, skips a graphical one, reads hwp: markup, and takes a DOI from <pub-id>', () => {
      const document = parseJats(
        article(
          '<p hwp:id="p-1">Text before any section.</p>',
          '<ref-list><ref id="c1"><element-citation publication-type="journal"><person-group person-group-type="author">' +
            '<name><surname>Doe</surname><given-names>J</given-names></name></person-group><article-title>A result</article-title>' +
            '<source>J Test</source><year>2020</year><pub-id pub-id-type="doi">10.1101/2020.01.01.000001</pub-id></element-citation></ref></ref-list>',
        ),
      );
      assert.equal(document.abstract, 'The real abstract.');
      const typedOnly = article('').replace('<abstract><p>The real abstract.</p></abstract>', '');
      assert.equal(parseJats(typedOnly).abstract, 'Lay summary.', 'the first abstract that is not graphical');
      assert.deepEqual(document.sections, [{ head: DEFAULT_SECTION_HEAD, paragraphs: [{ text: 'Text before any section.', sentences: ['Text before any section.'] }] }]);
      assert.deepEqual(document.bibliography, [{ id: 'c1', authors: ['Doe'], title: 'A result', year: 2020, doi: '10.1101/2020.01.01.000001', raw: 'Doe J A result J Test 2020' }]);
    });

    it('keeps ref ids that bioRxiv doubles with hwp:id, so cites still point into the bibliography', () => {
      const document = parseJats(
        article(
          '<sec id="s1" hwp:id="sec-1"><title hwp:id="title-3">Introduction</title><p hwp:id="p-4">Disease X spread' +
            '<sup><xref ref-type="bibr" rid="c1" hwp:id="xref-ref-1-1">1</xref></sup>.</p></sec>',
          '<ref-list hwp:id="ref-list-1"><ref id="c1" hwp:id="ref-1"><label>1.</label><citation publication-type="website" ref:id="v1.1">' +
            '<collab hwp:id="collab-1">WHO</collab>. <article-title>Blueprint for R&amp;D preparedness</article-title>. ' +
            '<ext-link ext-link-type="uri" xlink:href="https://doi.org/10.1234/who.5">link</ext-link> (<year>2015</year>).</citation></ref></ref-list>',
        ),
      );
      assert.deepEqual(document.sections[0].paragraphs[0].cites, ['c1']);
      assert.equal(document.sections[0].paragraphs[0].text, 'Disease X spread.');
      const [who] = document.bibliography ?? [];
      assert.equal(who?.id, 'c1');
      assert.equal(who?.title, 'Blueprint for R&D preparedness');
      assert.equal(who?.doi, '10.1234/who.5', 'DOI from a doi.org link');
    });

    it('returns no sections for a JATS with an empty body (the caller falls back to the PDF)', () => {
      const document = parseJats(article(''));
      assert.deepEqual(document.sections, []);
      assert.equal(document.title, 'A preprint');
      const noBody = parseJats(jats.replace(/<body>[\s\S]*<\/body>/, ''));
      assert.deepEqual(noBody.sections, []);
      assert.equal(noBody.references.length, 32);
    });
  });

  describe('hostile input', () => {
    it('refuses a DOCTYPE with an internal subset (entity declarations)', () => {
      const laughs = '<?xml version="1.0"?><!DOCTYPE article [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><article><body><p>&lol2;</p></body></article>';
      assert.throws(() => parseJats(laughs), isMalformedJats(/declares entities/));
      const xxe = jats.replace('"JATS-archivearticle1.dtd">', '"JATS-archivearticle1.dtd" [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>');
      assert.throws(() => parseJats(xxe), isMalformedJats(/declares entities/));
    });

    it('refuses an HTML page, a non-article root and truncated XML', () => {
      const html = '<!DOCTYPE html>\n<html><head><title>Just a moment...</title></head><body><p>Checking your browser</p></body></html>';
      assert.throws(() => parseJats(html), isMalformedJats(/HTML page/));
      assert.throws(() => parseJats('<TEI><text><body/></text></TEI>'), isMalformedJats(/no <article> root/));
      assert.throws(() => parseJats(jats.slice(0, Math.floor(jats.length / 2))), isMalformedJats(/not well-formed/));
    });
  });
});
