// The audit's own scale (issue #33): the chance that a citation is right, from the support
// probability and the TF-IDF cosine of the sentence and the work's title and abstract, read with a
// line per field of the cited work. Real papers: SPECTER (GROBID TEI) and a PLoS NTD article (JATS).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { AUDIT_LINES, auditField, auditProbability, auditStatus, citationCosine } from '../../../../src/core/audit/calibration';
import { auditReading } from '../../../../src/core/audit/score';
import { abstractOnlyDocument } from '../../../../src/core/fulltext';
import { parseJats } from '../../../../src/core/fulltext/jats';
import { parseTei } from '../../../../src/core/fulltext/tei';
import { routeHeuristically } from '../../../../src/core/routing/heuristic';

const specter = parseTei(readFileSync(fixturePath('grobid-tei', 'acl2020-specter-cs_grobid-0.6.1.tei.xml'), 'utf8'));
const ntd = parseJats(readFileSync(fixturePath('jats', 'pntd.0002065.xml'), 'utf8'));

describe('cite audit: its own scale', () => {
  it('reads a computing paper and a biomedical one as their fields', () => {
    assert.equal(auditField({ title: specter.title, abstract: specter.abstract }), 'computing');
    assert.equal(auditField({ title: ntd.title, abstract: ntd.abstract }), 'life');
  });

  it('reads an NLP paper the router takes for the life sciences as computing when its words lean to computing', () => {
    // CL-SciSumm Training-Set-2018, W04-0213 (ACL Anthology, CC BY 4.0): title and abstract as printed.
    const potsdam = {
      title: 'The Potsdam Commentary Corpus',
      abstract:
        'A corpus of German newspaper commentaries has been assembled and annotated with different information (and currently, to different degrees): ' +
        'part-of-speech, syntax, rhetorical structure, connectives, co-reference, and information structure. The paper explains the design decisions taken ' +
        'in the annotations, and describes a number of applications using this corpus with its multi-layer annotation.',
    };
    assert.equal(routeHeuristically({ text: `${potsdam.title}. ${potsdam.abstract}`, context: {} }).primary, 'biorxiv');
    assert.equal(auditField(potsdam, ['Discourse structures cannot always be described completely.']), 'computing');
  });

  it('holds a clinical sentence citing a computing paper to the life sciences\' lines', () => {
    const paper = { title: specter.title, abstract: specter.abstract };
    assert.equal(auditField(paper, ['Document embeddings are learned from citation links.']), 'computing');
    assert.equal(auditField(paper, ['Serum ferritin predicts in-hospital mortality in patients with sepsis.']), 'life');
  });

  it('asks more of a biomedical citation than of a computing one before calling it supported', () => {
    assert.ok(AUDIT_LINES.life.supported > AUDIT_LINES.computing.supported);
    const score = (AUDIT_LINES.computing.supported + AUDIT_LINES.life.supported) / 2;
    assert.equal(auditStatus(score, 'computing'), 'supported');
    assert.equal(auditStatus(score, 'life'), 'weak');
    assert.equal(auditStatus(AUDIT_LINES.life.weak - 0.001, 'life'), 'unsupported');
  });

  it('rises with the support probability and with the cosine', () => {
    assert.ok(auditProbability(0.6, 0.2) > auditProbability(0.3, 0.2));
    assert.ok(auditProbability(0.3, 0.4) > auditProbability(0.3, 0.1));
  });

  it('calls the sentence that restates SPECTER\'s abstract supported, and a clinical sentence cited to it unsupported', () => {
    const paper = { title: specter.title, abstract: specter.abstract };
    const abstract = abstractOnlyDocument(paper);
    const right = 'Document-level embeddings of scientific papers can be learned by pretraining a Transformer on the citation graph.';
    const wrong = 'Dopamine neurons in the basal ganglia of mice are lost after methylphenidate exposure.';
    assert.ok(citationCosine([right], paper) > citationCosine([wrong], paper));
    const reading = auditReading([right], abstract, paper);
    assert.equal(reading.status, 'supported', `${reading.score}`);
    assert.equal(reading.field, 'computing');
    assert.equal(auditReading([wrong], abstract, paper).status, 'unsupported');
  });

  it('keeps a paper read whole at least where its body puts it on the card\'s scale, with a score in that status\'s band', () => {
    const paper = { title: specter.title, abstract: specter.abstract };
    const sentence = 'Citation links between papers carry a signal of relatedness.';
    const whole = auditReading([sentence], specter, paper);
    const abstract = auditReading([sentence], abstractOnlyDocument(paper), paper);
    assert.equal(whole.status, 'supported', `${whole.score}`);
    assert.ok(whole.score >= AUDIT_LINES.computing.supported && whole.score >= abstract.score, `${whole.score} vs ${abstract.score}`);
  });
});
