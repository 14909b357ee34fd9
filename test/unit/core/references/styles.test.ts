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

  it("reads PLoS's Vancouver names with the year in brackets after them, \"et al.\" or not", () => {
    // As PLoS prints them: an untagged <mixed-citation> of PLoS Biology's journal.pbio.1001473 (the
    // allofplos starter corpus), and reference 32 of PLoS NTD's pntd.0002065 (test/fixtures/jats).
    assert.deepEqual(read('Coyne RS, Stover NA, Miao W (2012) Whole genome studies of Tetrahymena. Methods in cell biology 109: 53–81.'), {
      author: 'Coyne, R. S. and Stover, N. A. and Miao, W.', title: 'Whole genome studies of Tetrahymena', venue: 'Methods in cell biology', year: '2012', pages: '53--81', volume: '109',
    });
    assert.deepEqual(read('Clements ACA, Pfeiffer DU, Martin V, Pittiglio C, Best N, et al (2007) Spatial Risk assessment of Rift Valley fever in Senegal. Vector Borne Zoonotic Dis 7: 203–216'), {
      author: 'Clements, A. C. A. and Pfeiffer, D. U. and Martin, V. and Pittiglio, C. and Best, N. and others',
      title: 'Spatial Risk assessment of Rift Valley fever in Senegal', venue: 'Vector Borne Zoonotic Dis', year: '2007', pages: '203--216', volume: '7',
    });
  });

  it("reads a chapter's book after its editors (LNCS's \"(eds.)\", Vancouver's \"editors.\"), and Springer's \"pp 770–778\" as pages", () => {
    // The venue was the editors' names ("Navab, N., …, Frangi, A.F. (eds.) MICCAI", "Vogelstein B, Kinzler KW, editors"),
    // and "pp" without its period ended the venue ("…pattern recognition, pp") with no pages read.
    assert.deepEqual(
      read('Ronneberger, O., Fischer, P., Brox, T.: U-Net: Convolutional networks for biomedical image segmentation. In: Navab, N., Hornegger, J., Wells, W.M., Frangi, A.F. (eds.) MICCAI 2015. LNCS, vol. 9351, pp. 234–241. Springer, Cham (2015). https://doi.org/10.1007/978-3-319-24574-4_28'),
      {
        author: 'Ronneberger, O. and Fischer, P. and Brox, T.', title: 'U-Net: Convolutional networks for biomedical image segmentation',
        venue: 'MICCAI', year: '2015', pages: '234--241', volume: '9351', doi: '10.1007/978-3-319-24574-4_28',
      },
    );
    // Citing Medicine's example of a chapter in a book.
    assert.deepEqual(read('Meltzer PS, Kallioniemi A, Trent JM. Chromosome alterations in human solid tumors. In: Vogelstein B, Kinzler KW, editors. The genetic basis of human cancer. New York: McGraw-Hill; 2002. p. 93-113.'), {
      author: 'Meltzer, P. S. and Kallioniemi, A. and Trent, J. M.', title: 'Chromosome alterations in human solid tumors', venue: 'The genetic basis of human cancer', year: '2002', pages: '93--113',
    });
    assert.deepEqual(read('He K, Zhang X, Ren S, Sun J (2016) Deep residual learning for image recognition. In: Proceedings of the IEEE conference on computer vision and pattern recognition, pp 770–778'), {
      author: 'He, K. and Zhang, X. and Ren, S. and Sun, J.', title: 'Deep residual learning for image recognition',
      venue: 'Proceedings of the IEEE conference on computer vision and pattern recognition', year: '2016', pages: '770--778',
    });
  });

  it('reads an edited book\'s editors where authors stand, never "editors" as a person, and its title without the edition', () => {
    // Vancouver's form gave the authors "Vogelstein, B. and Kinzler, K. W. and editors"; Springer's and LNCS's were unreadable.
    const book = { author: 'Vogelstein, B. and Kinzler, K. W.', title: 'The genetic basis of human cancer', year: '2002' };
    const { author, title, year } = read('Vogelstein B, Kinzler KW, editors. The genetic basis of human cancer. 2nd ed. New York: McGraw-Hill; 2002.');
    assert.deepEqual({ author, title, year }, book);
    // The edition Citing Medicine prints before the publisher is no part of the venue (it read "2nd ed. New York: McGraw-Hill").
    assert.equal(read('Vogelstein B, Kinzler KW, editors. The genetic basis of human cancer. 2nd ed. New York: McGraw-Hill; 2002.').venue, 'New York: McGraw-Hill');
    assert.equal(read('Murray PR, Rosenthal KS, Pfaller MA. Medical microbiology. 4th ed. St. Louis: Mosby; 2002.').venue, 'St. Louis: Mosby');
    assert.deepEqual(read('Vogelstein B, Kinzler KW (eds) (2002) The genetic basis of human cancer, 2nd edn. McGraw-Hill, New York'), { ...book, venue: 'McGraw-Hill, New York' });
    assert.deepEqual(read('Vogelstein, B., Kinzler, K.W. (eds.): The Genetic Basis of Human Cancer. McGraw-Hill, New York (2002)'), {
      author: 'Vogelstein, B. and Kinzler, K.W.', title: 'The Genetic Basis of Human Cancer', venue: 'McGraw-Hill, New York', year: '2002',
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
      author: 'A. Einstein and B. Podolsky and N. Rosen', title: 'Can quantum-mechanical description of physical reality be considered complete?', venue: 'Phys. Rev.', year: '1935', volume: '47', pages: '777',
    });
  });

  // Each string as printed, and the fields it must give: no title is ever guessed from a venue.
  const expectEach = (cases: [printed: string, fields: Record<string, string>][]) => {
    for (const [printed, fields] of cases) assert.deepEqual(read(printed), fields, printed);
  };

  it('reads physics\' title-less form (PRL, PRD, AIP) as authors, venue, volume, first page and year, with no title guessed', () => {
    expectEach([
      ['A. Einstein, B. Podolsky, and N. Rosen, Phys. Rev. 47, 777 (1935).', { author: 'A. Einstein and B. Podolsky and N. Rosen', venue: 'Phys. Rev.', year: '1935', volume: '47', pages: '777' }],
      // Before, "S. Perlmutter et al. and Astrophys" were the authors and "J. 517, 565" the title.
      ['S. Perlmutter et al., Astrophys. J. 517, 565 (1999).', { author: 'S. Perlmutter and others', venue: 'Astrophys. J.', year: '1999', volume: '517', pages: '565' }],
      [
        'B. P. Abbott et al. (LIGO Scientific and Virgo Collaborations), Phys. Rev. Lett. 116, 061102 (2016).',
        { author: 'B. P. Abbott and others', venue: 'Phys. Rev. Lett.', year: '2016', volume: '116', pages: '061102' },
      ],
      ["G. 't Hooft, Nucl. Phys. B 79, 276 (1974).", { author: "G. 't Hooft", venue: 'Nucl. Phys. B', year: '1974', volume: '79', pages: '276' }],
      [
        'A. G. Riess et al., Astron. J. 116, 1009 (1998), arXiv:astro-ph/9805201.',
        { author: 'A. G. Riess and others', venue: 'Astron. J.', year: '1998', volume: '116', pages: '1009', arxiv: 'astro-ph/9805201' },
      ],
      [
        'K. G. Wilson, Phys. Rev. D 10, 2445 (1974); doi:10.1103/PhysRevD.10.2445.',
        { author: 'K. G. Wilson', venue: 'Phys. Rev. D', year: '1974', volume: '10', pages: '2445', doi: '10.1103/physrevd.10.2445' },
      ],
    ]);
  });

  it('reads the other title-less forms of physics and astronomy, as arXiv papers print them (unarXive sample)', () => {
    expectEach([
      // 2212.11817 (MNRAS): family name first, then year, venue, volume, page.
      [
        'Potekhin A. Y., Baiko D. A., Haensel P., Yakovlev D. G., 1999, Astron. Astrophys., 346, 345',
        { author: 'Potekhin, A. Y. and Baiko, D. A. and Haensel, P. and Yakovlev, D. G.', venue: 'Astron. Astrophys.', year: '1999', volume: '346', pages: '345' },
      ],
      // 2212.11899 (AASTeX): the journal macro was lost; authors, year, volume and page still name the article.
      [
        'Ruíz-Rodríguez, D., Kastner, J., Hily-Blant, P., & Forveille, T. 2021, , 646, A59',
        { author: 'Ruíz-Rodríguez, D. and Kastner, J. and Hily-Blant, P. and Forveille, T.', year: '2021', volume: '646', pages: 'A59' },
      ],
      // 2212.11861 (INSPIRE's form): the collaboration in brackets, the year before the page, "no.3".
      [
        'R. Aaij et al. [LHCb], Phys. Rev. D 92 (2015) no.3, 032002 doi:10.1103/PhysRevD.92.032002 [arXiv:1505.01710 [hep-ex]].',
        { author: 'R. Aaij and others', venue: 'Phys. Rev. D', year: '2015', volume: '92', pages: '032002', doi: '10.1103/physrevd.92.032002', arxiv: '1505.01710' },
      ],
      // AASTeX's and A&A's own print: "Family, I." names, the year, the journal's abbreviation.
      [
        'Schlegel, D. J., Finkbeiner, D. P., & Davis, M. 1998, ApJ, 500, 525, doi: 10.1086/305772',
        { author: 'Schlegel, D. J. and Finkbeiner, D. P. and Davis, M.', venue: 'ApJ', year: '1998', volume: '500', pages: '525', doi: '10.1086/305772' },
      ],
      [
        'Abbott, B. P., Abbott, R., Abbott, T. D., et al. 2016, PhRvL, 116, 061102',
        { author: 'Abbott, B. P. and Abbott, R. and Abbott, T. D. and others', venue: 'PhRvL', year: '2016', volume: '116', pages: '061102' },
      ],
      // 2212.11899's Astropy paper as AASTeX prints it (the data set lost its \aj): a collaboration named first is no person.
      [
        'Astropy Collaboration, Price-Whelan, A. M., Sipőcz, B. M., et al. 2018, AJ, 156, 123',
        { author: 'Price-Whelan, A. M. and Sipőcz, B. M. and others', venue: 'AJ', year: '2018', volume: '156', pages: '123' },
      ],
      // 2212.11800 (Elsevier's physics form), the issue as "no.40", and 2212.11863 (an issue after the volume).
      [
        'N. Nekrasov and A. Schwarz, Commun. Math. Phys. 198 (1998) 689 [hep-th/9802068].',
        { author: 'N. Nekrasov and A. Schwarz', venue: 'Commun. Math. Phys.', year: '1998', volume: '198', pages: '689', arxiv: 'hep-th/9802068' },
      ],
      [
        'C. R. Gilson, M. Hamanaka, S. C. Huang and J. J. C. Nimmo, J. Phys. A 53, no.40, 404002 (2020) [arXiv:2004.01718].',
        { author: 'C. R. Gilson and M. Hamanaka and S. C. Huang and J. J. C. Nimmo', venue: 'J. Phys. A', year: '2020', volume: '53', pages: '404002', arxiv: '2004.01718' },
      ],
      ['J.A. Devlin and M.R. Tarbutt, New J. Phys. 18 (12), 123017 (2016).', { author: 'J.A. Devlin and M.R. Tarbutt', venue: 'New J. Phys.', year: '2016', volume: '18', pages: '123017' }],
      // 2212.11895: a journal whose name opens with a digit (its "2D Mater. 9" was taken for a title).
      [
        'S. J. Magorrian, A. J. Graham, N. Yeung, F. Ferreira, P. V. Nguyen, A. Barinov, V. I. Fal’ko, N. R. Wilson, and N. D. M. Hine, 2D Mater. 9, 045036 (2022).',
        {
          author: 'S. J. Magorrian and A. J. Graham and N. Yeung and F. Ferreira and P. V. Nguyen and A. Barinov and V. I. Fal’ko and N. R. Wilson and N. D. M. Hine',
          venue: '2D Mater.', year: '2022', volume: '9', pages: '045036',
        },
      ],
      // 2212.11843: a titled reference whose first author's name opens with a particle reads as one ('t Hooft's title was an author).
      [
        "G. 't Hooft and M. J. G. Veltman, Regularization and Renormalization of Gauge Fields, Nucl. Phys. B 44 (1972) 189.",
        { author: "G. 't Hooft and M. J. G. Veltman", title: 'Regularization and Renormalization of Gauge Fields', venue: 'Nucl. Phys. B', year: '1972', volume: '44', pages: '189' },
      ],
    ]);
    assert.equal(read('Potekhin, A. Y., Baiko, D. A., Haensel, P., & Yakovlev, D. G. 1999, A&A, 346, 345').venue, 'A&A');
    // Planck's collaboration, like Astropy's, is no person.
    assert.equal(read('Planck Collaboration, Aghanim, N., Akrami, Y., et al. 2020, A&A, 641, A6').author, 'Aghanim, N. and Akrami, Y. and others');
    // 2212.11887: a Science Advances e-page.
    assert.equal(read('S. Watanabe, V. S. Bhat, K. Baumgaertl, M. Hamdi, and D. Grundler, Sci. Adv. 7, eabg3771 (2021).').pages, 'eabg3771');
  });

  it('reads a paper cited by its arXiv id alone as authors, year and id, never "arXiv preprint" as its title', () => {
    expectEach([
      ['C. Stanley and T. Windisch, arXiv:1605.08386 (2016).', { author: 'C. Stanley and T. Windisch', year: '2016', arxiv: '1605.08386' }],
      ['C. Stanley and T. Windisch, arXiv:1605.08386.', { author: 'C. Stanley and T. Windisch', arxiv: '1605.08386' }],
      ['C. Stanley and T. Windisch, arXiv preprint arXiv:1605.08386 (2016).', { author: 'C. Stanley and T. Windisch', year: '2016', arxiv: '1605.08386' }],
      ['C. Stanley and T. Windisch, (2016), arXiv:1605.08386 [math.CO].', { author: 'C. Stanley and T. Windisch', year: '2016', arxiv: '1605.08386' }],
    ]);
  });

  it('reads APA and Vancouver as before', () => {
    assert.deepEqual(read('LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444. https://doi.org/10.1038/nature14539'), {
      author: 'LeCun, Y. and Bengio, Y. and Hinton, G.', title: 'Deep learning', venue: 'Nature', year: '2015', pages: '436--444', volume: '521', doi: '10.1038/nature14539',
    });
    assert.deepEqual(read('Kaplan EL, Meier P. Nonparametric estimation from incomplete observations. J Am Stat Assoc. 1958;53(282):457-481.'), {
      author: 'Kaplan, E. L. and Meier, P.', title: 'Nonparametric estimation from incomplete observations', venue: 'J Am Stat Assoc', year: '1958', pages: '457--481', volume: '53',
    });
  });

  it("ends APA's proceedings venue before its bracketed pages, \"(pp. 2270–2282)\"", () => {
    // The venue was "Proceedings of the 58th Annual Meeting of the Association for Computational Linguistics (pp".
    assert.deepEqual(
      read('Cohan, A., Feldman, S., Beltagy, I., Downey, D., & Weld, D. (2020). SPECTER: Document-level representation learning using citation-informed transformers. In Proceedings of the 58th Annual Meeting of the Association for Computational Linguistics (pp. 2270–2282). Association for Computational Linguistics. https://doi.org/10.18653/v1/2020.acl-main.207'),
      {
        author: 'Cohan, A. and Feldman, S. and Beltagy, I. and Downey, D. and Weld, D.', title: 'SPECTER: Document-level representation learning using citation-informed transformers',
        venue: 'Proceedings of the 58th Annual Meeting of the Association for Computational Linguistics', year: '2020', pages: '2270--2282', doi: '10.18653/v1/2020.acl-main.207',
      },
    );
  });
});
