// A PubMed or PMC id names a work as a DOI does: Europe PMC's record gives the DOI, whose authority
// (Crossref) gives the record and the BibTeX, with the PMID, PMCID and open-access full text kept.
// Against the stand-in's Europe PMC, which holds the recorded PubMed record of the Cell Genomics
// article (PMID 40120586) and the PLoS ONE article in PMC (PMC5967733).
import assert from 'node:assert/strict';
import { startStandInServer, type StandIn } from '../../../standin/server';
import { installCrossref } from '../../../standin/crossref';
import { installDoi } from '../../../standin/doi';
import { installEuropePmc } from '../../../standin/europepmc';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings/index';
import type { CoreDeps } from '../../../../src/core/deps';
import { parseIdentifier } from '../../../../src/core/identity/identifiers';
import { looksLikeIdentifier } from '../../../../src/core/identity/patterns';
import { WorkLookup } from '../../../../src/core/works/lookup';
import { citeByIdentifier } from '../../../../src/core/works/cite';

describe('works named by a PMID or PMCID (stand-in Europe PMC and Crossref)', () => {
  let standIn: StandIn;
  let deps: CoreDeps;
  beforeEach(async () => {
    standIn = await startStandInServer([installCrossref, installDoi, installEuropePmc]);
    const settings = resolveSettings({ ...standIn.settings, 'http.retries': 0 });
    deps = { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) };
  });
  afterEach(() => standIn.close());

  it('resolves a PMID through Europe PMC to its DOI\'s Crossref record and BibTeX, the PMID kept', async () => {
    const outcome = await citeByIdentifier('PMID: 40120586', deps);
    assert.equal(outcome.status, 'found');
    if (outcome.status !== 'found') return;
    assert.equal(outcome.candidate.source, 'crossref', 'the authority\'s record, as for the DOI');
    assert.equal(outcome.candidate.doi, '10.1016/j.xgen.2025.100814');
    assert.equal(outcome.candidate.pmid, '40120586');
    assert.match(outcome.candidate.bibtex ?? '', /Cell Genomics/, outcome.candidate.bibtexError);
    const asked = standIn.requests.filter((r) => r.service === 'europepmc').map((r) => new URL(r.url, standIn.url).searchParams.get('query'));
    assert.deepEqual(asked, ['EXT_ID:40120586 AND SRC:MED'], 'one Europe PMC request, by id');
  });

  it('reads a bare number given as an identifier as a PMID, as PubMed users copy it', async () => {
    assert.deepEqual(parseIdentifier(' 40120586 '), { kind: 'pubmed', pmid: '40120586' });
    const outcome = await citeByIdentifier('40120586', deps);
    assert.equal(outcome.status === 'found' && outcome.candidate.doi, '10.1016/j.xgen.2025.100814');
    for (const text of ['0', '1.5', '1234567890', '12a4']) assert.equal(parseIdentifier(text)?.kind === 'pubmed', false, text);
  });

  it('resolves a PMC link to its article, with the open-access JATS Europe PMC serves', async () => {
    const found = await new WorkLookup(deps).byIdentifier(parseIdentifier('https://pmc.ncbi.nlm.nih.gov/articles/PMC5967733/')!);
    assert.match(found?.record.title ?? '', /Trisulfanediyl/);
    assert.equal(found?.record.doi, '10.1371/journal.pone.0197348');
    assert.equal(found?.record.pmcid, 'PMC5967733');
    assert.equal(found?.record.jatsUrl, `${standIn.url}/europepmc/webservices/rest/PMC5967733/fullTextXML`);
  });

  it('says Europe PMC has no such record, and refuses to guess when Europe PMC is switched off', async () => {
    const missing = await citeByIdentifier('PMID:99999999', deps);
    assert.deepEqual(missing, { status: 'not-found', id: { kind: 'pubmed', pmid: '99999999' }, message: 'Europe PMC has no PubMed record PMID:99999999.' });
    const off = { ...deps, settings: resolveSettings({ ...standIn.settings, 'sources.europepmc.enabled': false }) };
    await assert.rejects(citeByIdentifier('PMC5967733', off), /Europe PMC is switched off/);
  });

  it('offers the lightbulb on a selected PMID or PMCID, not on a bare number', () => {
    for (const text of ['PMID: 40120586', 'PMC5967733', 'https://pubmed.ncbi.nlm.nih.gov/40120586/']) assert.ok(looksLikeIdentifier(text), text);
    for (const text of ['40120586', 'PMID 40120586 shows']) assert.ok(!looksLikeIdentifier(text), text);
  });
});
