// A publisher's Crossref deposit read as the publisher tagged it, and mis-tagged: IEEE deposits a
// paper's title as its `journal-title` when it tags no `article-title` (the proceedings then in
// `volume-title`, or in the printed string), and nothing else for an RFC or a draft. The deposits
// are IEEE's shapes (two of them the real deposit of 10.1109/ICDCSW.2003.1203662); the works are
// HALLMARK's, which the stand-in serves.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useReferencesStandIn } from '../../../helpers/referencesStandIn';
import { fixturePath } from '../../../standin/server';
import { checkReferences, fieldsOfItem } from '../../../../src/core/references';
import { crossrefItems } from '../../../../src/core/references/crossrefItems';
import type { CrossrefReference } from '../../../../src/core/sources/crossrefWork';

const icdcsw = (JSON.parse(readFileSync(fixturePath('crossref', 'works_10.1109_icdcsw.2003.1203662_ieee-proceedings.json'), 'utf8')) as {
  message: { reference: CrossrefReference[] };
}).message.reference;

describe('references a publisher deposited at Crossref', function () {
  this.timeout(60_000);
  const env = useReferencesStandIn();

  it("reads IEEE's title deposited as journal-title as the title, the proceedings beside it as the venue", async () => {
    const items = crossrefItems([
      { key: 'ref4', author: 'lim', year: '2023', 'journal-title': 'BiasAdv: Bias-adversarial augmentation for model debiasing', 'volume-title': 'Proc IEEE/CVF Conf Comput Vis Pattern Recognit (CVPR)' },
      {
        key: 'ref5', author: 'abel', year: '2021', 'journal-title': 'On the expressivity of Markov reward',
        unstructured: 'D. Abel, W. Dabney, A. Harutyunyan, M. K. Ho, M. Littman, D. Precup and S. Singh, "On the expressivity of Markov reward", Proc. NeurIPS, 2021.',
      },
    ]);
    assert.deepEqual(fieldsOfItem(items[0]!), {
      author: 'lim and others', title: 'BiasAdv: Bias-adversarial augmentation for model debiasing',
      venue: 'Proc IEEE/CVF Conf Comput Vis Pattern Recognit (CVPR)', year: '2023',
    });
    assert.equal(fieldsOfItem(items[1]!).venue, 'Proc. NeurIPS', "the string's venue, not its title again");
    const [biasAdv, abel] = (await checkReferences(items, env.deps())).references;
    assert.equal(biasAdv!.result?.verdict.verdict, 'verified-fixable');
    assert.match(biasAdv!.result!.message, /^Verified at DBLP .*could add doi/);
    assert.equal(abel!.result?.verdict.verdict, 'verified');
  });

  it("reads a standalone document's title deposited as journal-title (an Internet draft) as its title", () => {
    const [rfc, draft] = crossrefItems(icdcsw.filter((r) => r.key === 'ref8' || r.key === 'ref11'));
    assert.deepEqual(fieldsOfItem(draft!), { author: 'kohler and others', title: 'Datagram Congestion Control Protocol', year: '2002' });
    // A journal title with an article title beside it stays the venue.
    assert.equal(fieldsOfItem(rfc!).venue, 'RFC 3168');
    // A journal's reference without its title keeps the journal as its venue (volume and page say so).
    const [journal] = crossrefItems([{ key: 'r1', author: 'tosatto', year: '2015', 'journal-title': 'Scientific Reports', volume: '5', 'first-page': '16696' }]);
    assert.equal(fieldsOfItem(journal!).title, undefined);
  });
});
