// A venue printed in ISO 4 abbreviations is read whole, whether or not the abbreviation is one the
// reader lists: a venue cut at "J. Econ." or "Nat." is one no authority knows, and the reference was
// reported as citing a nonexistent venue. The strings are real references (the exploratory tester's
// IEEE .bbl and pasted lists) as IEEE, the period-separated styles, Nature and Springer print them.
import assert from 'node:assert/strict';
import { fieldsOfItem, pastedItems, thebibliographyItems } from '../../../../src/core/references';

const read = (text: string) => fieldsOfItem(pastedItems(text)[0]!);
const DOVAL = { author: 'L. Doval', title: "Whether or not to open Pandora's box", venue: 'J. Econ. Theory', year: '2018', pages: '127--158', volume: '175' };

describe('reference venues: ISO 4 abbreviations', () => {
  it('reads "J. Econ. Theory" whole in IEEE\'s quoted-title style and the period-separated style', () => {
    assert.deepEqual(read('L. Doval, "Whether or not to open Pandora\'s box," J. Econ. Theory, vol. 175, pp. 127–158, 2018.'), DOVAL);
    assert.deepEqual(read("L. Doval. Whether or not to open Pandora's box. J. Econ. Theory, 175:127–158, 2018."), DOVAL);
    assert.deepEqual(read("Doval, L. Whether or not to open Pandora's box. J. Econ. Theory 175, 127–158 (2018)."), { ...DOVAL, author: 'Doval, L.' });
    assert.equal(read("Doval, L.: Whether or not to open Pandora's box. J. Econ. Theory 175, 127--158 (2018)").venue, 'J. Econ. Theory');
  });

  it('reads proceedings and journals abbreviated word by word, the bracketed acronym included', () => {
    const venues: [string, string][] = [
      [
        'M. Titsias, "Variational learning of inducing variables in sparse Gaussian processes," in Proc. 12th Int. Conf. Artif. Intell. Statist. (AISTATS), 2009, pp. 567–574.',
        'Proc. 12th Int. Conf. Artif. Intell. Statist. (AISTATS)',
      ],
      [
        'V. Arya and T. Turletti, "Accurate and explicit differentiation of wireless and congestion losses," in Proc. 23rd Int. Conf. Distrib. Comput. Syst. Workshops, 2003, pp. 877–882.',
        'Proc. 23rd Int. Conf. Distrib. Comput. Syst. Workshops',
      ],
      [
        'F. François, B. Østergaard, and K. Straße, "Weak solutions of the Navier–Stokes equations with data," Comm. Pure Appl. Math., vol. 72, no. 3, pp. 455–496, 2019.',
        'Comm. Pure Appl. Math',
      ],
      [
        'A. J. Wakefield et al., "Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children," Ann. Intern. Med., vol. 351, pp. 637–641, 1998.',
        'Ann. Intern. Med',
      ],
      [
        "Tosatto, L. et al. Single-molecule FRET studies on alpha-synuclein oligomerization of Parkinson's disease genetically related mutants. Nat. Commun. 5, 16696 (2015).",
        'Nat. Commun',
      ],
      [
        "Tosatto L, Horrocks MH, Dear AJ, Knowles TPJ, Cremades N, et al. Single-molecule FRET studies on alpha-synuclein oligomerization of Parkinson's disease genetically related mutants. N. Engl. J. Med. 2015;5:16696.",
        'N. Engl. J. Med',
      ],
    ];
    for (const [printed, venue] of venues) assert.equal(read(printed).venue, venue, printed);
  });

  it('ends a venue at a period a publisher or the year follows', () => {
    assert.equal(read('A. Smith and B. Jones. Learning to see in the dark. In Proceedings of the Workshop on Vision. Springer, 2010.').venue, 'Proceedings of the Workshop on Vision');
    assert.equal(read('A. Smith and B. Jones. Learning to see in the dark. In Proceedings of EMNLP. Association for Computational Linguistics, 2020.').venue, 'Proceedings of EMNLP');
    assert.equal(read('Doval L. Whether or not to open Pandora\'s box. J Econ Theory. 2018;175:127-58.').venue, 'J Econ Theory');
  });
});

describe('reference venues: ISO 4 stems of "-ology"', () => {
  it('reads "Neurobiol. Aging" and "Neurobiol. Dis." whole (Nature\'s style), as the Vancouver "Neurobiol Dis" is', () => {
    // Sci. Rep. 5, 16696's references as Springer Nature printed them: the venue was "Neurobiol".
    const pasanen = read(
      'Pasanen, P. et al. A novel α-synuclein mutation A53E associated with atypical multiple system atrophy and Parkinson’s disease-type pathology. Neurobiol. Aging 35, 2180.e1–5 (2014).',
    );
    assert.equal(pasanen.venue, 'Neurobiol. Aging');
    const ono = read('Ono, K., Ikeda, T., Takasaki, J. & Yamada, M. Familial Parkinson disease mutations influence α-synuclein assembly. Neurobiol. Dis. 43, 715–724 (2011).');
    assert.deepEqual([ono.venue, ono.volume, ono.pages], ['Neurobiol. Dis', '43', '715--724']);
  });
});

describe('reference venues: proceedings named as DBLP names them', () => {
  it('leaves the place and dates of the meeting out of the venue (LNCS and Springer print them)', () => {
    const adam = 'Adam: a method for stochastic optimization';
    const iclr = '3rd International Conference on Learning Representations, ICLR 2015, San Diego, CA, USA, May 7-9, 2015, Conference Track Proceedings';
    assert.equal(read(`Kingma DP, Ba J (2015) ${adam}. In: Bengio Y, LeCun Y (eds) ${iclr}`).venue, '3rd International Conference on Learning Representations, ICLR');
    assert.equal(read(`Kingma, D.P., Ba, J.: ${adam}. In: Bengio, Y., LeCun, Y. (eds.) ${iclr} (2015)`).venue, '3rd International Conference on Learning Representations, ICLR');
    assert.equal(
      read(
        'He, K., Zhang, X., Ren, S., Sun, J.: Deep residual learning for image recognition. In: 2016 IEEE Conference on Computer Vision and Pattern Recognition, CVPR 2016, Las Vegas, NV, USA, June 27-30, 2016. pp. 770–778. IEEE Computer Society (2016)',
      ).venue,
      'IEEE Conference on Computer Vision and Pattern Recognition, CVPR',
    );
    assert.equal(
      read(
        'Ronneberger, O., Fischer, P., Brox, T.: U-Net: Convolutional networks for biomedical image segmentation. In: Navab, N., Hornegger, J., Wells, W.M., Frangi, A.F. (eds.) Medical Image Computing and Computer-Assisted Intervention – MICCAI 2015, Munich, Germany, October 5-9, 2015, Proceedings, Part III. pp. 234–241. Springer (2015)',
      ).venue,
      'Medical Image Computing and Computer-Assisted Intervention – MICCAI',
    );
  });
});

describe("reference venues: DBLP's proceedings titles in a \\newblock item", () => {
  // plainnat's typesetting of DBLP's own BibTeX (HALLMARK's works): the emphasised booktitle held the meeting's place and dates.
  const bibitems = thebibliographyItems(String.raw`\begin{thebibliography}{2}
\bibitem[Wu and Vorobeychik(2022)]{wu}
Junlin Wu and Yevgeniy Vorobeychik.
\newblock Robust deep reinforcement learning through bootstrapped opportunistic curriculum.
\newblock In Kamalika Chaudhuri, Stefanie Jegelka, Le~Song, Csaba Szepesv{\'{a}}ri, Gang Niu, and Sivan Sabato, editors, {\em International
  Conference on Machine Learning, {ICML} 2022, 17-23 July 2022, Baltimore, Maryland, {USA}}, volume 162 of {\em Proceedings of Machine Learning
  Research}, pages 24177--24211. {PMLR}, 2022.
\bibitem[Wang et~al.(2021)]{wang}
Chi Wang, Qingyun Wu, Silu Huang, and Amin Saied.
\newblock Economic hyperparameter optimization with blended search strategy.
\newblock In {\em 9th International Conference on Learning Representations, {ICLR} 2021, Virtual Event, Austria, May 3-7, 2021}. OpenReview.net, 2021.
\end{thebibliography}`);

  it('reads the emphasised proceedings to its name and year, and takes no days of the meeting for pages', () => {
    const [wu, wang] = bibitems.map((i) => fieldsOfItem(i));
    assert.deepEqual([wu!.venue, wu!.pages, wu!.volume], ['International Conference on Machine Learning, ICML 2022', '24177--24211', '162']);
    assert.equal(wang!.venue, '9th International Conference on Learning Representations, ICLR 2021');
    // The same day-first dates in a pasted string.
    const pasted = read('J. Wu and Y. Vorobeychik. Robust deep reinforcement learning through bootstrapped opportunistic curriculum. In International Conference '
      + 'on Machine Learning, ICML 2022, 17-23 July 2022, Baltimore, Maryland, USA, pages 24177–24211, 2022.');
    assert.deepEqual([pasted.venue, pasted.pages], ['International Conference on Machine Learning, ICML', '24177--24211']);
  });
});
