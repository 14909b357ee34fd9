// IEEE prints a conference's proceedings in ISO 4's abbreviations ("in Proc. Adv. Neural Inf. Process.
// Syst.", "in Proc. Int. Conf. Mach. Learn."): the same venue as DBLP's "NeurIPS" or Crossref's "2023
// IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)", not one nobody knows. HALLMARK's
// works, printed as IEEEtran prints them, checked against the stand-in.
import assert from 'node:assert/strict';
import { useReferencesStandIn } from '../../../helpers/referencesStandIn';
import { checkReferences, pastedItems } from '../../../../src/core/references';
import { canonicalVenue, sameVenue } from '../../../../src/core/bibcheck/venues';

const IEEE_LIST = `[1] D. Abel, W. Dabney, A. Harutyunyan, M. K. Ho, M. Littman, D. Precup, and S. Singh, "On the expressivity of Markov reward," in Proc. Adv. Neural Inf. Process. Syst., 2021, pp. 7799–7812.
[2] J. Wu and Y. Vorobeychik, "Robust deep reinforcement learning through bootstrapped opportunistic curriculum," in Proc. Int. Conf. Mach. Learn., 2022, pp. 24177–24211.
[3] C. Wang, Q. Wu, S. Huang, and A. Saied, "Economic hyperparameter optimization with blended search strategy," in Proc. Int. Conf. Learn. Represent., 2021.
[4] J. Lim et al., "BiasAdv: Bias-adversarial augmentation for model debiasing," in Proc. IEEE/CVF Conf. Comput. Vis. Pattern Recognit., 2023, pp. 3832–3841.`;

describe("IEEE's abbreviated proceedings", function () {
  this.timeout(60_000);
  const env = useReferencesStandIn();

  it('checks references whose proceedings IEEE abbreviates as the works DBLP and Crossref hold, not as a nonexistent venue', async () => {
    const check = await checkReferences(pastedItems(IEEE_LIST), env.deps());
    const verdicts = check.references.map((r) => [r.item.number, r.result?.verdict.verdict, r.result?.verdict.kind]);
    assert.deepEqual(verdicts, [
      ['1', 'verified', undefined],
      ['2', 'verified', undefined],
      ['3', 'verified', undefined],
      ['4', 'verified-fixable', undefined],
    ]);
    for (const r of check.references) assert.equal(r.result!.verdict.evidence.find((e) => e.field === 'venue')?.status, 'agrees', r.item.text);
  });

  it('reads an abbreviation word by word against the full names, and keeps ICML apart from the journal Machine Learning', () => {
    assert.equal(canonicalVenue('Proc. Annu. Meeting Assoc. Comput. Linguistics'), 'acl');
    assert.equal(canonicalVenue('Proc. Eur. Conf. Comput. Vis.'), 'eccv');
    assert.equal(canonicalVenue('Proc. Int. Conf. Mach. Learn.'), 'icml');
    assert.equal(canonicalVenue('Mach. Learn.'), 'mlj');
    assert.ok(sameVenue('Proceedings of the 39th International Conference on Machine Learning', 'ICML'));
    assert.ok(!sameVenue('Machine Learning', 'ICML'));
    // Two words that begin a table name's words are no venue of it: "Comput. Vis." names no conference.
    assert.equal(canonicalVenue('Comput. Vis.'), undefined);
  });
});
