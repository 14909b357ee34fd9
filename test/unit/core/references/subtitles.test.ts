// biblatex keeps the part of a title after its colon apart, as `subtitle` (and a journal's or a
// book's as `journalsubtitle`, `booksubtitle`): the work is found by both, whether from the .bib or
// from biber's .bbl. HALLMARK's BiasAdv (CVPR 2023, in the stand-in's pool) written so.
import assert from 'node:assert/strict';
import { useReferencesStandIn } from '../../../helpers/referencesStandIn';
import { checkReferences, fieldsOfItem, textReferences } from '../../../../src/core/references';
import { checkBibliography } from '../../../../src/core/bibcheck';

const BBL = String.raw`\refsection{0}
  \datalist[entry]{nyt/global//global/global}
    \entry{lim2023}{inproceedings}{}
      \name{author}{2}{}{%
        {{hash=4c0b2c8f}{%
           family={Lim},
           familyi={L\bibinitperiod},
           given={Jongin},
           giveni={J\bibinitperiod}}}%
        {{hash=9d1e7a3b}{%
           family={Kim},
           familyi={K\bibinitperiod},
           given={Youngdong},
           giveni={Y\bibinitperiod}}}%
      }
      \field{booktitle}{Proceedings of the IEEE/CVF Conference on Computer Vision and Pattern Recognition}
      \field{booksubtitle}{CVPR 2023}
      \field{title}{BiasAdv}
      \field{subtitle}{Bias-Adversarial Augmentation for Model Debiasing}
      \field{year}{2023}
      \field{pages}{3832\bibrangedash 3841}
      \true{moreauthor}
    \endentry
  \enddatalist
\endrefsection
`;

const BIB = `@inproceedings{lim2023,
  author = {Lim, Jongin and Kim, Youngdong and others},
  title = {BiasAdv},
  subtitle = {Bias-Adversarial Augmentation for Model Debiasing},
  booktitle = {Proceedings of the IEEE/CVF Conference on Computer Vision and Pattern Recognition},
  year = {2023},
}
`;

describe("biblatex's subtitles", function () {
  this.timeout(60_000);
  const env = useReferencesStandIn();

  it("reads a .bbl entry's title and subtitle as one title, and checks the work by it", async () => {
    const items = textReferences(BBL, '.bbl').items;
    const fields = fieldsOfItem(items[0]!);
    assert.equal(fields.title, 'BiasAdv: Bias-Adversarial Augmentation for Model Debiasing');
    assert.equal(fields.venue, 'Proceedings of the IEEE/CVF Conference on Computer Vision and Pattern Recognition: CVPR 2023');
    const [checked] = (await checkReferences(items, env.deps())).references;
    assert.equal(checked!.result?.verdict.verdict, 'verified-fixable');
    assert.match(checked!.result!.message, /^Verified at DBLP \(conf\/cvpr\/0002KKASYH23\); it could add doi\./);
  });

  it("checks a .bib entry's title with its subtitle", async () => {
    const report = await checkBibliography([{ file: 'refs.bib', text: BIB }], env.deps());
    assert.equal(report.entries[0]!.verdict.verdict, 'verified-fixable', report.entries[0]!.message);
    assert.equal(report.entries[0]!.verdict.evidence.find((e) => e.field === 'title')?.status, 'agrees');
  });
});
