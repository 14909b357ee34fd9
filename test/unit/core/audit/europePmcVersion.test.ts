// The audit reads a published article through Europe PMC when the work's own record gives it
// nothing to read: Crossref holds no abstract of it (Elsevier deposits none; PLOS ONE's 2012
// record has none, test/fixtures/crossref) and no open PDF. Before, such a citation audited
// "unavailable" although PubMed holds its abstract and PubMed Central may hold it whole. When
// neither holds one, its bioRxiv version may (rxivVersion.ts).
import assert from 'node:assert/strict';
import { access, readFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturePath } from '../../../standin/server';
import { useAuditStandIn } from '../../../helpers/auditInput';
import { addCrossrefWorks, type CrossrefPoolWork } from '../../../standin/crossrefPool';
import { AuditCache, auditProject } from '../../../../src/core/audit';

interface EpmcRecord {
  doi: string;
  title: string;
  pubYear: string;
  abstractText?: string;
  authorList?: { author: { firstName?: string; lastName?: string }[] };
  journalInfo?: { journal?: { title?: string } };
}

async function epmcRecords(file: string): Promise<EpmcRecord[]> {
  const json = JSON.parse(await readFile(fixturePath('europepmc', file), 'utf8')) as EpmcRecord[] | { resultList: { result: EpmcRecord[] } };
  return Array.isArray(json) ? json : json.resultList.result;
}

/**
 * Crossref's record of a DOI whose /works JSON is not recorded, written from Europe PMC's real
 * record of it (title, authors, journal, year), without the abstract Crossref lacks, or with it
 * (as Crossref writes a deposited abstract, in JATS).
 */
function crossrefRecordOf(record: EpmcRecord, withAbstract = false): CrossrefPoolWork {
  const date = { 'date-parts': [[Number(record.pubYear)]] };
  return {
    ...(withAbstract ? { abstract: `<jats:p>${record.abstractText}</jats:p>` } : {}),
    DOI: record.doi.toLowerCase(),
    type: 'journal-article',
    title: [record.title.replace(/\.$/, '')],
    author: (record.authorList?.author ?? []).map((a, i) => ({ given: a.firstName, family: a.lastName, sequence: i ? 'additional' : 'first', affiliation: [] })),
    'container-title': [record.journalInfo?.journal?.title ?? ''],
    published: date,
    issued: date,
    URL: `https://doi.org/${record.doi.toLowerCase()}`,
    relation: {},
  };
}

/** A journal article's Crossref record with no abstract, written for a DOI whose /works JSON is not recorded. */
function journalArticle(doi: string, year: number, [given, family]: [string, string], journal: string, title: string): CrossrefPoolWork {
  const date = { 'date-parts': [[year]] };
  return {
    DOI: doi, type: 'journal-article', title: [title], author: [{ given, family, sequence: 'first', affiliation: [] }],
    'container-title': [journal], published: date, issued: date, URL: `https://doi.org/${doi}`, relation: {},
  };
}

describe('audit: a published article read through Europe PMC', function () {
  this.timeout(30_000);
  const env = useAuditStandIn('citefinder-epmc-version-');

  /** Audits the sentences (one a line) against the .bib. */
  async function auditText(bib: string, sentences: string, cache?: AuditCache) {
    writeFileSync(join(env.dir, 'references.bib'), bib);
    const file = join(env.dir, 'main.tex');
    writeFileSync(file, `\\documentclass{article}\n\\begin{document}\n${sentences}\n\\bibliography{references}\n\\end{document}\n`);
    return auditProject({
      file,
      scope: 'file',
      files: { read: (f) => readFile(f, 'utf8').catch(() => undefined), list: async () => [file] },
      exists: (f) => access(f).then(() => true, () => false),
    }, cache ? { ...env.deps, cache } : env.deps);
  }
  async function auditOne(bib: string, sentence: string, cache?: AuditCache) {
    const report = await auditText(bib, sentence, cache);
    assert.equal(report.findings.length, 1);
    return report.findings[0]!;
  }
  const crossrefAsked = (doi: string) => env.standIn.requests.some((r) => r.service === 'crossref' && decodeURIComponent(r.url).endsWith(`/works/${doi}`));
  const europePmcAsked = (doi: string) => env.standIn.requests.some((r) => r.service === 'europepmc' && decodeURIComponent(r.url).includes(`DOI:"${doi}"`));

  it("reads PubMed Central's open full text of a DOI Crossref has no abstract of", async () => {
    const [plos] = await epmcRecords('published-core-records_built-from-jats-and-openalex.json');
    assert.equal(plos!.doi, '10.1371/journal.pone.0197348');
    addCrossrefWorks(env.standIn, [crossrefRecordOf(plos!)]);
    const finding = await auditOne(
      '@article{wu2018,\n  title = {Antibacterial Effect against Staphylococcus aureus},\n  doi = {10.1371/journal.pone.0197348}\n}\n',
      'A trisulfide modelled on the diallyl trisulfide of garlic strongly inhibits \\emph{Staphylococcus aureus}~\\cite{wu2018}.',
    );
    assert.equal(finding.status, 'supported', finding.message);
    assert.equal(finding.fulltext, 'jats');
    assert.match(finding.message, /its full text \(from PubMed Central, PMC5967733\)/);
    assert.ok(env.standIn.requests.some((r) => r.url.endsWith('/PMC5967733/fullTextXML')), 'the JATS was read');
  });

  it("reads PubMed's abstract when PubMed Central does not serve the full text", async () => {
    const records = await epmcRecords('search_query-cancer_resultType-core_med-records-1-5-6-11-14.json');
    const gadd = records.find((r) => r.doi === '10.1002/hpja.70052')!;
    addCrossrefWorks(env.standIn, [crossrefRecordOf(gadd)]);
    const finding = await auditOne(
      '@article{gadd2025,\n  title = {The Co-Design of an Evidence-Based Health Education Strategy},\n  doi = {10.1002/hpja.70052}\n}\n',
      'Bowel cancer screening rates are lower in remote Australia than in its major cities~\\cite{gadd2025}.',
    );
    assert.notEqual(finding.status, 'unavailable', finding.message);
    assert.equal(finding.fulltext, 'abstract');
    assert.match(finding.message, /its abstract \(no open full text; from PubMed, PMID 40356016\)/);
  });

  it("reads a journal article's bioRxiv version when neither it nor Europe PMC holds an abstract", async () => {
    // The Cell Genomics article of the offline demo: Crossref's record (from its recorded BibTeX)
    // and Europe PMC's (from OpenAlex, abstract null) hold no abstract, and arXiv no version. Its
    // bioRxiv preprint, which the bioRxiv API says went to this DOI, holds one.
    const finding = await auditOne(
      '@article{herger2025,\n  title = {High-throughput screening of human genetic variants by pooled prime editing},\n  doi = {10.1016/j.xgen.2025.100814}\n}\n',
      'Pooled prime editing in haploid cells measures the functional effects of thousands of genetic variants~\\cite{herger2025}.',
    );
    assert.notEqual(finding.status, 'unavailable', finding.message);
    assert.equal(finding.fulltext, 'abstract');
    assert.match(finding.message, /its abstract \(no open full text; from its bioRxiv version 10\.1101\/2024\.04\.01\.587366\)/);
    assert.ok(europePmcAsked('10.1016/j.xgen.2025.100814'), 'PubMed first');
    // The stand-in's bioRxiv API has no record of this preprint: Crossref's is-preprint-of names the journal version.
    assert.ok(crossrefAsked('10.1101/2024.04.01.587366'), 'the preprint\'s journal version asked');
  });

  it("reads a journal article's medRxiv version, which the medRxiv API says went to that DOI", async () => {
    // JAMA Network Open deposits no abstract here (a Crossref record written without one) and Europe PMC
    // has no record of the DOI in the stand-in; the medRxiv API's `published` of 10.1101/19000133 names it.
    addCrossrefWorks(env.standIn, [journalArticle('10.1001/jamanetworkopen.2019.20733', 2020, ['Nathan', 'Brajer'], 'JAMA Network Open',
      'Prospective and External Evaluation of a Machine Learning Model to Predict In-Hospital Mortality of Adults at Time of Admission')]);
    const finding = await auditOne(
      '@article{brajer2020,\n  title = {Prospective and External Evaluation of a Machine Learning Model},\n  doi = {10.1001/jamanetworkopen.2019.20733}\n}\n',
      'Machine learning models can predict the in-hospital mortality of adult patients at admission~\\cite{brajer2020}.',
    );
    assert.notEqual(finding.status, 'unavailable', finding.message);
    assert.match(finding.message, /from its medRxiv version 10\.1101\/19000133\)/);
    assert.ok(env.standIn.requests.some((r) => r.service === 'biorxiv' && r.url.includes('/details/medrxiv/10.1101/19000133')));
    assert.equal(crossrefAsked('10.1101/19000133'), false, 'the server said where it went');
  });

  it('never takes a preprint of the same title whose server names another journal version', async () => {
    // The same title and authors under another DOI: the bioRxiv preprint went to 10.1016/j.xgen.2025.100814, not here.
    addCrossrefWorks(env.standIn, [journalArticle('10.5555/same-title.2025', 2025, ['Michael', 'Herger'], 'Another Journal',
      'High-throughput screening of human genetic variants by pooled prime editing')]);
    const finding = await auditOne(
      '@article{other,\n  title = {High-throughput screening of human genetic variants by pooled prime editing},\n  doi = {10.5555/same-title.2025}\n}\n',
      'Pooled prime editing in haploid cells measures the functional effects of thousands of genetic variants~\\cite{other}.',
    );
    assert.equal(finding.status, 'unavailable', finding.message);
    assert.ok(env.standIn.requests.some((r) => r.service === 'europepmc' && decodeURIComponent(r.url).includes('SRC:PPR')), 'the preprints were searched');
    assert.ok(crossrefAsked('10.1101/2024.04.01.587366'), 'and the one found asked where it went');
  });

  it("reads PubMed Central's open full text of a work Crossref holds the abstract of, and remembers Europe PMC's answer", async () => {
    const [plos] = await epmcRecords('published-core-records_built-from-jats-and-openalex.json');
    addCrossrefWorks(env.standIn, [crossrefRecordOf(plos!, true)]);
    const bib = '@article{wu2018,\n  title = {Antibacterial Effect against Staphylococcus aureus},\n  doi = {10.1371/journal.pone.0197348}\n}\n';
    const sentence = 'A trisulfide modelled on the diallyl trisulfide of garlic strongly inhibits \\emph{Staphylococcus aureus}~\\cite{wu2018}.';
    const cache = new AuditCache();
    const finding = await auditOne(bib, sentence, cache);
    assert.equal(finding.fulltext, 'jats', finding.message);
    assert.match(finding.message, /its full text \(from PubMed Central, PMC5967733\)/);
    const asked = env.standIn.requests.length;
    const again = await auditOne(bib, sentence.replace('strongly ', ''), AuditCache.fromJSON(JSON.parse(JSON.stringify(cache))));
    assert.equal(again.fulltext, 'jats', again.message);
    assert.deepEqual(env.standIn.requests.slice(asked).filter((r) => r.service === 'europepmc' && r.url.includes('query=')).map((r) => r.url), [], 'known from the audit cache');
  });

  it("never asks Europe PMC about a preprint's DOI", async () => {
    const finding = await auditOne(
      '@article{preprint,\n  title = {Preprint},\n  doi = {10.1101/2024.04.01.587366}\n}\n',
      'Pooled prime editing screens human genetic variants~\\cite{preprint}.',
    );
    assert.notEqual(finding.status, 'unavailable', finding.message);
    assert.equal(europePmcAsked('10.1101/2024.04.01.587366'), false);
  });

  it("compares the works of the bibliography on the abstracts read from PubMed and PubMed Central", async () => {
    const [plos] = await epmcRecords('published-core-records_built-from-jats-and-openalex.json');
    const gadd = (await epmcRecords('search_query-cancer_resultType-core_med-records-1-5-6-11-14.json')).find((r) => r.doi === '10.1002/hpja.70052')!;
    addCrossrefWorks(env.standIn, [crossrefRecordOf(plos!), crossrefRecordOf(gadd)]);
    const bib = '@article{wu2018,\n  title = {Antibacterial Effect},\n  doi = {10.1371/journal.pone.0197348}\n}\n'
      + '@article{gadd2025,\n  title = {Co-Design},\n  doi = {10.1002/hpja.70052}\n}\n';
    // The two keys swapped: each sentence cites the other's work.
    const report = await auditText(bib, 'Bowel cancer screening rates are lower in remote Australia than in its major cities~\\cite{wu2018}.\n'
      + 'A trisulfide modelled on the diallyl trisulfide of garlic strongly inhibits \\emph{Staphylococcus aureus}~\\cite{gadd2025}.');
    const fits = Object.fromEntries(report.findings.map((f) => [f.site.key, f.betterFit?.key]));
    assert.deepEqual(fits, { wu2018: 'gadd2025', gadd2025: 'wu2018' }, report.findings.map((f) => f.message).join('\n'));
  });
});
