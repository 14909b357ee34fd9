// GROBID TEI → FulltextDocument on the three real recorded TEI files (test/fixtures/grobid-tei).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { parseTei } from '../../../../src/core/fulltext/tei';
import { bodyParagraphs, type FulltextDocument } from '../../../../src/core/fulltext/model';
import { FulltextError } from '../../../../src/core/fulltext/errors';

function teiText(name: string): string {
  return readFileSync(fixturePath('grobid-tei', `${name}_grobid-0.6.1.tei.xml`), 'utf8');
}

function paragraphStartingWith(document: FulltextDocument, start: string): { section: string; text: string; sentences: string[] } {
  const found = bodyParagraphs(document).find((p) => p.paragraph.text.startsWith(start));
  assert.ok(found, `no paragraph starts with "${start}"`);
  return { section: found.section, ...found.paragraph };
}

function allBodyText(document: FulltextDocument): string {
  return bodyParagraphs(document).map((p) => p.paragraph.text).join('\n');
}

describe('TEI to document model', () => {
  describe('SPECTER (ACL 2020, author–year citations, numbered heads)', () => {
    const document = parseTei(teiText('acl2020-specter-cs'));

    it('reads title, abstract and the numbered section heads in order', () => {
      assert.equal(document.title, 'SPECTER: Document-level Representation Learning using Citation-informed Transformers');
      assert.match(document.abstract ?? '', /^Representation learning is a critical ingredient for natural language processing systems\./);
      // The footnote mark GROBID glued to the end of the abstract ("... benchmark. 1") is gone.
      assert.match(document.abstract ?? '', /competitive baselines on the benchmark\.$/);
      const heads = document.sections.map((s) => s.head);
      assert.deepEqual(heads.slice(0, 4), ['1 Introduction', '2 Model 2.1 Overview', '2.2 Background: Pretrained Transformers', 'Document Representation']);
      assert.ok(heads.includes('2.3 Citation-Based Pretraining Objective'));
      assert.equal(heads.at(-1), '8 Conclusions and Future Work');
      assert.equal(heads.length, 17);
    });

    it('drops parenthetical citation markers and keeps the sentence readable', () => {
      const intro = paragraphStartingWith(document, 'As the pace of scientific publication continues to increase');
      assert.equal(intro.section, '1 Introduction');
      assert.match(intro.text, /brought about by pretrained neural language models \(LMs\)\. While such models/);
      assert.doesNotMatch(intro.text, /Radford|Devlin et al\., 2019/);
      assert.equal(intro.sentences[1], 'In recent years, substantial improvements in NLP tools have been brought about by pretrained neural language models (LMs).');
    });

    it('keeps narrative citations, which are part of the sentence', () => {
      const sciBert = paragraphStartingWith(document, '8. SciBERT To isolate the advantage');
      assert.match(sciBert.text, /Following Devlin et al\. \(2019\)/);
    });

    it('leaves no marker debris anywhere in the body', () => {
      const text = allBodyText(document);
      assert.doesNotMatch(text, / [.,;:)]/, 'space before punctuation');
      assert.doesNotMatch(text, / {2}/, 'double space');
      assert.doesNotMatch(text, /\(\s*\)|\[\s*\]/, 'empty brackets');
    });

    it('keeps captions apart, including one GROBID left inside a div as a paragraph', () => {
      assert.ok(document.captions.includes('Figure 1: Overview of SPECTER.'));
      assert.ok(document.captions.includes('Table 1: Results on the SCIDOCS evaluation suite consisting of 7 tasks.'));
      assert.ok(document.captions.some((c) => c.startsWith('Table 2: Ablations: Numbers are averages')), 'caption from <note> when figDesc is empty');
      assert.doesNotMatch(allBodyText(document), /Figure 1: Overview of SPECTER/);
    });

    it('drops block formulas and footnotes from the body', () => {
      const text = allBodyText(document);
      assert.doesNotMatch(text, /Triplet loss =max/);
      assert.doesNotMatch(text, /Learning rate linear warmup followed by linear decay/);
    });

    it('attaches the text of a garbage head ("ELMo ELMo") to the previous section', () => {
      assert.ok(!document.sections.some((s) => s.head.includes('ELMo ELMo')));
      const citeomatic = paragraphStartingWith(document, '6. Citeomatic The most relevant baseline');
      assert.equal(citeomatic.section, '8 Conclusions and Future Work');
      assert.match(citeomatic.sentences[0], /^6\. Citeomatic The most relevant baseline is Citeomatic/);
    });

    it('lists the bibliography titles, and leaves acknowledgements out of the body', () => {
      assert.ok(document.references.includes('A simple but tough-to-beat baseline for sentence embeddings'));
      assert.ok(document.references.length >= 50, `${document.references.length} references`);
      assert.doesNotMatch(allBodyText(document), /We thank Kyle Lo/);
    });
  });

  describe('De Marchis et al. (BMC 2016, numeric citations, heads without numbers)', () => {
    const document = parseTei(teiText('jneuroengrehab2016-fes-hand-opening'));

    it('gives the sections of the paper and nothing from the back matter', () => {
      assert.deepEqual(document.sections.map((s) => s.head), [
        'Background', 'Methods', 'Participants', 'Experimental setup', 'Kinematics recording', 'Experimental protocol',
        'Scanning the array and selecting the optimal stimulation patterns', 'Stimulating at the optimal patterns',
        'Data analysis', 'Results', 'Optimal patterns vs control measurements', 'Selectivity with optimal stimulation pattern',
        'Hand opening with a rotated forearm position', 'Discussion', 'Innovation of the study',
        'Potential Application for Neurorehabilitation', 'Possible limitations and future perspectives', 'Conclusions',
      ]);
      assert.equal(document.sections[0].paragraphs.length, 5);
    });

    it('removes bracketed numeric markers, split ones ("[3," "4]") included', () => {
      const first = paragraphStartingWith(document, 'Functional Electrical Stimulation (FES) is a widely used technique');
      assert.match(first.text, /disorders such as stroke, tremor, multiple sclerosis or spinal cord injury for both the upper and lower extremity\.$/);
      assert.equal(first.sentences.length, 4);
    });

    it('keeps the four figure captions, with their labels', () => {
      assert.equal(document.captions.length, 4);
      assert.ok(document.captions.some((c) => c.startsWith('Fig. 5: Measure of selectivity under the optimal stimulation pattern')));
    });

    it('reads the structured abstract from the header', () => {
      assert.match(document.abstract ?? '', /^Background: Functional Electrical Stimulation \(FES\) is increasingly applied/);
    });
  });

  describe('Literature Graph (NAACL 2018)', () => {
    const document = parseTei(teiText('naacl2018-semantic-scholar-literature-graph-cs'));

    it('gives numbered sections with their paragraphs', () => {
      const heads = document.sections.map((s) => s.head);
      assert.equal(heads[0], '1 Introduction');
      assert.ok(heads.includes('2.1 Node Types'));
      assert.equal(heads.at(-1), '6 Conclusion and Future Work');
      const question = paragraphStartingWith(document, 'What is the percentage of female subjects in depression clinical trials?');
      assert.equal(question.section, '1 Introduction');
      assert.equal(paragraphStartingWith(document, 'Papers. We obtain metadata and PDF files').section, '2.1 Node Types');
    });
  });

  describe('sentences and bad input', () => {
    it("uses GROBID's <s> sentences when segmentSentences was on", () => {
      // Shape of GROBID output with segmentSentences=1 (our recorded files predate that option).
      const xml = `<?xml version="1.0" encoding="UTF-8"?>
<TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader/><text><body>
<div xmlns="http://www.tei-c.org/ns/1.0"><head n="1">Introduction</head><p><s>Floods are frequent on large floodplains <ref type="bibr" target="#b0">[1]</ref>.</s><s>Fig. 2 shows the map of e.g. the Jamuna.</s></p></div>
<div xmlns="http://www.tei-c.org/ns/1.0"><p><s>A div without a head continues the section.</s></p></div>
</body></text></TEI>`;
      const document = parseTei(xml);
      assert.equal(document.sections.length, 1);
      assert.deepEqual(document.sections[0].paragraphs.map((p) => p.sentences), [
        ['Floods are frequent on large floodplains.', 'Fig. 2 shows the map of e.g. the Jamuna.'],
        ['A div without a head continues the section.'],
      ]);
    });

    it('rejects TEI that is not well-formed with a typed error', () => {
      const truncated = teiText('naacl2018-semantic-scholar-literature-graph-cs').slice(0, 30_000);
      assert.throws(() => parseTei(truncated), (error: unknown) => error instanceof FulltextError && error.reason === 'malformed-tei' && /not well-formed/.test(error.message));
      assert.throws(() => parseTei('<html><body>Service Unavailable</body></html>'), (error: unknown) => error instanceof FulltextError && error.reason === 'malformed-tei' && /<TEI>/.test(error.message));
    });
  });
});
