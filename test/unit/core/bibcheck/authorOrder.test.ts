// The right people in the wrong order: the work is found and verified, but an author-year style
// would print the wrong first name ("Horrocks et al. 2015" for Tosatto et al.). Check Bibliography
// says so as a fix, and applying it reorders the entry's own names, nothing else.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startStandIn, type StandIn } from '../../../standin';
import { fixturePath } from '../../../standin/server';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings } from '../../../../src/core/settings/index';
import type { CoreDeps } from '../../../../src/core/deps';
import { checkBibliography } from '../../../../src/core/bibcheck';
import { bibCheckEdits } from '../../../../src/core/bibcheck/apply';
import { compareAuthors, inAuthorityOrder, readAuthorList } from '../../../../src/core/bibcheck/people';
import { applyEdits } from '../../../../src/core/manuscript/insertPlan';

const FILE = '/project/user.bib';
const TEXT = readFileSync(fixturePath('bibcheck', 'user.bib'), 'utf8')
  .replace('{Valero-Cuevas, Francisco J. and Santello, Marco}', '{Santello, Marco and Valero-Cuevas, Francisco J.}')
  .replace('{Tosatto, Laura and Horrocks, Mathew H. and others}', '{Horrocks, Mathew H. and others}');

describe('bibliography check: the order of the authors', function () {
  this.timeout(20_000);

  it('reads a list cut with "others" that opens with the second author as reordered, and the right first as in order', () => {
    const authority = readAuthorList(['Laura Tosatto', 'Mathew H. Horrocks', 'Alexander J. Dear']);
    assert.equal(compareAuthors(readAuthorList('Horrocks, Mathew H. and others'), authority).reordered, true);
    assert.equal(compareAuthors(readAuthorList('Tosatto, L. and others'), authority).reordered, false);
    assert.equal(compareAuthors(readAuthorList('Tosatto, L. and Dear, A. and others'), authority).reordered, false);
    assert.equal(compareAuthors(readAuthorList('Tosatto, L. and Dear, A. J. and Horrocks, M. H.'), authority).reordered, true);
    assert.equal(inAuthorityOrder('Horrocks, M. H. and Tosatto, {\\relax L}aura and Dear, A. J.', ['Laura Tosatto', 'Mathew H. Horrocks', 'Alexander J. Dear']),
      'Tosatto, {\\relax L}aura and Horrocks, M. H. and Dear, A. J.');
    assert.equal(inAuthorityOrder('Horrocks, M. H. and others', ['Laura Tosatto', 'Mathew H. Horrocks', 'Wei Wang 0001']), 'Laura Tosatto and Horrocks, M. H. and others');
    assert.equal(inAuthorityOrder('Nobody, A. and Tosatto, L.', ['Laura Tosatto']), undefined, 'a name that is not the authority\'s: nothing to reorder');
  });

  describe('against the stand-in', () => {
    let standIn: StandIn;
    let deps: CoreDeps;
    beforeEach(async () => {
      standIn = await startStandIn();
      const settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'sources.arxiv.intervalMs': 0, 'sources.dblp.intervalMs': 0, 'cache.enabled': false });
      deps = { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) };
    });
    afterEach(() => standIn.close());

    it('verifies the work, offers the authority\'s order as a fix and names its first author', async () => {
      const report = await checkBibliography([{ file: FILE, text: TEXT }], deps);
      const byKey = new Map(report.entries.map((e) => [e.key, e]));
      const tosatto = byKey.get('tosatto2015')!;
      assert.equal(tosatto.verdict.verdict, 'verified-fixable');
      assert.deepEqual(tosatto.verdict.fixable, ['author']);
      assert.match(tosatto.message, /correct the order of the authors \(first: Laura Tosatto\)/);
      assert.match(tosatto.verdict.evidence.find((e) => e.field === 'author')!.note!, /another order: the first author is Laura Tosatto/);
      const valero = byKey.get('valerocuevas2017')!;
      assert.equal(valero.verdict.verdict, 'verified-fixable');
      assert.deepEqual([...valero.verdict.fixable!].sort(), ['author', 'volume']);
      // The untouched entries keep their verdicts: an in-order list is no finding.
      assert.equal(byKey.get('perlmutter1999')!.verdict.fixable?.includes('author'), false);
    });

    it('applying the fix reorders the entry\'s own names and changes no other byte', async () => {
      const report = await checkBibliography([{ file: FILE, text: TEXT }], deps);
      const edited = applyEdits(TEXT, bibCheckEdits(FILE, TEXT, report.entries, new Map([['valerocuevas2017', ['author']], ['tosatto2015', ['author']]])));
      assert.equal(
        edited,
        TEXT.replace('{Santello, Marco and Valero-Cuevas, Francisco J.}', '{Valero-Cuevas, Francisco J. and Santello, Marco}').replace(
          '{Horrocks, Mathew H. and others}',
          '{Laura Tosatto and Horrocks, Mathew H. and others}',
        ),
      );
    });
  });
});
