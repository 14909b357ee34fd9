// "Cite by DOI, arXiv ID, PMID or URL" in the editor: after the insert, its message says whose
// BibTeX went in when a preprint named by its own id got its journal version's, in the words
// `citefinder lookup` uses. The lookup is the core's, against the stand-in; the message is
// citedMessage, which the command shows as it is.
import assert from 'node:assert/strict';
import { startStandIn, type StandIn } from '../../standin';
import { createHttpClient } from '../../../src/core/net/http';
import { PacingRegistry } from '../../../src/core/net/pacing';
import { resolveSettings } from '../../../src/core/settings/index';
import type { CoreDeps } from '../../../src/core/deps';
import { citeByIdentifier } from '../../../src/core/works/cite';
import { citedMessage } from '../../../src/vscode/citedMessage';

describe('Cite by DOI says whose BibTeX it inserted (stand-in)', function () {
  this.timeout(20_000);
  let standIn: StandIn;
  let deps: CoreDeps;
  beforeEach(async () => {
    standIn = await startStandIn();
    const settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'cache.enabled': false });
    deps = { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) };
  });
  afterEach(() => standIn.close());

  const messageFor = async (id: string): Promise<string> => {
    const outcome = await citeByIdentifier(id, deps);
    assert.equal(outcome.status, 'found', id);
    if (outcome.status !== 'found') return '';
    assert.ok(outcome.candidate.citeKey, outcome.candidate.bibtexError);
    return citedMessage(outcome.candidate, { key: outcome.candidate.citeKey!, command: '\\citep', bibFile: '/p/refs.bib', reused: false, notes: [] });
  };

  it("names the published version when a bioRxiv preprint's id brought the journal's BibTeX", async () => {
    const message = await messageFor('10.1101/2024.04.01.587366');
    assert.ok(
      message.endsWith('; its entry was added to refs.bib. Note: this BibTeX describes the published version (Cell Genomics, doi:10.1016/j.xgen.2025.100814), not the preprint doi:10.1101/2024.04.01.587366.'),
      message,
    );
  });

  it('says nothing of versions when the work named is the one whose BibTeX went in', async () => {
    const message = await messageFor('10.1016/j.xgen.2025.100814');
    assert.match(message, /; its entry was added to refs\.bib\.$/);
  });
});
