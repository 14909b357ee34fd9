// Which servers the heuristic router has searched first, and the discipline it shows with them,
// on real held-out sentences (test/fixtures/routing) and on astrophysics sentences written here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { routeHeuristically, REPOSITORY_OF } from '../../../../src/core/routing';
import { THIRD_SERVER_ABOVE } from '../../../../src/core/routing/closeCall';
import { searchPlan } from '../../../../src/core/search/keywords';
import type { Claim, Discipline } from '../../../../src/core/types';
import { fixturePath } from '../../../standin/server';

const heldOut = readFileSync(fixturePath('routing', 'heldout-abstracts.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { id: string; discipline: Discipline; abstract: string });

const claimOf = (text: string): Claim => ({ source: text, text, sentences: [text], context: {} });

describe('servers searched first and the discipline shown', () => {
  it('searches all three servers first when the third is likely too', () => {
    // A bioRxiv paper's sentence reads as medRxiv then arXiv work, and an arXiv paper's sentence on
    // optical phonon modes as bioRxiv then medRxiv: the right server comes third, which no close
    // call between the two best would search first.
    for (const [id, start] of [
      ['biorxiv:10.64898/2026.05.05.722894', 'These data support two conclusions'],
      ['arxiv:0704.0161', 'Out of the eleven zone-centre optical modes'],
    ] as const) {
      const doc = heldOut.find((d) => d.id === id)!;
      const sentence = doc.abstract.split(/(?<=[.!?])\s+(?=[A-Z])/).find((s) => s.startsWith(start))!;
      const truth = REPOSITORY_OF[doc.discipline];
      const decision = routeHeuristically(claimOf(sentence));
      assert.ok(decision.primary !== truth && decision.secondary !== truth, decision.reason);
      assert.ok(decision.third! > THIRD_SERVER_ABOVE, `third ${decision.third}`);
      assert.deepEqual(new Set(searchPlan(decision)[0]), new Set(['arxiv', 'biorxiv', 'medrxiv']));
      assert.match(decision.reason, /all three are searched/);
    }
  });

  it('shows an astrophysics claim as physics on arXiv, and any discipline as one of its server', () => {
    // Written for this test (no sentence of the data): X-ray and gamma-ray sources and their counterparts.
    for (const text of [
      'Cross-matching the Chandra Source Catalog with Gaia DR3 yields optical counterparts for most X-ray sources, a population dominated by coronally active stars.',
      'Sources detectable by both XMM-Newton and Gaia form a sample of nearby stars and accreting binaries.',
      'We identify the infrared counterparts of Fermi gamma-ray sources in the WISE catalog.',
    ]) {
      const decision = routeHeuristically(claimOf(text));
      assert.deepEqual([decision.discipline, decision.primary], ['physics', 'arxiv'], decision.reason);
    }
    // Data-release wording ("release", "ambiguous", "support") is computer science's in the data:
    // such a claim may show computer-science, but always a discipline of the server searched first.
    const release = routeHeuristically(claimOf('We release a catalog of about 90k counterparts between Chandra X-ray sources and Gaia stars, including sources whose association remains ambiguous.'));
    assert.equal(release.primary, 'arxiv', release.reason);
    assert.equal(REPOSITORY_OF[release.discipline], release.primary);
  });
});
