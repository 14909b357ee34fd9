// The calibrated support scale on real payloads (issue #18): generic words never make a match,
// a paper that shares a claim's topic words without stating it is not "supports", and the card,
// the audit and the CLI read one label from one set of thresholds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { FulltextDocument } from '../../../../src/core/fulltext/model';
import { calibratedLabel, SUPPORT_THRESHOLDS } from '../../../../src/core/scoring/calibration';
import { AUDIT_THRESHOLDS, auditLabel, lexicalVerdict } from '../../../../src/core/scoring/overall';
import { paperSupport } from '../../../../src/core/scoring/paperSupport';
import { fixturePath } from '../../../standin/server';

const abstractOnly = (title: string, abstract: string): FulltextDocument => ({
  title,
  abstract,
  sections: [],
  captions: [],
  references: [],
});
const claimOf = (text: string) => ({ text, sentences: [text] });

function xgboost(): FulltextDocument {
  const record = JSON.parse(readFileSync(fixturePath('support', 'arxiv-1603.02754-xgboost.json'), 'utf8')) as { title: string; abstract: string };
  return abstractOnly(record.title, record.abstract);
}

function prostate(): FulltextDocument {
  const record = JSON.parse(readFileSync(fixturePath('support', 'medrxiv-semisupervised-prostate.jsonl'), 'utf8')) as { title: string; abstract: string };
  return abstractOnly(record.title, record.abstract);
}

interface SciFactDoc {
  doc_id: number;
  title: string;
  abstract: string[];
}

describe('calibrated support scale (real abstracts)', () => {
  it('a match on generic words only is "unrelated", and the audit calls it unsupported (XGBoost abstract, issue #18)', () => {
    const claim = 'Multiple turns in a conversation can be used to understand the user information need more effectively.';
    const support = paperSupport(claimOf(claim), [], xgboost());
    assert.equal(support.label, 'unrelated', `score ${support.score}`);
    assert.equal(auditLabel(support.score), 'unsupported');
    // The words it shares ("used", "effectively") are in a large share of all scientific text.
    assert.match(support.best!.reason, /effective|used/);
    assert.doesNotMatch(support.best!.reason, /conversation|turns|user/);
  });

  it('the same abstract does support a claim in its own words, so the scale is not just low', () => {
    const claim = 'XGBoost is a scalable end-to-end tree boosting system with a sparsity-aware algorithm for sparse data.';
    const support = paperSupport(claimOf(claim), [], xgboost());
    assert.equal(support.label, 'supports', `score ${support.score}`);
    assert.match(support.best!.reason, /sparsity-aware|tree boosting|XGBoost/i);
  });

  it('a semi-supervised prostate cancer detection paper does not "support" a claim that models must be evaluated prospectively (issue #18)', () => {
    const claim = 'Such models must be evaluated prospectively before they are used to guide clinical decisions.';
    const support = paperSupport(claimOf(claim), [], prostate());
    assert.notEqual(support.label, 'supports', `score ${support.score}`);
    assert.notEqual(lexicalVerdict(support.passages).label, 'supports');
  });

  it('a SciFact dev claim against the abstract holding its rationale scores above the same claim against an unrelated abstract', () => {
    const corpus = readFileSync(fixturePath('scifact', 'corpus_slice.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as SciFactDoc);
    const claims = readFileSync(fixturePath('scifact', 'claims_dev_slice.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { claim: string; evidence: Record<string, unknown> });
    let above = 0;
    for (const claim of claims) {
      const own = corpus.find((d) => String(d.doc_id) in claim.evidence)!;
      const other = corpus.find((d) => !(String(d.doc_id) in claim.evidence))!;
      const score = (d: SciFactDoc) => paperSupport(claimOf(claim.claim), [], abstractOnly(d.title, d.abstract.join(' '))).score;
      if (score(own) > score(other)) above++;
    }
    assert.ok(above >= claims.length - 1, `${above} of ${claims.length}`);
  });

  it('one scale: the verdict, the audit and the thresholds agree', () => {
    assert.ok(SUPPORT_THRESHOLDS.related < SUPPORT_THRESHOLDS.supports);
    assert.equal(AUDIT_THRESHOLDS.supported, SUPPORT_THRESHOLDS.supports);
    assert.equal(AUDIT_THRESHOLDS.weak, SUPPORT_THRESHOLDS.related);
    for (const score of [0, SUPPORT_THRESHOLDS.related - 0.001, SUPPORT_THRESHOLDS.related, 0.5, SUPPORT_THRESHOLDS.supports, 1]) {
      const label = calibratedLabel(score);
      const audit = { supports: 'supported', related: 'weak', unrelated: 'unsupported' }[label];
      assert.equal(auditLabel(score), audit, `score ${score}`);
      assert.equal(lexicalVerdict([{ text: 't', section: '', score, reason: '' }]).label, label);
    }
  });
});
