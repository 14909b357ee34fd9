// Reading references where they live, on real files: a natbib .bbl and a biber .bbl committed
// in public repositories, a .tex whose thebibliography is that .bbl, GROBID's TEI of three
// papers, and the three papers' PDFs read with pdf.js (author–year ACL/NAACL lists with hanging
// indents in two columns, a numbered BMC list). Fields are asserted as printed, never guessed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { fieldsOfItem, pastedItems, textReferences, thebibliographyItems } from '../../../../src/core/references';
import { pdfjsReferences } from '../../../../src/core/references/pdf';
import { FulltextError } from '../../../../src/core/fulltext/errors';

const text = (...parts: string[]) => readFileSync(fixturePath(...parts), 'utf8');
const pdf = (name: string) => new Uint8Array(readFileSync(fixturePath('pdf', name)));

describe('reference readers on real files', function () {
  this.timeout(30_000);

  it('reads a natbib .bbl: keys, labels, \\newblock parts, DOI and URL kept verbatim', () => {
    const list = textReferences(text('references', 'natbib-xai-paper.bbl'), '.bbl');
    assert.equal(list.reader, 'bbl');
    assert.deepEqual(list.items.map((i) => i.key), ['Giannotti', 'DARPA', 'nasaxai', 'cleverhans', 'mythos', 'righttoexpl']);
    // natbib's `Short(Year)Long` label, as the text prints it (was "Guidotti et al.(2018)Guidotti, Monreale, …").
    assert.deepEqual(list.items.slice(0, 2).map((i) => i.number), ['Guidotti et al. (2018)', 'Gunning (2017)']);
    // REVTeX's, each name in \\citenamefont (was "et al.(2023), and", the names lost).
    const revtex = textReferences(text('references', 'prl-notitle-maths.bbl'), '.bbl').items.map((i) => i.number);
    assert.deepEqual(revtex, ['Angiulli et al. (2023)', 'Gupta et al. (2022b)']);
    assert.deepEqual(textReferences(text('references', 'hallmark-sample.bbl'), '.bbl').items.slice(0, 2).map((i) => i.number), ['1', '2']);
    assert.deepEqual(fieldsOfItem(list.items[0]!), {
      author: 'Riccardo Guidotti and Anna Monreale and Salvatore Ruggieri and Franco Turini and Fosca Giannotti and Dino Pedreschi',
      title: 'A survey of methods for explaining black box models',
      venue: 'ACM Comput. Surv',
      year: '2018',
      volume: '51',
      doi: '10.1145/3236009',
    });
    const selbst = fieldsOfItem(list.items[5]!);
    assert.equal(selbst.author, 'Andrew D Selbst and Julia Powles');
    assert.equal(selbst.title, 'Meaningful information and the right to explanation');
    assert.equal(selbst.pages, '233--242');
    // A misc entry: the year printed in the title's block is the year, not part of the title; no venue invented.
    assert.deepEqual(fieldsOfItem(list.items[2]!), { author: 'David Gunning', title: 'Xai for nasa', year: '2018', url: 'https://asd.gsfc.nasa.gov/conferences/ai/program/003-XAIforNASA.pdf' });
  });

  it('reads a biber .bbl from its structured fields (names key=value, \\bibnamedelima, no author)', () => {
    const list = textReferences(text('references', 'biblatex-tesi.bbl'), '.bbl');
    assert.equal(list.reader, 'biblatex');
    assert.deepEqual(list.items.map((i) => i.key), ['nistHoneypot', 'spitzner', 'cheswick', 'bear', 'produzione']);
    assert.deepEqual(fieldsOfItem(list.items[2]!), { author: 'Cheswick, William', title: 'An Evening with BerferdIn Which a Cracker is Lured, Endured, and Studied', venue: 'cheswik.com', year: '1991' });
    assert.deepEqual(fieldsOfItem(list.items[3]!), { title: 'The word for bear', venue: 'University of Pittsburg Journal', year: '2014' });
    assert.equal(fieldsOfItem(list.items[4]!).author, 'Iyatiti Mokube, Michele Adams');
    assert.equal(fieldsOfItem(list.items[4]!).pages, '321–326');
  });

  it("reads biblatex's eprinttype pubmed (and pmcid) in a biber .bbl as the PMID (PMCID), never as an arXiv id", () => {
    // The real .bbl's "bear" entry given the two lines biber writes for `eprinttype = {pubmed}, eprint = {…}`.
    const withEprint = (type: string, id: string) =>
      text('references', 'biblatex-tesi.bbl').replace(
        '      \\field{title}{The word for bear}\n',
        `      \\field{eprinttype}{${type}}\n      \\field{title}{The word for bear}\n      \\verb{eprint}\n      \\verb ${id}\n      \\endverb\n`,
      );
    const bear = (bbl: string) => fieldsOfItem(textReferences(bbl, '.bbl').items[3]!);
    assert.deepEqual(bear(withEprint('pubmed', '40120586')), { title: 'The word for bear', venue: 'University of Pittsburg Journal', year: '2014', pmid: '40120586' });
    assert.equal(bear(withEprint('pmcid', 'PMC5967733')).pmcid, 'PMC5967733');
    assert.equal(bear(withEprint('arxiv', '1710.08557')).arxiv, '1710.08557');
  });

  it("reads biblatex's \\true{moreauthor} as \"and others\" and an article number's eid as the pages", () => {
    // An entry as biber writes PLoS ONE's article e33693 with `author = {Sadasivan, Shankar and others}`.
    const bbl = [
      '\\refsection{0}',
      '    \\entry{sadasivan}{article}{}',
      '      \\name{author}{1}{}{%',
      '        {{hash=kkk}{%',
      '           family={Sadasivan},',
      '           familyi={S\\bibinitperiod},',
      '           given={Shankar},',
      '           giveni={S\\bibinitperiod}}}%',
      '      }',
      '      \\field{journaltitle}{PLoS ONE}',
      '      \\field{number}{3}',
      '      \\field{title}{Methylphenidate exposure induces dopamine neuron loss and activation of microglia in the basal ganglia of mice}',
      '      \\field{volume}{7}',
      '      \\field{year}{2012}',
      '      \\field{eid}{e33693}',
      '      \\true{moreauthor}',
      '    \\endentry',
      '\\endrefsection',
    ].join('\n');
    const fields = fieldsOfItem(textReferences(bbl, '.bbl').items[0]!);
    assert.equal(fields.author, 'Sadasivan, Shankar and others');
    assert.equal(fields.pages, 'e33693');
    // Without \true{moreauthor} the one name is the whole list.
    assert.equal(fieldsOfItem(textReferences(bbl.replace('\\true{moreauthor}', ''), '.bbl').items[0]!).author, 'Sadasivan, Shankar');
  });

  it("reads IEEEtran's \\hskip glue before \"address: publisher\" as a separator, never as words of the title", () => {
    const bbl = [
      '\\begin{thebibliography}{1}',
      '\\bibitem{goodfellow2016}',
      'I.~Goodfellow, Y.~Bengio, and A.~Courville, \\emph{Deep Learning}.\\hskip 1em',
      '  plus 0.5em minus 0.4em\\relax Cambridge, MA, USA: MIT Press, 2016.',
      '',
      '\\end{thebibliography}',
    ].join('\n');
    const [item] = textReferences(bbl, '.bbl').items;
    assert.equal(item!.text, 'I. Goodfellow, Y. Bengio, and A. Courville, Deep Learning. Cambridge, MA, USA: MIT Press, 2016.');
    const fields = fieldsOfItem(item!);
    assert.equal(fields.title, 'Deep Learning');
    assert.equal(fields.author, 'I. Goodfellow and Y. Bengio and A. Courville');
    assert.equal(fields.year, '2016');
  });

  it('keeps the "~" of a \\url or \\href as printed, never a tie cutting the link', () => {
    // A personal page's link ("~kriz") was read as "https://www.cs.toronto.edu/" and " kriz/…" words of the venue.
    const bbl = [
      '\\begin{thebibliography}{1}',
      '\\bibitem[Krizhevsky(2009)]{krizhevsky2009learning}',
      'Alex Krizhevsky.',
      '\\newblock Learning multiple layers of features from tiny images.',
      '\\newblock Technical report, University of Toronto, 2009.',
      '\\newblock URL \\url{https://www.cs.toronto.edu/~kriz/learning-features-2009-TR.pdf}.',
      '\\end{thebibliography}',
    ].join('\n');
    const [item] = textReferences(bbl, '.bbl').items;
    assert.equal(fieldsOfItem(item!).url, 'https://www.cs.toronto.edu/~kriz/learning-features-2009-TR.pdf');
    assert.equal(fieldsOfItem(item!).venue, 'Technical report, University of Toronto');
    const [linked] = textReferences(bbl.replace(/\\url\{([^}]*)\}/, '\\href{$1}{tech. report}'), '.bbl').items;
    assert.equal(fieldsOfItem(linked!).url, 'https://www.cs.toronto.edu/~kriz/learning-features-2009-TR.pdf');
  });

  it("reads ACM's \\showeprint[arXiv]{…} as the arXiv id it prints", () => {
    const bbl = [
      '\\begin{thebibliography}{1}',
      '\\providecommand\\showeprint[2][]{arXiv:#2}',
      '',
      '\\bibitem[Stanley and Windisch(2016)]%',
      '        {stanley}',
      '\\bibfield{author}{\\bibinfo{person}{Caprice Stanley} {and} \\bibinfo{person}{Tobias Windisch}.} \\bibinfo{year}{2016}\\natexlab{}.',
      '\\newblock \\showarticletitle{Heat-bath random walks with Markov bases}.',
      '\\newblock',
      '\\newblock',
      '\\showeprint[arXiv]{1605.08386}~[math.CO]',
      '',
      '\\end{thebibliography}',
    ].join('\n');
    const [item] = textReferences(bbl, '.bbl').items;
    assert.match(item!.text, /Heat-bath random walks with Markov bases\. arXiv:1605\.08386 \[math\.CO\]$/);
    assert.deepEqual(fieldsOfItem(item!), { author: 'Caprice Stanley and Tobias Windisch', title: 'Heat-bath random walks with Markov bases', year: '2016', arxiv: '1605.08386' });
  });

  it('reads thebibliography of a .tex with each item\'s key and line, skipping commented-out items', () => {
    const bbl = text('references', 'natbib-xai-paper.bbl');
    const tex = `\\documentclass{article}\n\\begin{document}\nAs shown~\\cite{mythos}.\n% \\bibitem{ghost} Not an item.\n${bbl}\\end{document}\n`;
    const items = thebibliographyItems(tex);
    assert.equal(items.length, 6);
    const mythos = items.find((i) => i.key === 'mythos')!;
    assert.equal(tex.split('\n')[mythos.line!], '\\bibitem[Lipton(2016)]{mythos}');
    assert.ok(tex.slice(mythos.start, mythos.end).endsWith('\\newblock \\doi{10.1145/3233231}.'));
    assert.deepEqual(textReferences('\\documentclass{article}\\begin{document}x\\end{document}', '.tex').notices, ['The .tex file has no thebibliography environment (no \\bibitem).']);
  });

  it('reads GROBID TEI listBibl: title, authors as Family, Given, venue and year per biblStruct', () => {
    const list = textReferences(text('grobid-tei', 'acl2020-specter-cs_grobid-0.6.1.tei.xml'), '.xml');
    assert.equal(list.reader, 'grobid');
    assert.equal(list.items.length, 57);
    const first = fieldsOfItem(list.items[0]!);
    assert.equal(first.title, 'Estimating position bias without intrusive interventions');
    assert.match(first.author!, /^Anant, K and Agarwal, Ivan/);
    assert.equal(first.venue, 'WSDM');
    assert.equal(first.year, '2019');
  });

  it('reads the venue apart from the title where GROBID took an ACL "Title. In Venue." whole for a book\'s title', () => {
    const items = textReferences(text('grobid-tei', 'naacl2018-semantic-scholar-literature-graph-cs_grobid-0.6.1.tei.xml'), '.xml').items.map(fieldsOfItem);
    const tabel = items.find((f) => f.title?.startsWith('TabEL'))!;
    assert.deepEqual([tabel.title, tabel.venue, tabel.year], ['TabEL: entity linking in web tables', 'ISWC', '2015']);
    assert.ok(items.every((f) => !/\. In /.test(f.title ?? '')), 'no other title holds its venue');
  });

  it('reads a PubMed id from GROBID TEI: its PMID and PMCID idno, or the raw string when GROBID left it there', () => {
    // No recorded TEI carries one: the real JNER TEI gets them in the form GROBID writes
    // (<idno type="PMID">, <idno type="PMCID">; the values are illustrative), and the real ACL
    // TEI's first raw string gets the "PMID: …" that Vancouver lists print.
    const jner = text('grobid-tei', 'jneuroengrehab2016-fes-hand-opening_grobid-0.6.1.tei.xml').replace(
      '<idno type="DOI">10.1371/journal.pone.0103368</idno>',
      '<idno type="DOI">10.1371/journal.pone.0103368</idno><idno type="PMID">25137054</idno><idno type="PMCID">4138036</idno>',
    );
    const plos = textReferences(jner, '.xml').items.map(fieldsOfItem).find((f) => f.doi === '10.1371/journal.pone.0103368')!;
    assert.equal(plos.pmid, '25137054');
    assert.equal(plos.pmcid, 'PMC4138036');
    const acl = text('grobid-tei', 'acl2020-specter-cs_grobid-0.6.1.tei.xml').replace('terventions. In WSDM.</note>', 'terventions. In WSDM. PMID: 31234567.</note>');
    const first = fieldsOfItem(textReferences(acl, '.xml').items[0]!);
    assert.equal(first.pmid, '31234567');
    assert.equal(first.title, 'Estimating position bias without intrusive interventions');
    assert.equal(fieldsOfItem(textReferences(text('grobid-tei', 'acl2020-specter-cs_grobid-0.6.1.tei.xml'), '.xml').items[0]!).pmid, undefined);
  });

  it('splits an ACL author–year list (hanging indents, two columns) into items with their page', async () => {
    const list = await pdfjsReferences(pdf('acl2020-specter-cs.pdf'));
    assert.equal(list.items.length, 57);
    const vaswani = list.items.find((i) => i.text.includes('Attention Is All You Need'))!;
    assert.equal(vaswani.page, 11);
    assert.deepEqual(fieldsOfItem(vaswani), {
      author: 'Ashish Vaswani and Noam Shazeer and Niki Parmar and Jakob Uszkoreit and Llion Jones and Aidan N. Gomez and Lukasz Kaiser and Illia Polosukhin',
      title: 'Attention Is All You Need',
      venue: 'NIPS',
      year: '2017',
    });
    const kingma = fieldsOfItem(list.items.find((i) => i.text.startsWith('Diederik P. Kingma'))!);
    assert.deepEqual([kingma.author, kingma.title, kingma.arxiv], ['Diederik P. Kingma and Jimmy Ba', 'Adam: A Method for Stochastic Optimization', '1412.6980']);
    // "SciB-" ends a line of the list; the paper's text prints "SciBERT" whole.
    assert.ok(list.items.some((i) => fieldsOfItem(i).title === 'SciBERT: A Pretrained Language Model for Scientific Text'));
    const naacl = await pdfjsReferences(pdf('naacl2018-semantic-scholar-literature-graph-cs.pdf'));
    assert.equal(naacl.items.length, 27);
    assert.equal(fieldsOfItem(naacl.items.at(-1)!).title, 'Explicit semantic ranking for academic search via knowledge graph embedding');
  });

  it('splits a numbered BMC list (number set apart from its text) keeping number and page; Vancouver names read', async () => {
    const list = await pdfjsReferences(pdf('jneuroengrehab2016-fes-hand-opening.pdf'));
    assert.equal(list.items.length, 49);
    assert.deepEqual(list.items.slice(0, 3).map((i) => [i.number, i.page]), [['1', 8], ['2', 8], ['3', 8]]);
    assert.deepEqual(fieldsOfItem(list.items[0]!).doi, '10.1186/2040-7378-6-9');
    const langhorne = list.items.find((i) => i.number === '9')!;
    assert.deepEqual(fieldsOfItem(langhorne), { author: 'Langhorne, P. and Bernhardt, J. and Kwakkel, G.', title: 'Stroke rehabilitation', venue: 'Lancet', year: '2011', pages: '1693--702', volume: '377' });
  });

  it('reads every Vancouver item of the BMC list with a title: one author, hyphenated initials, particles, acronyms, (a)/(b) labels', async () => {
    const list = await pdfjsReferences(pdf('jneuroengrehab2016-fes-hand-opening.pdf'));
    const titled = list.items.filter((i) => fieldsOfItem(i).title);
    assert.equal(titled.length, 49, 'no item without a title');
    // The page's running foot and folio are no part of the item printed above them.
    assert.deepEqual(list.items.filter((i) => /De Marchis et al\. Journal|Page \d+ of \d+/.test(i.text)).map((i) => i.number), []);
    const byText = (start: string) => fieldsOfItem(list.items.find((i) => i.text.startsWith(start))!);
    assert.deepEqual(byText('Rushton D.'), { author: 'Rushton, D.', title: 'Functional electrical stimulation', venue: 'Physiol Meas', year: '1997', pages: '241--75', volume: '18' });
    assert.equal(byText('Hara Y.').title, 'Neurorehabilitation with new functional electrical stimulation for hemiparetic upper extremity in stroke patients');
    assert.match(byText('Exell TA').author!, /Hughes, A\.-M\. and Hallewell, E\./);
    assert.equal(byText('Leijnse JN').title, 'Assessment of individual finger muscle activity in the extensor digitorum communis by surface EMG');
    assert.equal(byText('Leijnse JN').venue, 'J Neurophysiol');
    assert.match(byText('Van der Linden ML').author!, /^Van der Linden, M\. L\. and Hooper, J\. E\./);
    assert.match(byText('Vukelić M').title!, /^Oscillatory entrainment/);
  });

  it('says a scanned PDF has no text, and a PDF without a references heading has no reference section', async () => {
    await assert.rejects(pdfjsReferences(pdf('bad/scanned-image-only-naacl2018-p1.pdf')), (e: unknown) => e instanceof FulltextError && /no text layer/.test(e.message));
    const partial = await pdfjsReferences(pdf('naacl2018-pages2-3-no-abstract.pdf'));
    assert.deepEqual(partial, { items: [], notices: ['The PDF has no reference section (no "References" or "Bibliography" heading).'], reader: 'pdfjs' });
  });

  it('reads pasted text one reference per line, or per paragraph when blank lines separate them', () => {
    const lines = pastedItems('[1] Dobkin BH. Rehabilitation after stroke. N Engl J Med. 2005;352(16):1677–84.\n[2] Langhorne P, Bernhardt J, Kwakkel G. Stroke rehabilitation. Lancet. 2011; 377(9778):1693–702.\n');
    assert.deepEqual(lines.map((i) => [i.number, fieldsOfItem(i).title]), [['1', 'Rehabilitation after stroke'], ['2', 'Stroke rehabilitation']]);
    const paragraphs = pastedItems('Quoc Le and Tomas Mikolov. 2014. Distributed Repre-\nsentations of Sentences and Documents. In ICML.\n\nJeremy Howard and Sebastian Ruder. 2018. Universal Language Model\nFine-tuning for Text Classification. In ACL.\n');
    assert.equal(paragraphs.length, 2);
    assert.equal(fieldsOfItem(paragraphs[1]!).title, 'Universal Language Model Fine-tuning for Text Classification');
    // One author with one initial, then a title opening with "A": the period after the initial ends the authors.
    const cohen = fieldsOfItem(pastedItems('Cohen J. A coefficient of agreement for nominal scales. Educ Psychol Meas. 1960;20(1):37–46.')[0]!);
    assert.deepEqual(cohen, { author: 'Cohen, J.', title: 'A coefficient of agreement for nominal scales', venue: 'Educ Psychol Meas', year: '1960', pages: '37--46', volume: '20' });
    // A string with no parts to tell apart has no title: nothing is guessed.
    assert.equal(fieldsOfItem(pastedItems('see the appendix of the 2019 report')[0]!).title, undefined);
  });
});
