// The overall score and verdict per candidate, and scoreCandidate without an LLM on a real paper.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseTei } from '../../../../src/core/fulltext/tei';
import { parseArxivFeed } from '../../../../src/core/sources/arxivAtom';
import { DEFAULT_SETTINGS } from '../../../../src/core/settings/index';
import { LlmCallBudget, scoreCandidate } from '../../../../src/core/scoring';
import {
  AUDIT_THRESHOLDS,
  auditLabel,
  LEXICAL_SUPPORT_THRESHOLD,
  lexicalVerdict,
  llmVerdict,
  overallScore,
  OVERALL_WEIGHTS,
} from '../../../../src/core/scoring/overall';
import { SUPPORT_THRESHOLDS } from '../../../../src/core/scoring/calibration';
import type { Claim, ScoredParagraph } from '../../../../src/core/types';
import { fixturePath } from '../../../standin/server';

const paragraph = (score: number, label?: ScoredParagraph['label']): ScoredParagraph => ({
  text: 't',
  section: 's',
  score,
  reason: 'r',
  ...(label ? { label } : {}),
});

describe('overall score', () => {
  it('weights the best paragraph, the next two, the abstract and retrieval as documented', () => {
    const w = OVERALL_WEIGHTS;
    assert.equal(w.paragraphs + w.abstract + w.retrieval, 1);
    const score = overallScore({ paragraphScores: [0.5, 1, 0.2], abstractScore: 0.4, retrievalScore: 0.6 });
    const evidence = 0.8 * 1 + 0.2 * ((0.5 + 0.2) / 2);
    assert.equal(score, Math.round((w.paragraphs * evidence + w.abstract * 0.4 + w.retrieval * 0.6) * 1000) / 1000);
  });

  it('gives the abstract weight to the paragraphs when there is no abstract, and clamps inputs', () => {
    // One paragraph only: the best counts 0.8, the missing 2nd and 3rd count 0.
    const expected = 0.8 * (OVERALL_WEIGHTS.paragraphs + OVERALL_WEIGHTS.abstract) + OVERALL_WEIGHTS.retrieval;
    assert.equal(overallScore({ paragraphScores: [1], retrievalScore: 1 }), Math.round(expected * 1000) / 1000);
    const clamped = overallScore({ paragraphScores: [7], abstractScore: -2, retrievalScore: Number.NaN });
    assert.ok(clamped >= 0 && clamped <= 1);
  });

  it('paragraph evidence outweighs retrieval', () => {
    const supported = overallScore({ paragraphScores: [0.9], abstractScore: 0.5, retrievalScore: 0.1 });
    const merelyRetrieved = overallScore({ paragraphScores: [0.1], abstractScore: 0.5, retrievalScore: 1 });
    assert.ok(supported > merelyRetrieved);
  });
});

describe('verdicts', () => {
  it('lexical: unknown without text, then the calibrated scale: supports, related, unrelated', () => {
    assert.deepEqual(lexicalVerdict([]), { label: 'unknown', by: 'lexical' });
    assert.equal(lexicalVerdict([paragraph(LEXICAL_SUPPORT_THRESHOLD)]).label, 'supports');
    assert.equal(lexicalVerdict([paragraph(LEXICAL_SUPPORT_THRESHOLD - 0.01), paragraph(0.1)]).label, 'related');
    assert.equal(lexicalVerdict([paragraph(SUPPORT_THRESHOLDS.related - 0.01), paragraph(0.01)]).label, 'unrelated');
  });

  it('the audit reads the same thresholds as the card and the CLI', () => {
    assert.equal(AUDIT_THRESHOLDS.supported, SUPPORT_THRESHOLDS.supports);
    assert.equal(AUDIT_THRESHOLDS.weak, SUPPORT_THRESHOLDS.related);
  });

  it('audit: supported at or above its threshold, unsupported below the weak one, weak between', () => {
    assert.ok(AUDIT_THRESHOLDS.weak < AUDIT_THRESHOLDS.supported);
    assert.equal(auditLabel(AUDIT_THRESHOLDS.supported), 'supported');
    assert.equal(auditLabel(AUDIT_THRESHOLDS.supported - 0.01), 'weak');
    assert.equal(auditLabel(AUDIT_THRESHOLDS.weak), 'weak');
    assert.equal(auditLabel(AUDIT_THRESHOLDS.weak - 0.01), 'unsupported');
  });

  it("llm: the best judged paragraph's label when it scored at least 5/10", () => {
    assert.deepEqual(llmVerdict([paragraph(0.3, 'supports'), paragraph(0.8, 'contradicts')]), { label: 'contradicts', by: 'llm' });
    assert.equal(llmVerdict([paragraph(0.4, 'supports')]).label, 'unrelated');
    assert.equal(llmVerdict([paragraph(0.9)]).label, 'unknown');
  });
});

describe('scoreCandidate without an LLM', () => {
  const text = 'In an online A/B test, SPECTER embeddings improved click-through rate over a production recommender.';
  const claim: Claim = { source: text, text, sentences: [text], context: {} };
  const deps = { llm: null, budget: new LlmCallBudget(0), settings: { ...DEFAULT_SETTINGS }, warn: () => undefined };

  it('scores a real paper (SPECTER, GROBID TEI) lexically: top 3 paragraphs, a verdict, a score', async () => {
    const document = parseTei(readFileSync(fixturePath('grobid-tei', 'acl2020-specter-cs_grobid-0.6.1.tei.xml'), 'utf8'));
    const result = await scoreCandidate({ claim, queries: [], document, retrievalScore: 0.7 }, deps);
    assert.equal(result.paragraphs.length, 3);
    assert.match(result.paragraphs[0]!.text, /online A\/B test/);
    assert.deepEqual(result.support, { label: 'supports', by: 'lexical' });
    assert.ok(result.score > 0.4 && result.score <= 1, `score ${result.score}`);
    assert.ok(result.paragraphs.every((p, i, all) => i === 0 || all[i - 1]!.score >= p.score));
  });

  it('keeps a paper that shares one of the claim\'s telling words under "related" (real medRxiv and bioRxiv abstracts)', async () => {
    const record = (file: string, doi: string) =>
      (JSON.parse(readFileSync(fixturePath('biorxiv', file), 'utf8')) as { doi: string; title: string; abstract: string }[]).find((r) => r.doi === doi)!;
    const primeEditing = { text: 'Pooled prime editing in haploid cells measures the functional effects of thousands of genetic variants.', sentences: [] };
    const asClaim = { ...claim, ...primeEditing, sentences: [primeEditing.text] };
    // A meta-analysis that "pooled" its odds ratios, and a speciation study of "thousands" of markers: each read related (0.40, 0.35).
    for (const [file, doi] of [['medrxiv_2019-01-01_2019-06-25.json', '10.1101/19000497'], ['biorxiv_2013-01-01_2013-11-07.json', '10.1101/000109']]) {
      const { title, abstract } = record(file!, doi!);
      const document = { title, abstract, sections: [], captions: [], references: [] };
      const result = await scoreCandidate({ claim: asClaim, queries: [], document, retrievalScore: 0.7 }, deps);
      assert.deepEqual(result.support, { label: 'unrelated', by: 'lexical', oneTellingWord: true }, `${doi}: ${result.score}`);
      assert.match(result.paragraphs[0]!.reason, /^one of the claim's \d+ telling words; matches: \w+$/);
    }
  });

  it('does not count the names and year of a work the claim mentions among its telling words (Perlmutter et al. 1999, arXiv abstract)', async () => {
    const [entry] = parseArxivFeed(readFileSync(fixturePath('arxiv-atom', 'legacy2019_idlist_astro-ph_9812133_same-work-as-doi-10.1086_307221.atom.xml'), 'utf8')).records;
    const document = { title: entry!.title, abstract: entry!.abstract, sections: [], captions: [], references: [] };
    // Counted, "perlmutt" and "1999" made four telling words of which the abstract holds one: the work the sentence names read unrelated.
    const text = 'The expansion of the Universe accelerates [Perlmutter et al. 1999].';
    const result = await scoreCandidate({ claim: { ...claim, text, sentences: [text] }, queries: [], document, retrievalScore: 0.7 }, deps);
    assert.notEqual(result.support?.label, 'unrelated', `${result.score}: ${result.paragraphs[0]?.reason}`);
    assert.doesNotMatch(result.paragraphs[0]!.reason, /telling words/);
  });

  it("says 'unknown' when the paper has no text", async () => {
    const result = await scoreCandidate(
      { claim, queries: [], document: { sections: [], captions: [], references: [] }, retrievalScore: 0.7 },
      deps,
    );
    assert.deepEqual(result.support, { label: 'unknown', by: 'lexical' });
    assert.deepEqual(result.paragraphs, []);
    assert.equal(result.score, Math.round(OVERALL_WEIGHTS.retrieval * 0.7 * 1000) / 1000);
  });
});
