// The readable `find` list says which order a card's passages come in: the ranking's (likeliest to
// hold the claim first) or the LLM judge's. Their numbers are each passage's support, another
// measure, so on SPECTER's real TEI they come as 0.99, 0.98, 0.99 for this claim.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { formatFindResult } from '../../../src/cli/format';
import { parseClaim } from '../../../src/core/claim';
import { parseTei } from '../../../src/core/fulltext/tei';
import { LlmCallBudget, scoreCandidate } from '../../../src/core/scoring';
import { DEFAULT_SETTINGS } from '../../../src/core/settings/index';
import type { Candidate, FindResult, ScoredParagraph } from '../../../src/core/types';
import { fixturePath } from '../../standin/server';

const CLAIM = 'Citation-informed transformers produce document-level embeddings for scientific papers.';

async function specterParagraphs(): Promise<ScoredParagraph[]> {
  const document = parseTei(readFileSync(fixturePath('grobid-tei', 'acl2020-specter-cs_grobid-0.6.1.tei.xml'), 'utf8'));
  const scored = await scoreCandidate(
    { claim: parseClaim(CLAIM), queries: [], document, retrievalScore: 1 },
    { llm: null, budget: new LlmCallBudget(0), settings: DEFAULT_SETTINGS, warn: () => {} },
  );
  return scored.paragraphs;
}

function listing(paragraphs: ScoredParagraph[]): string {
  const candidate: Candidate = {
    id: 'arxiv:2004.07180', source: 'arxiv', sources: ['arxiv'],
    title: 'SPECTER: Document-level Representation Learning using Citation-informed Transformers', authors: ['Arman Cohan'],
    year: 2020, arxivId: '2004.07180', matchedQueries: [0], retrievalScore: 1, score: 0.99, paragraphs,
  };
  const result = { claim: CLAIM, sentences: [CLAIM], queries: [], candidates: [candidate], warnings: [], timings: { totalMs: 1 } };
  return formatFindResult(result as unknown as FindResult);
}

describe('find, readable list: the order of a card\'s passages', () => {
  it('says the passages come likeliest first, each with its own support, above them', async () => {
    const paragraphs = await specterParagraphs();
    assert.equal(paragraphs.length, 3);
    const text = listing(paragraphs);
    assert.match(text, /\n {3}\(passages likeliest to hold the claim first; each number is that passage's support\)\n {3}> \[0\.\d\d\] /);
  });

  it("says the order is the LLM judge's when the judge ordered them", async () => {
    const judged = (await specterParagraphs()).map((p, i) => ({ ...p, llmScore: 0.9 - i / 10, label: 'related' as const }));
    assert.match(listing(judged), /\(passages in the LLM judge's order; each number is that passage's support\)/);
  });
});
