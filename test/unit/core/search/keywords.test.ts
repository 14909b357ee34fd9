// The search stage's orchestration: the ranked request first, variants, fallback to the secondary repository,
// concurrency under uncertain routing, failures as warnings, cancellation.
import { strict as assert } from 'node:assert';
import { searchRepositories, searchPlan, type SearchHit } from '../../../../src/core/search/keywords';
import { THIRD_SERVER_ABOVE } from '../../../../src/core/routing/closeCall';
import type { PaperRecord, Repository, RoutingDecision, SearchRequest, SearchSource } from '../../../../src/core/types';

/** A source whose answers the test scripts: a function of the request. */
class ScriptedSource implements SearchSource {
  readonly requests: SearchRequest[] = [];
  /** As the real sources say: bioRxiv and medRxiv are searched through Europe PMC. */
  get service(): string {
    return this.name === 'arxiv' ? 'arxiv' : 'europepmc';
  }
  constructor(
    readonly name: Repository,
    private readonly answer: (request: SearchRequest) => PaperRecord[] | Error,
  ) {}
  async search(request: SearchRequest): Promise<PaperRecord[]> {
    this.requests.push(request);
    request.signal?.throwIfAborted();
    const answer = this.answer(request);
    if (answer instanceof Error) throw answer;
    return answer;
  }
}

const record = (source: Repository, id: string): PaperRecord => ({ id, source, title: `Paper ${id}`, authors: ['A. Author'] });
const routing = (confidence: number): RoutingDecision => ({
  discipline: 'biology', primary: 'biorxiv', secondary: 'medrxiv', reason: 'test', by: 'heuristic', confidence,
});
const query = { keywords: ['gene expression', 'zebrafish', 'heart regeneration'] };

function deps(sources: Partial<Record<Repository, SearchSource>>, signal?: AbortSignal) {
  const warnings: string[] = [];
  const batches: SearchHit[][] = [];
  return {
    warnings,
    batches,
    deps: { sources, maxResults: 5, signal, warn: (m: string) => warnings.push(m), onHits: (h: SearchHit[]) => batches.push(h) },
  };
}

describe('search stage', () => {
  it('searches all three servers first when the heuristic router gives the third a chance above its line', () => {
    const likely = THIRD_SERVER_ABOVE + 0.05;
    assert.deepEqual(searchPlan({ ...routing(0.97), third: likely }), [['biorxiv', 'medrxiv', 'arxiv']]);
    assert.deepEqual(searchPlan({ ...routing(0.97), third: THIRD_SERVER_ABOVE - 0.05 }), [['biorxiv'], ['medrxiv']]);
    // An LLM gives no third server's probability: its decisions keep the two-server plan.
    assert.deepEqual(searchPlan({ ...routing(0.97), third: likely, by: 'llm' }), [['biorxiv'], ['medrxiv']]);
  });

  it('searches primary then secondary when routing is confident, both at once when not', () => {
    assert.deepEqual(searchPlan(routing(0.97)), [['biorxiv'], ['medrxiv']]);
    assert.deepEqual(searchPlan(routing(0.3)), [['biorxiv', 'medrxiv']]);
    // bioRxiv and medRxiv share fields: a heuristic 0.9 between them is a close call, while the
    // same 0.9 between arXiv and bioRxiv, or from an LLM, is a bet on the primary.
    assert.deepEqual(searchPlan(routing(0.9)), [['biorxiv', 'medrxiv']]);
    assert.deepEqual(searchPlan({ ...routing(0.9), discipline: 'physics', primary: 'arxiv', secondary: 'biorxiv' }), [['arxiv'], ['biorxiv']]);
    assert.deepEqual(searchPlan({ ...routing(0.9), by: 'llm' }), [['biorxiv'], ['medrxiv']]);
  });

  it('in a bioRxiv/medRxiv close call, asks the secondary only its ranked request and shows each answer as it arrives', async () => {
    // Both go through Europe PMC (five connections): the secondary's narrower variants would
    // queue there beside the primary's wave. Each answer is held until the test releases it.
    const sent: string[] = [];
    const pending: (() => void)[] = [];
    const held = (name: Repository) =>
      new (class extends ScriptedSource {
        override async search(request: SearchRequest): Promise<PaperRecord[]> {
          sent.push(`${name} ${request.mode}`);
          await new Promise<void>((release) => pending.push(release));
          return super.search(request);
        }
      })(name, (r) => (r.mode === 'any' ? [record(name, `doi:10.1101/${name}`)] : []));
    const t = deps({ biorxiv: held('biorxiv'), medrxiv: held('medrxiv') });
    const search = searchRepositories(routing(0.3), [query], t.deps);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(sent, ['biorxiv any', 'biorxiv focused', 'biorxiv all', 'medrxiv any'], 'the primary\'s wave and the secondary\'s ranked request');
    pending.shift()!(); // bioRxiv's ranked answer: shown at once, whatever medRxiv does
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(t.batches.map((b) => b[0]!.record.id), ['doi:10.1101/biorxiv']);
    pending.splice(0).forEach((release) => release());
    const { hits, searched } = await search;
    assert.deepEqual(sent.length, 4, 'nothing more was asked');
    assert.deepEqual(searched, ['biorxiv', 'medrxiv']);
    assert.deepEqual([...new Set(hits.map((h) => h.record.id))], ['doi:10.1101/biorxiv', 'doi:10.1101/medrxiv'], 'merged as before');
  });

  it('in an arXiv/bioRxiv close call, asks the secondary its whole wave (another service, no queue shared)', async () => {
    const arxiv = new ScriptedSource('arxiv', () => [record('arxiv', 'arxiv:1')]);
    const biorxiv = new ScriptedSource('biorxiv', () => [record('biorxiv', 'doi:10.1101/1')]);
    const t = deps({ arxiv, biorxiv });
    const arxivFirst = { ...routing(0.5), discipline: 'physics' as const, primary: 'arxiv' as const, secondary: 'biorxiv' as const };
    await searchRepositories(arxivFirst, [query], t.deps);
    assert.deepEqual(biorxiv.requests.map((r) => r.mode), ['any', 'focused', 'all']);
  });

  it('with all three servers searched first, asks the second Europe PMC server only its ranked request', async () => {
    const arxiv = new ScriptedSource('arxiv', () => [record('arxiv', 'arxiv:1')]);
    const biorxiv = new ScriptedSource('biorxiv', () => [record('biorxiv', 'doi:10.1101/1')]);
    const medrxiv = new ScriptedSource('medrxiv', () => [record('medrxiv', 'doi:10.1101/2')]);
    const t = deps({ arxiv, biorxiv, medrxiv });
    const unsure = { ...routing(0.5), discipline: 'physics' as const, primary: 'arxiv' as const, secondary: 'biorxiv' as const, third: THIRD_SERVER_ABOVE + 0.05 };
    const { searched } = await searchRepositories(unsure, [query], t.deps);
    assert.deepEqual(searched, ['arxiv', 'biorxiv', 'medrxiv']);
    assert.deepEqual(biorxiv.requests.map((r) => r.mode), ['any', 'focused', 'all'], 'the first Europe PMC server: its whole wave');
    assert.deepEqual(medrxiv.requests.map((r) => r.mode), ['any'], 'the second: its ranked request, beside the first one\'s wave');
  });

  it('where the service answers for both servers at once, the secondary\'s ranked request rides with the primary\'s', async () => {
    // Europe PMC takes `(PUBLISHER:"bioRxiv" OR PUBLISHER:"medRxiv")`: one connection, not two.
    const alongside: string[][] = [];
    class SharedService extends ScriptedSource {
      async searchAlongside(request: SearchRequest, others: readonly Repository[]): Promise<ReadonlyMap<Repository, PaperRecord[]>> {
        alongside.push([this.name, ...others]);
        const own = await this.search(request);
        return new Map<Repository, PaperRecord[]>([[this.name, own], ...others.map((o): [Repository, PaperRecord[]] => [o, [record(o, `doi:10.1101/${o}-${request.mode}`)]])]);
      }
    }
    const biorxiv = new SharedService('biorxiv', (r) => (r.mode === 'all' ? [] : [record('biorxiv', `doi:10.1101/biorxiv-${r.mode}`)]));
    const medrxiv = new ScriptedSource('medrxiv', () => [record('medrxiv', 'doi:10.1101/never')]);
    const t = deps({ biorxiv, medrxiv });
    const { hits, searched, unreachable } = await searchRepositories(routing(0.3), [query], t.deps);
    assert.deepEqual(biorxiv.requests.map((r) => r.mode), ['any', 'focused', 'all'], 'the primary\'s wave, as before');
    assert.deepEqual(alongside, [['biorxiv', 'medrxiv']], 'only the ranked request answers for medRxiv too');
    assert.equal(medrxiv.requests.length, 0, 'medRxiv is not asked on its own');
    assert.deepEqual(searched, ['biorxiv', 'medrxiv']);
    assert.deepEqual(unreachable, []);
    const medrxivHits = hits.filter((h) => h.record.source === 'medrxiv');
    assert.deepEqual(medrxivHits.map((h) => [h.record.id, h.queryIndex, h.rank]), [['doi:10.1101/medrxiv-any', 0, 0]]);
    assert.ok(t.batches.some((b) => b.some((h) => h.record.source === 'medrxiv')), 'shown as it arrives');
  });

  it('a failed shared request leaves both servers unreachable, and the remaining server is searched', async () => {
    class SharedService extends ScriptedSource {
      async searchAlongside(request: SearchRequest): Promise<ReadonlyMap<Repository, PaperRecord[]>> {
        return new Map([[this.name, await this.search(request)]]);
      }
    }
    const biorxiv = new SharedService('biorxiv', () => new Error('HTTP 503'));
    const medrxiv = new ScriptedSource('medrxiv', () => [record('medrxiv', 'doi:10.1101/never')]);
    const arxiv = new ScriptedSource('arxiv', () => [record('arxiv', 'arxiv:1')]);
    const t = deps({ biorxiv, medrxiv, arxiv });
    const { hits, unreachable } = await searchRepositories(routing(0.3), [query], t.deps);
    assert.deepEqual(unreachable, ['biorxiv', 'medrxiv']);
    assert.equal(medrxiv.requests.length, 0);
    assert.deepEqual([...new Set(hits.map((h) => h.record.id))], ['arxiv:1'], 'the remaining server is searched instead');
    assert.ok(t.warnings.some((w) => /bioRxiv search failed: HTTP 503/.test(w)), t.warnings.join('\n'));
  });

  it('sends an unpaced source the ranked request and its narrower variants at once', async () => {
    let answered = 0;
    const biorxiv = new ScriptedSource('biorxiv', (r) => {
      answered++;
      return r.mode === 'all' ? [] : [record('biorxiv', 'doi:10.1101/1')];
    });
    const medrxiv = new ScriptedSource('medrxiv', () => [record('medrxiv', 'doi:10.1101/2')]);
    const t = deps({ biorxiv, medrxiv });
    const { hits, searched } = await searchRepositories(routing(0.97), [query], t.deps);
    assert.deepEqual(biorxiv.requests.map((r) => r.mode), ['any', 'focused', 'all'], 'ranked first, then narrower');
    assert.equal(biorxiv.requests[0]!.maxResults, 10, 'the ranked request over-fetches for our own ranking');
    assert.equal(answered, 3);
    assert.deepEqual(searched, ['biorxiv']);
    assert.equal(medrxiv.requests.length, 0, 'secondary not needed');
    assert.deepEqual([...new Set(hits.map((h) => h.record.id))], ['doi:10.1101/1']);
    assert.equal(t.batches.length, 2, 'each non-empty answer reported as it arrives');
  });

  it('asks a paced source one ranked request for all queries, and attributes hits to the queries they match', async () => {
    const second = { keywords: ['cardiomyocyte proliferation', 'zebrafish'], focus: ['cardiomyocyte proliferation'] };
    const found = { ...record('arxiv', 'arxiv:1'), title: 'Heart regeneration in zebrafish', abstract: 'Gene expression after injury.' };
    const arxiv = Object.assign(new ScriptedSource('arxiv', () => [found]), { paced: true });
    const t = deps({ arxiv });
    const { hits } = await searchRepositories({ ...routing(0.97), primary: 'arxiv', secondary: 'arxiv' }, [query, second], t.deps);
    assert.equal(arxiv.requests.length, 1);
    assert.equal(arxiv.requests[0]!.mode, 'any');
    assert.deepEqual(arxiv.requests[0]!.query.keywords, ['gene expression', 'zebrafish', 'heart regeneration', 'cardiomyocyte proliferation']);
    assert.deepEqual(hits.map((h) => h.queryIndex), [0], 'matches the first query only: the second one\'s focus is absent');
  });

  it('relaxes a paced source\'s phrases into words only when the ranked request found nothing', async () => {
    const arxiv = Object.assign(new ScriptedSource('arxiv', (r) => (r.query.keywords.length > 3 ? [record('arxiv', 'arxiv:2')] : [])), { paced: true });
    const t = deps({ arxiv });
    const { hits } = await searchRepositories({ ...routing(0.97), primary: 'arxiv', secondary: 'arxiv' }, [query], t.deps);
    assert.deepEqual(arxiv.requests.map((r) => r.query.keywords), [
      ['gene expression', 'zebrafish', 'heart regeneration'],
      ['gene', 'expression', 'zebrafish', 'heart', 'regeneration'],
    ]);
    assert.equal(hits.length, 1);
  });

  it('falls back to the secondary repository when the primary finds nothing at all', async () => {
    const biorxiv = new ScriptedSource('biorxiv', () => []);
    const medrxiv = new ScriptedSource('medrxiv', () => [record('medrxiv', 'doi:10.1101/2')]);
    const t = deps({ biorxiv, medrxiv });
    const { hits, searched } = await searchRepositories(routing(0.97), [query], t.deps);
    assert.deepEqual(searched, ['biorxiv', 'medrxiv']);
    assert.deepEqual([...new Set(hits.map((h) => h.record.source))], ['medrxiv']);
    assert.ok(t.warnings.some((w) => /bioRxiv found nothing; trying medRxiv/.test(w)), t.warnings.join());
  });

  it('turns a failing source into a warning and still uses the other', async () => {
    const biorxiv = new ScriptedSource('biorxiv', () => new Error('Europe PMC answered HTTP 500'));
    const medrxiv = new ScriptedSource('medrxiv', () => [record('medrxiv', 'doi:10.1101/3')]);
    const t = deps({ biorxiv, medrxiv });
    const { hits } = await searchRepositories(routing(0.3), [query], t.deps);
    assert.deepEqual([...new Set(hits.map((h) => h.record.id))], ['doi:10.1101/3']);
    assert.ok(t.warnings.some((w) => w.includes('bioRxiv search failed: Europe PMC answered HTTP 500')));
  });

  it('warns about the fallback only when there is one left to try', async () => {
    const biorxiv = new ScriptedSource('biorxiv', () => []);
    const medrxiv = new ScriptedSource('medrxiv', () => []);
    const t = deps({ biorxiv, medrxiv });
    const { hits } = await searchRepositories(routing(0.3), [query], t.deps);
    assert.equal(hits.length, 0);
    assert.deepEqual(t.warnings.filter((w) => /found nothing/.test(w)), [], 'both were searched at once: no fallback left');
  });

  it('says when a repository is switched off', async () => {
    const medrxiv = new ScriptedSource('medrxiv', () => [record('medrxiv', 'doi:10.1101/4')]);
    const t = deps({ medrxiv });
    const { hits } = await searchRepositories(routing(0.97), [query], t.deps);
    assert.deepEqual([...new Set(hits.map((h) => h.record.id))], ['doi:10.1101/4']);
    assert.ok(t.warnings.some((w) => /bioRxiv is switched off/.test(w)));
  });

  it('propagates cancellation instead of treating it as a failed search', async () => {
    const controller = new AbortController();
    const biorxiv = new ScriptedSource('biorxiv', () => {
      controller.abort();
      return [];
    });
    const medrxiv = new ScriptedSource('medrxiv', () => [record('medrxiv', 'doi:10.1101/5')]);
    const t = deps({ biorxiv, medrxiv }, controller.signal);
    await assert.rejects(searchRepositories(routing(0.97), [query], t.deps), { name: 'AbortError' });
    assert.equal(medrxiv.requests.length, 0);
  });
});
