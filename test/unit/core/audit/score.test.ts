// The audit's reading of a paper read whole (issue #33): its abstract and its body's best passage
// are two readings of the citing sentence, and the audit takes the chance that either holds it.
// A paper read on its abstract alone is scored as the card scores it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { citationSupport } from '../../../../src/core/audit/score';
import { abstractOnlyDocument } from '../../../../src/core/fulltext';
import { parseTei } from '../../../../src/core/fulltext/tei';
import { auditLabel } from '../../../../src/core/scoring/overall';
import { paperSupport } from '../../../../src/core/scoring/paperSupport';
import { NO_EVIDENCE } from '../../../../src/core/scoring/supportFeatures';

const specter = parseTei(readFileSync(fixturePath('grobid-tei', 'acl2020-specter-cs_grobid-0.6.1.tei.xml'), 'utf8'));
const paper = { title: specter.title, abstract: specter.abstract };
const NO_EVIDENCE_SCORE = Math.round(NO_EVIDENCE * 1000) / 1000;
const card = (sentence: string, document = specter) => paperSupport({ text: sentence, sentences: [sentence] }, [], document, 3, paper);

describe('cite audit: a paper read whole', () => {
  // SPECTER learns document embeddings from citations: the sentence says what it builds on.
  const sentence = 'Citation links between papers carry a signal of relatedness.';

  it('is supported when its abstract and its best passage together say so, though neither does alone (SPECTER, GROBID TEI)', () => {
    const whole = card(sentence);
    const abstract = card(sentence, abstractOnlyDocument(paper)).score;
    const audit = citationSupport([sentence], specter, paper);
    assert.equal(auditLabel(whole.score), 'weak', `best passage alone ${whole.score}`);
    assert.equal(auditLabel(abstract), 'weak', `abstract alone ${abstract}`);
    const body = Math.max(...whole.passages.filter((p) => p.index !== 0).map((p) => p.score));
    assert.equal(audit.score, Math.round((1 - (1 - abstract) * (1 - body)) * 1000) / 1000);
    assert.equal(auditLabel(audit.score), 'supported', `${audit.score}`);
    assert.equal(audit.best?.text, whole.best?.text, 'the passage shown is still the best one');
  });

  it('adds nothing for a reading that holds none of the sentence\'s weighted words', () => {
    const mice = 'Dopamine neurons in the basal ganglia of mice are lost after methylphenidate exposure.';
    assert.equal(card(mice, abstractOnlyDocument(paper)).score, NO_EVIDENCE_SCORE, 'SPECTER\'s abstract holds none of its weighted words');
    const whole = card(mice).score;
    assert.ok(whole > NO_EVIDENCE_SCORE, `a passage of the body holds one ("exposure"): ${whole}`);
    assert.equal(citationSupport([mice], specter, paper).score, whole, 'the body\'s reading alone');
  });

  it('scores an abstract alone as the card does', () => {
    const abstractOnly = abstractOnlyDocument(paper);
    assert.equal(citationSupport([sentence], abstractOnly, paper).score, card(sentence, abstractOnly).score);
  });
});
