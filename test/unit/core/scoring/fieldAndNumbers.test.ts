// Two ways a wrong citation used to pass as `weak` (issue #18, Citation-Integrity dev citations
// moved onto an arXiv cs.CL abstract): a figure matching another figure's digits ("32%" against a
// "32B" model), and a word of middling frequency shared across fields ("levels of distress"
// against toxicity "levels"). Real citing sentences against real abstracts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { FulltextDocument } from '../../../../src/core/fulltext/model';
import { paperSupport } from '../../../../src/core/scoring/paperSupport';
import { stemLean, textLean } from '../../../../src/core/scoring/termStats';
import { SCORING_TOKENS, stems } from '../../../../src/core/text/tokens';
import { fixturePath } from '../../../standin/server';

function arxivAbstract(name: string): FulltextDocument {
  const record = JSON.parse(readFileSync(fixturePath('support', name), 'utf8')) as { title: string; abstract: string };
  return { title: record.title, abstract: record.abstract, sections: [], captions: [], references: [] };
}
const claimOf = (text: string) => ({ text, sentences: [text] });

// Citation-Integrity dev (jedick-derived claims_dev.jsonl), ids 30 and 64, the citation marker removed.
const CIRRHOSIS =
  'In particular, patients with cirrhosis have high overall mortality for COVID-19 (32%), increasing with each Child–Pugh class ' +
  '(patients with CLD without cirrhosis, as well as general population: 8%, Child–Pugh A 19%, Child–Pugh B 35%, Child–Pugh C 51%).';
const DISTRESS = 'However, the levels of distress were largely diminished in the weeks that followed, which might be associated with increased resilience.';

describe('support: numbers keep their units, and a field apart weighs against a match', () => {
  it('"32%" in a clinical sentence does not match the "32B" of a language model, nor does "8%" match "8B"', () => {
    const mapo = arxivAbstract('arxiv-2603.06194-mapo.json');
    assert.match(mapo.abstract!, /32B/); // the paper does say 32B
    const support = paperSupport(claimOf(CIRRHOSIS), [], mapo);
    assert.equal(support.label, 'unrelated', `score ${support.score}, ${support.best?.reason}`);
    assert.doesNotMatch(support.best!.reason, /32B|8B/);
  });

  it('a figure with its unit still matches the same figure with its unit', () => {
    const document = { title: '', abstract: 'Mortality was 32% among patients with cirrhosis and COVID-19.', sections: [], captions: [], references: [] };
    const support = paperSupport(claimOf(CIRRHOSIS), [], document);
    assert.match(support.best!.reason, /32%/);
  });

  it('a sentence on psychological distress shares "levels" with a toxic-span detection abstract, and is still unrelated to it', () => {
    const mutex = arxivAbstract('arxiv-2603.05057-mutex.json');
    const support = paperSupport(claimOf(DISTRESS), [], mutex);
    assert.match(support.best!.reason, /level/i); // the word is there and above the generic floor...
    assert.equal(support.label, 'unrelated', `score ${support.score}`); // ...but the fields are apart
    // The sentence sits further from the NLP abstract than from a clinical one (medRxiv, prostate MRI).
    const lean = (text: string) => textLean(stems(text, SCORING_TOKENS));
    const prostate = JSON.parse(readFileSync(fixturePath('support', 'medrxiv-semisupervised-prostate.jsonl'), 'utf8')) as { title: string; abstract: string };
    const gapToNlp = lean(DISTRESS) - lean(`${mutex.title} ${mutex.abstract}`);
    const gapToClinical = lean(DISTRESS) - lean(`${prostate.title} ${prostate.abstract}`);
    assert.ok(gapToNlp > gapToClinical + 0.5, `gaps ${gapToNlp} vs ${gapToClinical}`);
  });

  it('words lean the way their fields use them', () => {
    assert.ok(stemLean(stems('patients', SCORING_TOKENS)[0]!) > 0);
    assert.ok(stemLean(stems('transformer', SCORING_TOKENS)[0]!) < 0);
    assert.equal(stemLean('no-such-stem-anywhere'), 0);
  });
});
