// Stand-in for api.crossref.org, mounted at `${standIn.url}/crossref`
// (`standIn.settings['sources.crossref.url']` points there). Serves recorded payloads only:
//
//   GET /works/{doi}/transform/application/x-bibtex   the authority BibTeX (test/fixtures/bibtex)
//   GET /v1/works/{doi}/transform  (Accept: application/x-bibtex)
//                                  where doi.org's redirect lands, as in the recorded chain
//   GET /works/{doi}, /v1/works/{doi}   the recorded work JSON (test/fixtures/crossref), or for a
//                                  DOI with only its BibTeX recorded, the record written from it
//
//   GET /works?query.bibliographic=…[&query.author=…][&filter=from-pub-date:Y,until-pub-date:Y][&rows=N]
//                                  a tiny search over every recorded work (see searchWorks)
//
// Works registered with registerCrossrefWorks (crossrefPool.ts) answer both, in Crossref's form.
//
// The DOI may come with `/` or `%2F`, in any case. An unknown DOI gets Crossref's real 404
// (`Resource not found.`, text/plain). A transform without a BibTeX Accept header gets 406,
// so a client that forgets the header fails loudly (a stand-in choice; no recording exists).
import { readFileSync } from 'node:fs';
import { fixturePath, send, type StandIn, type StandInRequest } from './server';
import type { ServerResponse } from 'node:http';
import { searchWorks, worksByDoi } from './crossrefSearch';
import { registeredCrossrefWorks } from './crossrefPool';
import { crossrefWorkFromBibtex } from './crossrefFromBibtex';

/** DOIs (lower case) whose authority BibTeX is recorded. */
export const BIBTEX_FIXTURE_BY_DOI: Readonly<Record<string, string>> = {
  '10.1126/science.169.3946.635': 'crossref-cn_10.1126_science.169.3946.635.bib',
  '10.1016/j.xgen.2025.100814': 'crossref-transform_10.1016_j.xgen.2025.100814_cell-genomics.bib',
  '10.1101/2024.04.01.587366': 'crossref-transform_10.1101_2024.04.01.587366_biorxiv-preprint.bib',
  '10.1186/s12984-017-0305-3': 'doi-cn-2019_10.1186_s12984-017-0305-3_jner.bib',
  '10.1086/307221': 'doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib',
  '10.1007/bf01700692': 'doi-cn-2019_10.1007_BF01700692_unicode.bib',
};

/** DOIs (lower case) whose /works JSON is recorded. */
export const WORK_FIXTURE_BY_DOI: Readonly<Record<string, string>> = {
  '10.1371/journal.pone.0033693': 'works_10.1371_journal.pone.0033693_plosone.json',
  '10.1038/srep16696': 'works_10.1038_srep16696_scirep.json',
  '10.1101/2024.04.01.587366': 'works_10.1101_2024.04.01.587366_biorxiv-preprint_posted-content.json',
  '10.1016/s0140-6736(97)11096-0': 'works_10.1016_s0140-6736-97-11096-0_retracted_updated-by.json',
  '10.1109/icdcsw.2003.1203662': 'works_10.1109_icdcsw.2003.1203662_ieee-proceedings.json',
};

/** Crossref's recorded 404 body. */
export function crossrefNotFound(res: ServerResponse): void {
  send(res, 404, readFileSync(fixturePath('crossref', 'works_10.1371_notarealdoi_http404.txt')), 'text/plain');
}

/** Headers the recorded Crossref BibTeX answer carried (rate-limit hints included). */
const BIBTEX_HEADERS = {
  vary: 'Accept',
  'access-control-allow-origin': '*',
  'x-rate-limit-limit': '5',
  'x-rate-limit-interval': '1s',
  'x-concurrency-limit': '1',
  'x-api-pool': 'public',
};

/** Requests the stand-in's Crossref announces it answers at once (the bench's bound counts it). */
export const CROSSREF_ANNOUNCED_CONCURRENCY = Number(BIBTEX_HEADERS['x-concurrency-limit']);

/**
 * The /works record (its `message`) of a DOI: the recorded JSON, else, for a DOI whose BibTeX is
 * recorded, the record written from that BibTeX (crossrefFromBibtex.ts says why).
 */
function recordedWork(doi: string): Record<string, unknown> | undefined {
  const file = WORK_FIXTURE_BY_DOI[doi];
  if (file) return (JSON.parse(readFileSync(fixturePath('crossref', file), 'utf8')) as { message: Record<string, unknown> }).message;
  const bibtex = recordedBibtex(doi);
  return bibtex ? crossrefWorkFromBibtex(doi, bibtex.toString('utf8')) : undefined;
}

export function recordedBibtex(doi: string): Buffer | undefined {
  const file = BIBTEX_FIXTURE_BY_DOI[doi.toLowerCase()];
  return file ? readFileSync(fixturePath('bibtex', file)) : undefined;
}

/** The DOIs of a `/works?filter=doi:A,doi:B` list request (none for any other request). */
export function filteredDois(req: StandInRequest): string[] {
  if (req.method !== 'GET' || !/^(?:\/v1)?\/works\/?$/.test(req.path)) return [];
  return (req.url.searchParams.get('filter') ?? '').split(',').filter((f) => f.startsWith('doi:')).map((f) => f.slice(4));
}

/** The record this stand-in's Crossref holds for a DOI (lower-case): registered, else recorded. */
export function crossrefRecordOf(standIn: StandIn, doi: string): Record<string, unknown> | undefined {
  return (registeredCrossrefWorks(standIn).get(doi) as Record<string, unknown> | undefined) ?? recordedWork(doi);
}

export function installCrossref(standIn: StandIn): void {
  standIn.handle('crossref', (req: StandInRequest, res: ServerResponse) => {
    if (req.method === 'GET' && /^(?:\/v1)?\/works\/?$/.test(req.path)) {
      const dois = filteredDois(req);
      if (dois.length > 0) return worksByDoi(res, dois, (doi) => crossrefRecordOf(standIn, doi));
      return searchWorks(req, res, [...registeredCrossrefWorks(standIn).values()]);
    }
    const match = /^(?:\/v1)?\/works\/(.+?)(\/transform(?:\/application\/x-bibtex)?)?\/?$/.exec(req.path);
    if (req.method !== 'GET' || !match) return crossrefNotFound(res);
    const doi = decodeURIComponent(match[1]).toLowerCase();
    const transform = match[2];
    if (transform) {
      const explicit = transform.endsWith('/application/x-bibtex');
      if (!explicit && !String(req.headers.accept ?? '').includes('application/x-bibtex')) {
        return send(res, 406, 'Not Acceptable', 'text/plain');
      }
      const body = recordedBibtex(doi);
      return body ? send(res, 200, body, 'application/x-bibtex', BIBTEX_HEADERS) : crossrefNotFound(res);
    }
    const registered = registeredCrossrefWorks(standIn).get(doi);
    if (registered) return send(res, 200, JSON.stringify({ status: 'ok', 'message-type': 'work', 'message-version': '1.0.0', message: registered }), 'application/json');
    const file = WORK_FIXTURE_BY_DOI[doi];
    if (file) return send(res, 200, readFileSync(fixturePath('crossref', file)), 'application/json');
    const work = recordedWork(doi);
    if (!work) return crossrefNotFound(res);
    send(res, 200, JSON.stringify({ status: 'ok', 'message-type': 'work', 'message-version': '1.0.0', message: work }), 'application/json');
  });
}
