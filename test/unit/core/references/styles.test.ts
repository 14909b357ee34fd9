// The fields of a reference as each common style prints it, read from the string alone (no
// authority asked): Nature's journal and conference forms, IEEE, APA, Harvard, Chicago, Elsevier's
// and APS's comma-separated forms and Vancouver. The works are real and printed as each style's guide prints them; a venue cut short
// at an abbreviation ("Proc") or a year read as an issue number would be held against the
// authority's record as a wrong venue or volume.
import assert from 'node:assert/strict';
import { fieldsOfItem, pastedItems } from '../../../../src/core/references';

const read = (text: string) => fieldsOfItem(pastedItems(text)[0]!);

describe('reference styles: fields read from the string', () => {
  it('reads Nature\'s "Family, I." authors, its venue before the volume and the year after the pages', () => {
    assert.deepEqual(read('Jumper, J. et al. Highly accurate protein structure prediction with AlphaFold. Nature 596, 583–589 (2021).'), {
      author: 'Jumper, J. and others', title: 'Highly accurate protein structure prediction with AlphaFold', venue: 'Nature', year: '2021', pages: '583--589', volume: '596',
    });
    assert.deepEqual(read('He, K., Zhang, X., Ren, S. & Sun, J. Deep residual learning for image recognition. In Proc. IEEE Conference on Computer Vision and Pattern Recognition 770–778 (2016).'), {
      author: 'He, K. and Zhang, X. and Ren, S. and Sun, J.', title: 'Deep residual learning for image recognition', venue: 'Proc. IEEE Conference on Computer Vision and Pattern Recognition', year: '2016', pages: '770--778',
    });
  });

  it('keeps an IEEE venue whole through its ISO 4 abbreviations', () => {
    assert.equal(read('K. He, X. Zhang, S. Ren, and J. Sun, "Deep residual learning for image recognition," in Proc. IEEE Conf. Comput. Vis. Pattern Recognit., 2016, pp. 770–778.').venue, 'Proc. IEEE Conf. Comput. Vis. Pattern Recognit');
  });

  it('reads Harvard\'s bracketed year between the authors and the title', () => {
    assert.deepEqual(read('Bland, J.M. and Altman, D.G. (1986) Statistical methods for assessing agreement between two methods of clinical measurement. Lancet, 1(8476), pp. 307-310.'), {
      author: 'Bland, J.M. and Altman, D.G.', title: 'Statistical methods for assessing agreement between two methods of clinical measurement', venue: 'Lancet', year: '1986', pages: '307--310', volume: '1',
    });
  });

  it('reads Chicago\'s inverted first author and "27, no. 3" as volume 27, and a book', () => {
    assert.deepEqual(read('Kuhn, Thomas S. The Structure of Scientific Revolutions. Chicago: University of Chicago Press, 1962.'), {
      author: 'Kuhn, Thomas S.', title: 'The Structure of Scientific Revolutions', venue: 'Chicago: University of Chicago Press', year: '1962',
    });
    assert.deepEqual(read('Shannon, Claude E. "A Mathematical Theory of Communication." Bell System Technical Journal 27, no. 3 (1948): 379–423.'), {
      author: 'Shannon, Claude E.', title: 'A Mathematical Theory of Communication', venue: 'Bell System Technical Journal', year: '1948', pages: '379--423', volume: '27',
    });
  });

  it('reads parts separated by commas only: Elsevier\'s journal form and physics in APS\'s form', () => {
    assert.deepEqual(read('Y. LeCun, Y. Bengio, G. Hinton, Deep learning, Nature 521 (7553) (2015) 436–444.'), {
      author: 'Y. LeCun and Y. Bengio and G. Hinton', title: 'Deep learning', venue: 'Nature', year: '2015', pages: '436--444', volume: '521',
    });
    assert.deepEqual(read('A. Einstein, B. Podolsky, and N. Rosen, Can quantum-mechanical description of physical reality be considered complete?, Phys. Rev. 47, 777 (1935).'), {
      author: 'A. Einstein and B. Podolsky and N. Rosen', title: 'Can quantum-mechanical description of physical reality be considered complete?', venue: 'Phys. Rev', year: '1935', volume: '47',
    });
  });

  it('reads APA and Vancouver as before', () => {
    assert.deepEqual(read('LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444. https://doi.org/10.1038/nature14539'), {
      author: 'LeCun, Y. and Bengio, Y. and Hinton, G.', title: 'Deep learning', venue: 'Nature', year: '2015', pages: '436--444', volume: '521', doi: '10.1038/nature14539',
    });
    assert.deepEqual(read('Kaplan EL, Meier P. Nonparametric estimation from incomplete observations. J Am Stat Assoc. 1958;53(282):457-481.'), {
      author: 'Kaplan, E. L. and Meier, P.', title: 'Nonparametric estimation from incomplete observations', venue: 'J Am Stat Assoc', year: '1958', pages: '457--481', volume: '53',
    });
  });
});
