// `citefinder refs check ID`: the reference list of a work named by its identifier, taken from its
// JATS (PMC's open-access XML), from the references its publisher deposited at Crossref, or from
// its PDF; the real dist/cli.js against the stand-in's recorded Europe PMC, Crossref and arXiv answers.
import { strict as assert } from 'node:assert';
import { readdirSync } from 'node:fs';
import { type CliStandIn, runCli, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';
import { createHttpClient } from '../../../src/core/net/http';
import { referencesOfWork } from '../../../src/core/references';
import { fetchEuropePmcRecordByDoi } from '../../../src/core/sources/published/europepmcById';
import { resolveSettings } from '../../../src/core/settings';

interface JsonCheck {
  reader: string;
  work?: { title: string; year: number | null; doi: string | null; from: string };
  references: { number: string; key: string | null; fields: Record<string, string>; verdict: string; searched: unknown[] }[];
  summary: Record<string, number>;
}

describe('CLI refs check of a work named by its identifier', function () {
  this.timeout(120_000);
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-refs-work-', { CITEFINDER_SOURCES_SEMANTICSCHOLAR_INTERVALMS: '0' });
  });
  afterEach(() => stopCliStandIn(cli));
  const deps = () => {
    const settings = resolveSettings({ ...cli!.standIn.settings, 'cache.dir': `${cli!.dir}/.cache`, 'sources.arxiv.intervalMs': 0, 'http.retries': 0, 'grobid.enabled': false });
    return { settings, http: createHttpClient(settings) };
  };

  it("checks a PMC article's references read from its open-access JATS, and writes nothing", async () => {
    const run = await runCli(['refs', 'check', 'PMC5967733', '--json'], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as JsonCheck;
    assert.equal(out.reader, 'jats');
    assert.deepEqual([out.work?.doi, out.work?.year, out.work?.from], ['10.1371/journal.pone.0197348', 2018, 'jats']);
    assert.match(out.work!.title, /^Antibacterial Effect of/);
    assert.equal(out.references.length, 24);
    assert.equal(out.references[0]!.key, 'pone.0197348.ref001');
    assert.equal(out.references[0]!.fields.doi, '10.3201/eid1810.120468');
    // Each reference was asked of the authorities and has its verdict (the stand-in knows none of these works).
    assert.ok(out.references.every((r) => r.verdict === 'not-found' && r.searched.length > 0));
    assert.deepEqual(readdirSync(cli!.dir), ['.cache']);
  });

  it("falls back to the references a publisher deposited at Crossref when there is no JATS", async () => {
    // Read only: checking its 70 references would take Crossref's public pace (5 a second), ~40 s.
    const outcome = await referencesOfWork('https://doi.org/10.1371/journal.pone.0033693', deps());
    assert.equal(outcome.status, 'found');
    if (outcome.status !== 'found') return;
    assert.deepEqual([outcome.from, outcome.list.reader, outcome.list.items.length], ['crossref', 'crossref', 70]);
    assert.equal(outcome.work.year, 2012);
    assert.equal(outcome.list.items[0]!.fields?.author, 'AF Arnsten and others');
  });

  it("finds a published article's open JATS in PubMed Central by its DOI (where a DOI's list is looked for first)", async () => {
    const record = await fetchEuropePmcRecordByDoi('10.1371/JOURNAL.PONE.0197348', deps());
    assert.equal(record?.pmcid, 'PMC5967733');
    assert.match(record!.jatsUrl!, /\/PMC5967733\/fullTextXML$/);
    assert.equal(await fetchEuropePmcRecordByDoi('10.1371/journal.pone.0033693', deps()), undefined);
  });

  it('says an identifier nobody has is bad input (exit 2), naming the authority', async () => {
    const run = await runCli(['refs', 'check', '10.1371/notarealdoi'], cli!.env);
    assert.equal(run.code, 2);
    assert.equal(run.stderr, 'citefinder: Crossref has no work with DOI 10.1371/notarealdoi.\n', 'said alone, without the usage');
  });

  it('reads an arXiv paper\'s references from its PDF when it has neither JATS nor a Crossref deposit', async () => {
    const outcome = await referencesOfWork('arXiv:1805.02262', deps());
    assert.equal(outcome.status, 'found');
    if (outcome.status !== 'found') return;
    assert.deepEqual([outcome.from, outcome.list.reader], ['pdf', 'pdfjs']);
    assert.equal(outcome.work.title, 'Construction of the Literature Graph in Semantic Scholar');
    assert.equal(outcome.list.items.length, 27);
  });
});
