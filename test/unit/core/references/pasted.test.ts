// A numbered list pasted from a PDF wraps its items over several lines, with no blank line between
// them: each item runs from its number to the next ("[2]" after "[1]", "2." after "1."), not one
// reference per line (the wrapped halves were checked as five "references"). The strings are real
// references as IEEE and Vancouver print them, wrapped as a PDF viewer copies them.
import assert from 'node:assert/strict';
import { fieldsOfItem, pastedItems } from '../../../../src/core/references';
import { identifiersOf } from '../../../../src/core/references/identifiers';

describe('pasted reference lists', () => {
  it('reads a wrapped IEEE list one reference per number', () => {
    const items = pastedItems(
      [
        '[1] K. He, X. Zhang, S. Ren, and J. Sun, "Deep residual learning for image',
        'recognition," in Proc. IEEE Conf. Comput. Vis. Pattern Recognit. (CVPR),',
        '2016, pp. 770–778.',
        '[2] L. Doval, "Whether or not to open Pandora\'s box," J. Econ. Theory,',
        'vol. 175, pp. 127–158, 2018.',
      ].join('\n'),
    );
    assert.deepEqual(items.map((item) => [item.number, item.line]), [['1', 0], ['2', 3]]);
    assert.deepEqual(fieldsOfItem(items[0]!), {
      author: 'K. He and X. Zhang and S. Ren and J. Sun', title: 'Deep residual learning for image recognition',
      venue: 'Proc. IEEE Conf. Comput. Vis. Pattern Recognit. (CVPR)', year: '2016', pages: '770--778',
    });
    assert.deepEqual(fieldsOfItem(items[1]!), {
      author: 'L. Doval', title: "Whether or not to open Pandora's box", venue: 'J. Econ. Theory', year: '2018', pages: '127--158', volume: '175',
    });
  });

  it('reads a Vancouver list with indented continuation lines one reference per number', () => {
    const items = pastedItems(
      [
        '1. Wakefield AJ, Murch SH, Anthony A, et al. Ileal-lymphoid-nodular',
        '   hyperplasia, non-specific colitis, and pervasive developmental disorder in',
        '   children. Lancet. 1998;351(9103):637-41.',
        '2. Sadasivan S, Pond BB, Pani AK, Qu C, Jiao Y, Smeyne RJ. Methylphenidate',
        '   exposure induces dopamine neuron loss and activation of microglia in the',
        '   basal ganglia of mice. PLoS One. 2012;7(3):e33693.',
      ].join('\n'),
    );
    assert.deepEqual(items.map((item) => item.number), ['1', '2']);
    assert.deepEqual(fieldsOfItem(items[0]!), {
      author: 'Wakefield, A. J. and Murch, S. H. and Anthony, A. and others',
      title: 'Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children',
      venue: 'Lancet', year: '1998', pages: '637--41', volume: '351',
    });
    assert.equal(fieldsOfItem(items[1]!).title, 'Methylphenidate exposure induces dopamine neuron loss and activation of microglia in the basal ganglia of mice');
  });

  it('keeps one reference per line when every line opens with a number, or none does', () => {
    const numbered = pastedItems('[1] Dobkin BH. Rehabilitation after stroke. N Engl J Med. 2005;352(16):1677–84.\n[2] Langhorne P, Bernhardt J, Kwakkel G. Stroke rehabilitation. Lancet. 2011; 377(9778):1693–702.\n');
    assert.deepEqual(numbered.map((item) => item.number), ['1', '2']);
    const unnumbered = pastedItems('Cohen J. A coefficient of agreement for nominal scales. Educ Psychol Meas. 1960;20(1):37–46.\nDobkin BH. Rehabilitation after stroke. N Engl J Med. 2005;352(16):1677–84.\n');
    assert.equal(unnumbered.length, 2);
  });

  it('keeps the word "URL" of a title; only a label before a link is dropped', () => {
    // Before 2026-12-01 "URL" was cut wherever it stood: "Malicious detection using …", "… from suspicious s".
    const [survey, blacklists, online] = pastedItems(
      [
        '[1] Sahoo D, Liu C, Hoi SCH. Malicious URL detection using machine learning: a survey. arXiv:1701.07179v3. 2017.',
        '[2] Ma J, Saul LK. Beyond blacklists: learning to detect malicious web sites from suspicious URLs. In: Proceedings of the 15th ACM SIGKDD; 2009. p. 1245–54.',
        '[3] J. Pearl, "The seven tools of causal inference," 2019. [Online]. Available: https://ftp.cs.ucla.edu/pub/stat_ser/r481.pdf',
      ].join('\n'),
    );
    assert.equal(fieldsOfItem(survey!).title, 'Malicious URL detection using machine learning: a survey');
    assert.equal(fieldsOfItem(blacklists!).title, 'Beyond blacklists: learning to detect malicious web sites from suspicious URLs');
    assert.equal(identifiersOf(online!.text).rest, 'J. Pearl, "The seven tools of causal inference," 2019.');
  });

  it('joins the lines of a list copied from a PDF where TeX broke them: a DOI cut after its ".", a word at its hyphen', () => {
    // Joined with a space, the DOI read "10.1109/cvpr.2016" (another work, or none) and the title "Deep residual learn- ing".
    const [resnet] = pastedItems(
      [
        '[1] K. He, X. Zhang, S. Ren, and J. Sun, "Deep residual learn-',
        'ing for image recognition," in Proc. IEEE Conf. Comput. Vis. Pattern',
        'Recognit. (CVPR), 2016, pp. 770–778, doi: 10.1109/CVPR.2016.',
        '90.',
        '[2] L. Doval, "Whether or not to open Pandora\'s box," J. Econ. Theory,',
        'vol. 175, pp. 127–158, 2018.',
      ].join('\n'),
    );
    const fields = fieldsOfItem(resnet!);
    assert.equal(fields.doi, '10.1109/cvpr.2016.90');
    assert.equal(fields.title, 'Deep residual learning for image recognition');
  });

  it('joins a name TeX hyphenated before a capital ("Le-" "Cun") when the list prints it whole elsewhere, and keeps a double name\'s hyphen', () => {
    const items = pastedItems(
      [
        '[1] Y. LeCun, Y. Bengio, and G. Hinton. Deep learning. Nature, 521(7553):436–444, 2015.',
        '[2] J. Zbontar, L. Jing, I. Misra, Y. Le-',
        'Cun, and S. Deny. Barlow twins: Self-supervised learning via redundancy reduction. In ICML, 2021.',
        '[3] W.-L. Chiang, X. Liu, S. Si, Y. Li, S. Bengio, and C.-J. Hsieh. Cluster-GCN: An efficient algorithm for training deep and large graph',
        'convolutional networks. In KDD, 2019.',
        '[4] Wei-Lin Chiang, Xuanqing Liu, Si Si, Yang Li, Samy Bengio, and Cho-',
        'Jui Hsieh. Cluster-GCN: An efficient algorithm for training deep and large graph convolutional networks. In KDD, 2019.',
      ].join('\n'),
    );
    assert.equal(fieldsOfItem(items[1]!).author, 'J. Zbontar and L. Jing and I. Misra and Y. LeCun and S. Deny');
    assert.equal(fieldsOfItem(items[3]!).author, 'Wei-Lin Chiang and Xuanqing Liu and Si Si and Yang Li and Samy Bengio and Cho-Jui Hsieh');
  });
});
