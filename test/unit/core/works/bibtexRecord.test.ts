// A work read from its authority's BibTeX shows its title with the maths as text: the chat and
// the audit said "Measurements of and from 42 High-Redshift Supernovae" for Crossref's real
// entry of 10.1086/307221, whose maths is mangled.
import assert from 'node:assert/strict';
import { startStandInServer, type StandIn } from '../../../standin/server';
import { installDoi } from '../../../standin/doi';
import { installCrossref } from '../../../standin/crossref';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings';
import { recordFromBibtex } from '../../../../src/core/works/bibtexRecord';

describe('a record from authority BibTeX', () => {
  let standIn: StandIn;
  beforeEach(async () => {
    standIn = await startStandInServer([installDoi, installCrossref]);
  });
  afterEach(() => standIn.close());

  it('keeps the title\'s maths as text (Ω, Λ)', async () => {
    const settings = resolveSettings({ ...standIn.settings, 'http.retries': 0 });
    const http = createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 });
    const record = await recordFromBibtex('10.1086/307221', { settings, http });
    assert.equal(record?.title, 'Measurements of Ω and Λ from 42 High-Redshift Supernovae');
    assert.equal(record?.journal, 'The Astrophysical Journal');
    assert.equal(record?.authors[0], 'S. Perlmutter');
  });
});
