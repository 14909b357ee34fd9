// When the repositories routing chose cannot be reached (bioRxiv and medRxiv both go through
// Europe PMC), the search goes on to the next repository and says which service failed; an
// answer that found nothing is still the only thing that blames the queries.
import { strict as assert } from 'node:assert';
import { searchRepositories, type SearchHit } from '../../../../src/core/search/keywords';
import { ServiceUnavailableError } from '../../../../src/core/net/breaker';
import type { PaperRecord, Repository, RoutingDecision, SearchRequest, SearchSource } from '../../../../src/core/types';

class ScriptedSource implements SearchSource {
  readonly requests: SearchRequest[] = [];
  constructor(
    readonly name: Repository,
    private readonly answer: () => PaperRecord[] | Error,
    readonly paced = false,
  ) {}
  async search(request: SearchRequest): Promise<PaperRecord[]> {
    this.requests.push(request);
    const answer = this.answer();
    if (answer instanceof Error) throw answer;
    return answer;
  }
}

const record = (source: Repository, id: string): PaperRecord => ({ id, source, title: `Paper ${id}`, authors: ['A. Author'] });
const bioRouting: RoutingDecision = { discipline: 'biology', primary: 'biorxiv', secondary: 'medrxiv', reason: 't', by: 'heuristic', confidence: 0.97 };
const queries = [{ keywords: ['yeast', 'protein abundance'] }];
const europePmcDown = () => new ServiceUnavailableError('Europe PMC (www.ebi.ac.uk) was skipped: it did not answer within 10000 ms earlier in this search.', 'europepmc');

function run(sources: Partial<Record<Repository, SearchSource>>) {
  const warnings: string[] = [];
  const deps = { sources, maxResults: 5, warn: (m: string) => warnings.push(m), onHits: (_h: SearchHit[]) => {} };
  return { warnings, result: searchRepositories(bioRouting, queries, deps) };
}

describe('search fallback when a service is down', () => {
  it('searches arXiv when Europe PMC cannot be reached for bioRxiv or medRxiv, and says so', async () => {
    const arxiv = new ScriptedSource('arxiv', () => [record('arxiv', 'arxiv:1')], true);
    const biorxiv = new ScriptedSource('biorxiv', europePmcDown);
    const medrxiv = new ScriptedSource('medrxiv', europePmcDown);
    const { warnings, result } = run({ arxiv, biorxiv, medrxiv });
    const { hits, searched, unreachable } = await result;
    assert.deepEqual(searched, ['biorxiv', 'medrxiv', 'arxiv']);
    assert.deepEqual(unreachable, ['biorxiv', 'medrxiv']);
    assert.deepEqual(hits.map((h) => h.record.id), ['arxiv:1']);
    assert.deepEqual(warnings, [
      'bioRxiv could not be searched; trying medRxiv.',
      'bioRxiv and medRxiv could not be searched; searching arXiv instead.',
    ]);
  });

  it('sends a paced repository that failed no second, broader request', async () => {
    const arxiv = new ScriptedSource('arxiv', () => new Error('arXiv sent a broken Atom feed'), true);
    const warnings: string[] = [];
    const arxivRouting: RoutingDecision = { ...bioRouting, primary: 'arxiv', secondary: 'arxiv' };
    const deps = { sources: { arxiv }, maxResults: 5, warn: (m: string) => warnings.push(m), onHits: () => {} };
    const { unreachable } = await searchRepositories(arxivRouting, queries, deps);
    assert.equal(arxiv.requests.length, 1, 'the phrase-relaxed wave is for an answer that found nothing, not for a failure');
    assert.deepEqual(unreachable, ['arxiv']);
    assert.deepEqual(warnings, ['arXiv search failed: arXiv sent a broken Atom feed']);
  });

  it('names the failure of a search that failed for another reason', async () => {
    const arxiv = new ScriptedSource('arxiv', () => [record('arxiv', 'arxiv:1')], true);
    const biorxiv = new ScriptedSource('biorxiv', () => new Error('Europe PMC sent an HTML page instead of JSON ("Maintenance").'));
    const medrxiv = new ScriptedSource('medrxiv', () => []);
    const { warnings, result } = run({ arxiv, biorxiv, medrxiv });
    const { searched, unreachable } = await result;
    assert.deepEqual(searched, ['biorxiv', 'medrxiv', 'arxiv']);
    assert.deepEqual(unreachable, ['biorxiv']);
    assert.ok(warnings.some((w) => w.startsWith('bioRxiv search failed: Europe PMC sent an HTML page')), warnings.join(' | '));
  });

  it('does not leave the routed repositories when they answered with nothing', async () => {
    const arxiv = new ScriptedSource('arxiv', () => [record('arxiv', 'arxiv:1')], true);
    const biorxiv = new ScriptedSource('biorxiv', () => []);
    const medrxiv = new ScriptedSource('medrxiv', () => []);
    const { warnings, result } = run({ arxiv, biorxiv, medrxiv });
    const { hits, searched, unreachable } = await result;
    assert.deepEqual([hits.length, searched, unreachable], [0, ['biorxiv', 'medrxiv'], []]);
    assert.equal(arxiv.requests.length, 0);
    assert.deepEqual(warnings, ['bioRxiv found nothing; trying medRxiv.']);
  });
});
