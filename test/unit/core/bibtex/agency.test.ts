// BibTeX in one round trip (bibtex/agency.ts + fetch.ts): a DOI whose registration agency doi.org's
// "Which RA?" answer names for its prefix (asked once per prefix) is asked of that agency directly,
// doi.org is the fallback, and the journal's entry still wins over the preprint's. Against the
// stand-in serving the recorded BibTeX.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath, startStandInServer, type StandIn } from '../../../standin/server';
import { installDoi } from '../../../standin/doi';
import { installCrossref } from '../../../standin/crossref';
import { installArxivBibtex } from '../../../standin/arxivBibtex';
import { installDatacite } from '../../../standin/datacite';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings';
import type { HttpClient } from '../../../../src/core/net/types';
import { bibtexPlan, fetchBibtex } from '../../../../src/core/bibtex/fetch';
import { agencyOfAnswer, registrationAgency, resetRegistrationAgencies } from '../../../../src/core/bibtex/agency';
import type { PaperRecord } from '../../../../src/core/types';

const bib = (file: string) => readFileSync(fixturePath('bibtex', file), 'utf8');
const PREPRINT = '10.1101/2024.04.01.587366';
const JOURNAL = '10.1016/j.xgen.2025.100814';

describe('BibTeX from the registration agency', () => {
  let standIn: StandIn;
  let settings: Settings;
  let http: HttpClient;
  beforeEach(async () => {
    standIn = await startStandInServer([installDoi, installCrossref, installArxivBibtex, installDatacite]);
    settings = resolveSettings({ ...standIn.settings, 'http.retries': 0 });
    http = createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });
    resetRegistrationAgencies();
  });
  afterEach(() => standIn.close());
  const services = () => standIn.requests.map((r) => r.service);

  it('learns each prefix\'s agency from doi.org\'s /ra/ answer, once per prefix', async () => {
    const deps = { http, settings };
    assert.equal(await registrationAgency('10.64898/2025.12.01.25341371', deps), 'crossref');
    assert.equal(await registrationAgency('10.64898/2026.05.22.727329', deps), 'crossref');
    assert.equal(await registrationAgency('10.48550/arxiv.1710.08557', deps), 'datacite');
    assert.equal(await registrationAgency('not-a-doi', deps), undefined);
    assert.deepEqual(standIn.requests.map((r) => `${r.service} ${r.path}`), ['doi /ra/10.64898', 'doi /ra/10.48550']);
    assert.equal(standIn.requests[0]!.headers.accept, 'application/json');
    assert.equal(agencyOfAnswer([{ DOI: '10.5240', RA: 'EIDR' }]), undefined, 'another agency: through doi.org');
    assert.equal(agencyOfAnswer([{ DOI: '10.99999', status: 'DOI does not exist' }]), undefined);
    // A medRxiv preprint of the new prefix: straight to Crossref, not through doi.org's redirect.
    standIn.requests.length = 0;
    const medrxiv: PaperRecord = { id: 'doi:10.64898/2025.12.01.25341371', source: 'medrxiv', title: 't', authors: [], doi: '10.64898/2025.12.01.25341371' };
    await assert.rejects(fetchBibtex(medrxiv, deps), /Resource not found/); // the stand-in records no BibTeX of it
    assert.deepEqual(services(), ['crossref']);
  });

  it('goes through doi.org when doi.org cannot name the agency, and asks again next time', async () => {
    standIn.failNext('doi', [503]);
    const record: PaperRecord = { id: 'doi:10.77777/x', source: 'crossref', title: 't', authors: [], doi: '10.77777/x' };
    await assert.rejects(fetchBibtex(record, { http, settings }));
    assert.deepEqual(standIn.requests.map((r) => `${r.service} ${r.path}`), ['doi /ra/10.77777', 'doi /10.77777/x']);
    assert.equal(await registrationAgency('10.77777/y', { http, settings }), 'crossref');
  });

  it('a bioRxiv preprint’s BibTeX straight from Crossref, in one request once its prefix is known', async () => {
    const record: PaperRecord = { id: `doi:${PREPRINT}`, source: 'biorxiv', title: 't', authors: [], doi: PREPRINT };
    const result = await fetchBibtex(record, { http, settings });
    assert.equal(result.bibtex, bib('crossref-transform_10.1101_2024.04.01.587366_biorxiv-preprint.bib'));
    assert.deepEqual(services(), ['doi', 'crossref'], 'the prefix\'s agency, then its BibTeX');
    assert.equal(standIn.requests[1]!.headers.accept, 'application/x-bibtex');
    // The agency of 10.1101 is known now: the next bioRxiv DOI is one request.
    standIn.requests.length = 0;
    await assert.rejects(fetchBibtex({ ...record, id: 'doi:10.1101/000000', doi: '10.1101/000000' }, { http, settings }), /Resource not found/);
    assert.deepEqual(services(), ['crossref']);
  });

  it('the journal’s entry still wins over the preprint’s, each asked of its agency first', async () => {
    const record: PaperRecord = { id: `doi:${PREPRINT}`, source: 'biorxiv', title: 't', authors: [], doi: PREPRINT, publishedDoi: JOURNAL };
    const plan = bibtexPlan(record, settings, () => 'crossref').map((p) => `${p.service} ${p.url.replace(standIn.url, '')}`);
    assert.deepEqual(plan, [
      `crossref /crossref/works/${JOURNAL}/transform/application/x-bibtex`,
      `doi /doi/${JOURNAL}`,
      `crossref /crossref/works/${PREPRINT}/transform/application/x-bibtex`,
      `doi /doi/${PREPRINT}`,
    ]);
    const result = await fetchBibtex(record, { http, settings });
    assert.equal(result.bibtex, bib('crossref-transform_10.1016_j.xgen.2025.100814_cell-genomics.bib'));
    assert.deepEqual(services(), ['doi', 'doi', 'crossref'], 'the two prefixes\' agencies, side by side, then the journal\'s BibTeX');
  });

  it('goes through doi.org when the agency fails, and asks nobody else once the agency says 404', async () => {
    standIn.failNext('crossref', [503]);
    const apj: PaperRecord = { id: 'doi:10.1086/307221', source: 'crossref', title: 't', authors: [], doi: '10.1086/307221' };
    const result = await fetchBibtex(apj, { http, settings });
    // doi.org's answer, its mangled maths repaired in the title only (latex/health.ts).
    assert.equal(result.bibtex, bib('doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib').replace('$\\{upOmega}$ and $\\{upLambda}$', '$\\Omega$ and $\\Lambda$'));
    assert.deepEqual(services(), ['doi', 'crossref', 'doi', 'crossref']); // the prefix's agency, the 503, doi.org's 302, its target

    standIn.requests.length = 0;
    const missing: PaperRecord = { id: 'doi:10.1101/000000', source: 'biorxiv', title: 't', authors: [], doi: '10.1101/000000' };
    await assert.rejects(fetchBibtex(missing, { http, settings }), /Resource not found/);
    assert.deepEqual(services(), ['doi', 'crossref']);
  });

  it('DataCite\'s 404 for an arXiv DOI settles it: neither doi.org nor its /ra/ is asked', async () => {
    const record: PaperRecord = { id: 'arxiv:0807.2873', source: 'arxiv', title: 't', authors: [], arxivId: '0807.2873v1' };
    await assert.rejects(fetchBibtex(record, { http, settings }));
    assert.deepEqual(services(), ['datacite']);
  });

  it('an arXiv paper’s DataCite DOI goes to DataCite, with doi.org and arxiv.org/bibtex behind it', () => {
    const record: PaperRecord = { id: 'arxiv:1710.08557', source: 'arxiv', title: 't', authors: [], arxivId: '1710.08557v2' };
    assert.deepEqual(bibtexPlan(record, settings).map((p) => `${p.service} ${p.url.replace(standIn.url, '')}`), [
      'datacite /datacite/dois/10.48550/arXiv.1710.08557',
      'doi /doi/10.48550/arXiv.1710.08557',
      'arxivBibtex /arxiv-bibtex/1710.08557',
    ]);
    const noDatacite = resolveSettings({ ...settings, 'sources.datacite.url': '' });
    assert.deepEqual(bibtexPlan(record, noDatacite).map((p) => p.service), ['doi', 'arxivBibtex']);
  });
});
