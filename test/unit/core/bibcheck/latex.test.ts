// Check Bibliography never calls an entry with malformed LaTeX "ok": the user's .bib holding
// Crossref's real entry for 10.1086/307221 (maths mangled into `$\{upOmega}$`) differs in its
// title, and applying takes the repaired title from the authority.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startStandIn, type StandIn } from '../../../standin';
import { fixturePath } from '../../../standin/server';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings';
import type { CoreDeps } from '../../../../src/core/deps';
import { checkBibliography } from '../../../../src/core/bibcheck';
import { bibCheckEdits } from '../../../../src/core/bibcheck/apply';
import { latexFindings } from '../../../../src/core/bibcheck/latex';
import { applyEdits } from '../../../../src/core/manuscript/insertPlan';

const FILE = '/project/refs.bib';
const QUIRK = readFileSync(fixturePath('bibtex', 'doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib'), 'utf8');

describe('bibliography check: malformed LaTeX', function () {
  this.timeout(20_000);
  let standIn: StandIn;
  let deps: CoreDeps;
  beforeEach(async () => {
    standIn = await startStandIn();
    const settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'sources.arxiv.intervalMs': 0, 'cache.enabled': false });
    deps = { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) };
  });
  afterEach(() => standIn.close());

  it('Crossref\'s mangled entry is not "ok": its title differs, and applying repairs that field only', async () => {
    const report = await checkBibliography([{ file: FILE, text: QUIRK }], deps);
    const [entry] = report.entries;
    assert.equal(entry!.status, 'differs', entry!.message);
    assert.deepEqual(Object.keys(entry!.fields), ['title']);
    assert.match(entry!.message, /title has malformed LaTeX \(maths mangled into "\\\{upOmega\}", "\\\{upLambda\}"\)/);
    assert.equal(entry!.fields.title!.authority, 'Measurements of $\\Omega$ and $\\Lambda$ from 42 High-Redshift Supernovae');
    const edited = applyEdits(QUIRK, bibCheckEdits(FILE, QUIRK, report.entries, new Map([['Perlmutter_1999', ['title']]])));
    assert.equal(edited, QUIRK.replace('$\\{upOmega}$ and $\\{upLambda}$', '$\\Omega$ and $\\Lambda$'));
  });

  it('a field the authority has no clean value for is reported, to correct by hand', () => {
    const found = latexFindings({ title: 'CO<span>2</span> capture' }, { title: 'CO<span>2</span> capture' });
    assert.deepEqual(found.fields, {});
    assert.equal(found.unfixable, true);
    assert.match(found.message, /title has malformed LaTeX \(HTML tags \(<span>\)\); correct it by hand/);
  });
});
