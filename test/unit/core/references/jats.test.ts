// The reference lists of a work one has not got as a file: a JATS article's <ref-list> (PMC's
// open-access XML of three publishers and two DTD generations) and the references a publisher
// deposited at Crossref (PLoS's tagged ones, Springer Nature's printed strings), on real payloads.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { fieldsOfItem, textReferences } from '../../../../src/core/references';
import { crossrefItems } from '../../../../src/core/references/crossrefItems';
import { readCrossrefWork } from '../../../../src/core/sources/crossrefWork';
import { compareAuthors, readAuthorList } from '../../../../src/core/bibcheck/people';

const jats = (...parts: string[]) => textReferences(readFileSync(fixturePath(...parts), 'utf8'), '.xml');
const deposit = (name: string) => readCrossrefWork((JSON.parse(readFileSync(fixturePath('crossref', name), 'utf8')) as { message: unknown }).message)!.references!;

describe('reference lists of JATS articles and Crossref deposits', () => {
  it('reads a PLoS JATS ref-list: every tagged author, <etal> as "others", title, source, pages and ids', () => {
    const list = jats('europepmc', 'fullTextXML_PMC5967733_plosone_numeric-xrefs_jats1.1.xml');
    assert.equal(list.reader, 'jats');
    assert.equal(list.items.length, 24);
    assert.deepEqual([list.items[0]!.number, list.items[0]!.key], ['1', 'pone.0197348.ref001']);
    assert.deepEqual(fieldsOfItem(list.items[0]!), {
      doi: '10.3201/eid1810.120468',
      author: 'Wang, S-H and Khan, Y and Hines, L and Mediavilla, JR and Zhang, L and Chen, L and others',
      title: 'Methicillin-resistant Staphylococcus aureus sequence type 239-III, Ohio, USA, 2007–2009',
      venue: 'Emerging infectious diseases',
      year: '2012',
      volume: '18',
      pages: '1557--65',
      pmid: '23018025',
    });
    // PubMed's title of the journal with its issuer, which Crossref's "Microbes and Infection" is not: the issuer goes.
    assert.equal(fieldsOfItem(list.items[6]!).venue, 'Microbes and infection');
  });

  it('reads an old NLM <citation> (no punctuation between tags) and prints it readably', () => {
    const list = jats('jats', 'PMC1397864_bmc_nlm2.3.xml');
    assert.equal(list.items.length, 28);
    const first = list.items[0]!;
    assert.match(first.text, /^Abbate A Melfi R .* Apoptosis in recent myocardial infarction Clin Ther 2000 151 247 251$/);
    assert.equal(fieldsOfItem(first).author?.split(' and ').length, 8);
    assert.equal(fieldsOfItem(list.items[1]!).doi, '10.1073/pnas.96.14.8144');
  });

  it("reads Wiley's <string-name>s in either order, and a web page's collaboration, title and address", () => {
    const list = jats('jats', 'PMC12061466_wiley_jats1.3.xml');
    assert.equal(list.items.length, 19);
    assert.equal(list.items[0]!.text, 'Beever, E. 2003. “Management Implications of the Ecology of Free‐Roaming Horses in Semi‐Arid Ecosystems of the Western United States.” Wildlife Society Bulletin 31: 887–895.');
    assert.equal(fieldsOfItem(list.items[1]!).author, 'Berger, J. and Wehausen, J.');
    assert.equal(fieldsOfItem(list.items[1]!).title, 'Consequences of a Mammalian Predator‐Prey Disequilibrium in the Great Basin Desert');
    const page = fieldsOfItem(list.items[2]!);
    assert.deepEqual([page.author, page.title, page.year], ['{California Department of Fish and Wildlife}', 'Gray Wolf', '2025']);
    assert.match(page.url!, /^https:\/\/wildlife\.ca\.gov\//);
  });

  it("reads Springer Nature's <citation-alternatives>: the element citation's fields, the mixed one's print", () => {
    const list = jats('jats', 'PMC11883021_natcommun_citation-alternatives.xml');
    assert.equal(list.items.length, 41);
    const second = list.items[1]!;
    assert.deepEqual([second.number, second.key], ['2', 'CR2']);
    assert.equal(second.text, 'Friedlingstein, P. et al. Global carbon budget 2023. Earth Syst. Sci. Data 15, 5301–5369 (2023).');
    assert.deepEqual(fieldsOfItem(second), {
      author: 'Friedlingstein, P and others', title: 'Global carbon budget 2023', venue: 'Earth Syst. Sci. Data', year: '2023', volume: '15', pages: '5301--5369', doi: '10.5194/essd-15-5301-2023',
    });
  });

  it('prints an empty <etal/> as "et al." and reads it as a list cut short (Frontiers)', () => {
    const list = jats('jats', 'PMC6156439_frontiers_etal.xml');
    assert.equal(list.items.length, 27);
    const gage = list.items.find((i) => i.key === 'B8')!;
    assert.match(gage.text, /^Gage J\. L\. Jarquin D\. Romay C\. Lorenz A\. Buckler E\. S\. Kaeppler S\. et al\. \(2017\)\. The effect of artificial selection/);
    assert.equal(fieldsOfItem(gage).author, 'Gage, J. L. and Jarquin, D. and Romay, C. and Lorenz, A. and Buckler, E. S. and Kaeppler, S. and others');
    const cut = list.items.filter((i) => /\bothers$/.test(fieldsOfItem(i).author ?? ''));
    assert.equal(cut.length, 5, 'every <etal/> of the file');
    for (const item of cut) {
      assert.match(item.text, / et al\. \(\d{4}\)\./, item.text);
      // Cut short, so no author the authority names beyond them is missing from it.
      assert.equal(readAuthorList(fieldsOfItem(item).author!).truncated, true);
    }
  });

  it("reads the names straight inside a citation as its authors beside an editors' group, and the editors as no author", () => {
    // BMC's <name> before an editors' group holding a plain string; Wiley's string-names before one group per editor.
    const [bmc, wiley] = jats('jats', 'editors-beside-direct-names_PMC3269354-B10_PMC12124168-bib-0026.xml').items.map((i) => fieldsOfItem(i));
    assert.deepEqual([bmc!.author, bmc!.title, bmc!.venue], ['Gray, J', 'From assays for virus infection', 'Virus culture: a practical approach']);
    const people = wiley!.author!.split(' and ');
    assert.deepEqual([people.length, people[0], people.at(-1)], [15, 'Hecht, S.', 'Pinedo‐Vazquez, M.']);
    assert.ok(!people.some((p) => /Nobre|Artaxo|Zapata/.test(p)), 'no editor among the authors');
  });

  it("reads an edited book cited whole with its editors where its authors would be, and a chapter's editors as none", () => {
    const [book, chapter] = textReferences(`<article><back><ref-list>
      <ref id="r1"><element-citation publication-type="book"><person-group person-group-type="editor"><name><surname>Vogelstein</surname>
        <given-names>B</given-names></name><name><surname>Kinzler</surname><given-names>KW</given-names></name></person-group>
        <source>The genetic basis of human cancer</source><year>2002</year></element-citation></ref>
      <ref id="r2"><element-citation publication-type="book"><person-group person-group-type="editor"><name><surname>Vogelstein</surname>
        <given-names>B</given-names></name></person-group><chapter-title>Colorectal tumors</chapter-title>
        <source>The genetic basis of human cancer</source><year>2002</year></element-citation></ref>
    </ref-list></back></article>`, '.xml').items.map((i) => fieldsOfItem(i));
    assert.equal(book!.author, 'Vogelstein, B and Kinzler, KW');
    assert.deepEqual([chapter!.author, chapter!.title], [undefined, 'Colorectal tumors']);
  });

  it("keeps a PLoS NTD reference that tags nothing as its printed string, and a book's <source> as its title", () => {
    const list = jats('jats', 'pntd.0002065.xml');
    assert.equal(list.items.length, 32);
    assert.equal(list.items[0]!.fields, undefined);
    assert.match(list.items[0]!.text, /^Murphy FA, Gibbs EPJ, Horzinek MC, Studdert MJ \(1999\) Veterinary Virology\./);
    // Read from its text as PLoS prints it: names, the year in brackets, the title.
    assert.deepEqual([fieldsOfItem(list.items[0]!).title, fieldsOfItem(list.items[0]!).year], ['Veterinary Virology', '1999']);
    assert.equal(fieldsOfItem(list.items[1]!).pmid, '20682906');
  });

  it("reads PLoS's Crossref deposit: the first author as a list cut short, entities decoded, the deposited DOI", () => {
    const items = crossrefItems(deposit('works_10.1371_journal.pone.0033693_plosone.json'));
    assert.equal(items.length, 70);
    assert.deepEqual(fieldsOfItem(items[0]!), {
      author: 'AF Arnsten and others',
      title: 'Stimulants: Therapeutic actions in ADHD.',
      venue: 'Neuropsychopharmacology',
      year: '2006',
      volume: '31',
      pages: '2376',
      doi: '10.1038/sj.npp.1301164',
    });
    assert.ok(items.some((i) => i.fields?.title?.includes("Parkinson's disease")));
    assert.ok(!items.some((i) => /&apos;/.test(i.text)));
    // The text shown for a tagged deposit: "et al." keeps its one period and a title its own (it printed "et al.. (2006)" and "ADHD..").
    assert.equal(items[0]!.text, 'AF Arnsten et al. (2006). Stimulants: Therapeutic actions in ADHD. Neuropsychopharmacology 31 2376. doi:10.1038/sj.npp.1301164');
  });

  it('a deposit naming the first author only holds against the whole list it starts, and not against another team', () => {
    const crossrefRecord = (name: string) => readCrossrefWork((JSON.parse(readFileSync(fixturePath('crossref', name), 'utf8')) as { message: unknown }).message)!;
    const authority = readAuthorList(crossrefRecord('works_10.1038_srep16696_scirep.json').authors);
    assert.ok(authority.people.length >= 5);
    const names = (deposited: string) => fieldsOfItem(crossrefItems([{ author: deposited, 'article-title': 'A title' }])[0]!).author!;
    assert.deepEqual(compareAuthors(readAuthorList(names('L Tosatto')), authority).agreement, 'agrees');
    assert.deepEqual(compareAuthors(readAuthorList(names('Tosatto L')), authority).agreement, 'agrees');
    assert.equal(compareAuthors(readAuthorList(names('GM Spillantini')), authority).agreement, 'swapped');
  });

  it("reads Springer Nature's deposit, which tags no title, from its printed string with the DOI beside it", () => {
    const items = crossrefItems(deposit('works_10.1038_srep16696_scirep.json'));
    assert.equal(items.length, 62);
    const fields = fieldsOfItem(items[1]!);
    assert.equal(fields.doi, '10.1038/42166');
    assert.equal(fields.title, 'Alpha-synuclein in Lewy bodies');
  });

  it('takes the journal the deposit tags beside its string: the venue whole, and the title up to it', () => {
    const byKey = new Map(crossrefItems(deposit('works_10.1038_srep16696_scirep.json')).map((i) => [i.key, fieldsOfItem(i)]));
    // "Neurobiol. Aging 35, 2180.e1–5 (2014)." was read as the venue "Neurobiol".
    assert.deepEqual([byKey.get('BFsrep16696_CR11')!.venue, byKey.get('BFsrep16696_CR11')!.volume], ['Neurobiol. Aging', '35']);
    assert.equal(byKey.get('BFsrep16696_CR23')!.venue, 'Neurobiol. Dis');
    // A title of two sentences was cut at its first, and its second read as the venue.
    const wood = byKey.get('BFsrep16696_CR35')!;
    assert.deepEqual([wood.title, wood.venue], ["alpha-synuclein fibrillogenesis is nucleation-dependent. Implications for the pathogenesis of Parkinson’s disease", 'J. Biol. Chem']);
    assert.equal(wood.author, 'Wood, S. J. and others', 'the string\'s authors, not the deposit\'s first one');
  });
});
