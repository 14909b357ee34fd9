// Reference strings to verdicts through the .bib engine, against the stand-in serving HALLMARK's
// real works: the sample's entries typeset into a plainnat .bbl (test/fixtures/references/
// hallmark-sample.bbl) get the verdicts the same entries get from their .bib fields; a pasted
// reference whose title cannot be told apart is identified from its whole string when an
// authority's title is in it word for word, else reported "unreadable" without a request.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useReferencesStandIn } from '../../../helpers/referencesStandIn';
import { fixturePath } from '../../../standin/server';
import { networkAuthorities } from '../../../../src/core/bibcheck/authorities';
import { VerdictEngine } from '../../../../src/core/bibcheck/engine';
import { checkReferences, fieldsOfItem, pastedItems, textReferences, unidentifiedWhy } from '../../../../src/core/references';
import { markdownReport } from '../../../../src/core/references/report';
import { crossrefItems } from '../../../../src/core/references/crossrefItems';
import type { BibCheckEvent } from '../../../../src/core/bibcheck';

const samples = readFileSync(fixturePath('hallmark', 'dev_public_sample.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { bibtex_key: string; fields: Record<string, string> });

describe('reference check through the .bib engine (stand-in)', function () {
  this.timeout(60_000);
  const env = useReferencesStandIn();
  const deps = () => env.deps();

  it('reads REVTeX\'s tagged .bbl (apsrev4-2) field by field and gives each item its .bib entry\'s verdict', async () => {
    const list = textReferences(readFileSync(fixturePath('references', 'hallmark-sample-apsrev.bbl'), 'utf8'), '.bbl');
    assert.deepEqual(list.items.map((i) => i.key), samples.map((s) => s.bibtex_key));
    const torr = list.items.find((i) => i.key === 'da9f3dcc242e')!;
    assert.equal(torr.text, 'Z. Yang, J. Wang, Y. Tang, K. Chen, H. Zhao, and P. H. S. Torr, Cross-modal object tracking: Modality-aware representations and a unified benchmark, in AAAI (2022) https://doi.org/10.1609/AAAI.V36I2.20016');
    assert.deepEqual(torr.fields, {
      author: 'Z. Yang and J. Wang and Y. Tang and K. Chen and H. Zhao and P. H. S. Torr',
      title: 'Cross-modal object tracking: Modality-aware representations and a unified benchmark',
      venue: 'AAAI', year: '2022',
    });
    assert.match(list.items.find((i) => i.key === 'c65faf378a95')!.fields!.author!, /and Z\. Du and others$/, 'et al. read as others');
    assert.equal(fieldsOfItem(list.items.find((i) => i.key === 'ded9f5844e90')!).doi, '10.1007/978-3-031-19830-4_20', 'the DOI of its link, underscore kept');
    const check = await checkReferences(list.items, deps());
    const engine = new VerdictEngine(networkAuthorities(deps()));
    const fromBib = await Promise.all(samples.map(async (s) => (await engine.verdict(s.fields)).verdict));
    assert.deepEqual(check.references.map((r) => r.result?.verdict.verdict), fromBib);
  });

  it('checks a REVTeX item that prints no title by its identifier: its work when it has the printed first author and year, else held against it', async () => {
    const list = textReferences(readFileSync(fixturePath('references', 'hallmark-sample-apsrev-notitle.bbl'), 'utf8'), '.bbl');
    assert.ok(list.items.every((i) => !fieldsOfItem(i).title), 'no item prints a title');
    const events: BibCheckEvent[] = [];
    const check = await checkReferences(list.items, deps(), (event) => events.push(event));
    // Progress counts the references decided before the engine (an identifier that names nothing) with its own.
    assert.deepEqual(events[0], { type: 'entries', total: 14 });
    assert.deepEqual(events.slice(1).map((e) => e.type === 'entry' && `${e.done}/${e.total}`), [...Array(14).keys()].map((i) => `${i + 1}/14`));
    // Each event's "#n" key names its item (the editor's Problems panel maps it so); the report keeps the item's key.
    const eventKeys = events.flatMap((e) => (e.type === 'entry' ? [list.items[Number(e.entry.key.slice(1)) - 1]?.key] : []));
    assert.deepEqual(eventKeys.sort(), check.references.filter((r) => r.result).map((r) => r.result!.key).sort());
    const byKey = new Map(check.references.map((r) => [r.item.key, r]));
    const cvpr = byKey.get('ee938d491c06')!;
    assert.equal(cvpr.titleFrom, 'identifier');
    assert.equal(cvpr.result?.verdict.verdict, 'verified');
    assert.match(cvpr.result!.message, /The reference prints no title: its DOI names a work with its first author and year/);
    assert.equal(byKey.get('c65faf378a95')!.result?.verdict.verdict, 'verified', "arXiv's DataCite DOI read as the arXiv id");
    // HALLMARK's swapped authors: the DOI's work is real, the printed authors are not its.
    const swapped = byKey.get('da9f3dcc242e')!;
    assert.equal(swapped.titleFrom, 'identifier-other-work');
    assert.equal(swapped.result?.verdict.verdict, 'mismatch');
    assert.equal(swapped.result?.verdict.kind, 'authors-swapped');
    assert.match(swapped.result!.message, /its DOI names "Cross-Modal Object Tracking: .*", whose first author or year is not the printed one/);
    // A fabricated DOI names nothing: not found, as in a .bib, with nothing else to search by.
    const fabricated = byKey.get('c0f088bed10c')!.result!;
    assert.equal(fabricated.verdict.verdict, 'not-found');
    assert.match(fabricated.message, /^The DOI 10\.47281\/bed\.57189 does not resolve .*, and the reference prints no title to search by\. Searched: Crossref, doi\.org\.$/);
    // No identifier, volume or page, but a team, a venue and a year: DBLP's one work by that team that year.
    const iclr = byKey.get('eeac2e647852')!;
    assert.equal(iclr.titleFrom, 'team');
    assert.equal(iclr.fields.title, 'MoDem: Accelerating Visual Model-Based Reinforcement Learning with Demonstrations');
    assert.equal(iclr.result?.verdict.verdict, 'verified');
    assert.match(iclr.result!.message, /The reference prints no title: DBLP's one work by its authors, in their order, in its year was taken\./);
    assert.equal(byKey.get('faa1ea092c70')!.result?.verdict.verdict, 'verified-fixable', 'JMLR: the work, with its volume to add');
    // The team's real work, held against the printed venue: a venue nobody knows, and a NeurIPS paper printed as CVPR's.
    assert.equal(byKey.get('bea1ec0111e6')!.result?.verdict.kind, 'nonexistent-venue');
    assert.equal(byKey.get('d9502ea52395')!.result?.verdict.kind, 'wrong-venue');
    // A placeholder team names no one's work: unreadable, never "not found".
    assert.equal(byKey.get('e2f86a25f121')!.result, undefined);
    // Every item with an identifier gets its .bib entry's verdict, but the near-miss title the print leaves out.
    const engine = new VerdictEngine(networkAuthorities(deps()));
    const withId = samples.filter((s) => s.fields.doi && byKey.get(s.bibtex_key)!.fields.doi);
    assert.equal(withId.length, 10);
    for (const s of withId) {
      const expected = s.bibtex_key === 'd5eef6dc978e' ? 'verified' : (await engine.verdict(s.fields)).verdict;
      assert.equal(byKey.get(s.bibtex_key)!.result?.verdict.verdict, expected, s.bibtex_key);
    }
    assert.equal(check.summary.unreadable, 7);
  });

  it("checks a publisher's Crossref deposit that is its DOI alone by that DOI, instead of calling it unreadable", async () => {
    // IEEE's and bioRxiv's deposits as Crossref serves them: {key, doi-asserted-by, DOI} and nothing else.
    const items = crossrefItems([
      { key: 'ref10', 'doi-asserted-by': 'publisher', DOI: '10.1109/CVPR52688.2022.01981' },
      { key: 'ref3', 'doi-asserted-by': 'publisher', DOI: '10.47281/bed.57189' },
    ]);
    const [named, fabricated] = (await checkReferences(items, deps())).references;
    assert.equal(named!.titleFrom, 'identifier-alone');
    assert.equal(named!.fields.title, 'Towards Diverse and Natural Scene-aware 3D Human Motion Synthesis');
    assert.equal(named!.result?.verdict.verdict, 'verified');
    assert.match(named!.result!.message, /The reference is its DOI alone: the work it names was taken, and only its existence could be checked\.$/);
    assert.equal(fabricated!.result?.verdict.verdict, 'not-found');
    assert.match(fabricated!.result!.message, /^The DOI 10\.47281\/bed\.57189 does not resolve/);
  });

  it('identifies a REVTeX journal item that prints no title and no DOI by its first author, year, volume and first page', async () => {
    const list = textReferences(readFileSync(fixturePath('references', 'prl-notitle-journals.bbl'), 'utf8'), '.bbl');
    assert.deepEqual(fieldsOfItem(list.items[1]!), {
      author: 'L. Tosatto and M. H. Horrocks and A. J. Dear and T. P. J. Knowles and M. Dalla Serra and N. Cremades and C. M. Dobson and D. Klenerman',
      venue: 'Sci. Rep.', year: '2015', volume: '5', pages: '16696',
    });
    const check = await checkReferences(list.items, deps());
    const byKey = new Map(check.references.map((r) => [r.item.key, r]));
    const wakefield = byKey.get('wakefield1998')!;
    assert.equal(wakefield.titleFrom, 'citation');
    assert.equal(wakefield.result?.trust?.status, 'retracted', 'Lancet 351, 637 (1998) is the retracted paper');
    assert.match(wakefield.result!.message, /^RETRACTED .*The reference prints no title: Crossref's work with its first author, year, volume and first page was taken\.$/);
    // An article number (Sci. Rep.) and an e-page (PLoS ONE) are first pages too.
    for (const key of ['tosatto2015', 'sadasivan2012']) {
      assert.equal(byKey.get(key)!.result?.verdict.verdict, 'verified-fixable', key);
      assert.deepEqual(byKey.get(key)!.result?.verdict.fixable, ['doi'], key);
    }
    // Wakefield's Lancet paper of that volume starts on page 637, not 1002: nothing is guessed.
    assert.equal(byKey.get('wakefield1998page')!.result, undefined);
    assert.equal(byKey.get('wakefield1998page')!.fields.title, undefined);
  });

  it('identifies pasted conference papers that print no title by their team and year at DBLP, hyphenated names too; one name is not enough', async () => {
    const pasted = pastedItems([
      '[1] I. Aden-Ali, H. Ashtiani, and C. Liaw, in NeurIPS (2021).',
      '[2] I. Aden-Ali, H. Ashtiani, and C. Liaw, in ICML (2021).',
      '[3] I. Aden-Ali, H. Ashtiani, and C. Liaw, in NeurIPS (2019).',
      '[4] I. Aden-Ali et al., in NeurIPS (2021).',
    ].join('\n'));
    const check = await checkReferences(pasted, deps());
    const [right, otherVenue, otherYear, oneName] = check.references;
    assert.equal(right!.titleFrom, 'team');
    assert.equal(right!.result?.verdict.record?.id, 'conf/nips/Aden-AliAL21');
    assert.equal(right!.result?.verdict.verdict, 'verified');
    // The team's one work that year, held against the venue printed.
    assert.equal(otherVenue!.result?.verdict.kind, 'wrong-venue');
    // No work of that team in 2019, and one name picks out no work: unreadable, never "not found".
    assert.equal(otherYear!.result, undefined);
    assert.equal(oneName!.result, undefined);
    assert.match(unidentifiedWhy(otherYear!.fields), /DBLP has no single work by its authors, in their order, in its year/);
    // DBLP was asked by the family names' words ("Aden Ali", not a key it does not know).
    const queries = env.standIn.requests.filter((r) => r.service === 'dblp').map((r) => new URL(r.url, 'http://x').searchParams.get('q'));
    assert.ok(queries.includes('Aden Ali Ashtiani Liaw'), queries.join('\n'));
  });

  it('identifies pasted physics references that print no title by first author, year, volume and page, and never calls the rest "not found"', async () => {
    const pasted = pastedItems([
      '[1] A. J. Wakefield, S. H. Murch, A. Anthony, J. Linnell, D. M. Casson, M. Malik, M. Berelowitz, A. P. Dhillon, M. A. Thomson, P. Harvey, A. Valentine, S. E. Davies, and J. A. Walker-Smith, Lancet 351, 637 (1998).',
      '[2] S. Sadasivan, B. B. Pond, A. K. Pani, C. Qu, Y. Jiao, and R. J. Smeyne, PLoS ONE 7, e33693 (2012).',
      '[3] A. Einstein, B. Podolsky, and N. Rosen, Phys. Rev. 47, 777 (1935).',
      '[4] L. Tosatto et al., Sci. Rep. 5, 16696 (2015), doi:10.1038/srep16969.',
    ].join('\n'));
    const check = await checkReferences(pasted, deps());
    const [wakefield, sadasivan, epr] = check.references;
    assert.equal(wakefield!.result?.trust?.status, 'retracted');
    // Crossref lists only "AJ Wakefield" for the thirteen: the other twelve are not called wrong.
    assert.deepEqual(wakefield!.result?.verdict.evidence.find((e) => e.field === 'author')?.status, 'unknown');
    // PRL prints the first page only: 637 is the start of Crossref's 637-641, nothing to correct.
    assert.deepEqual(wakefield!.result?.verdict.fixable, ['doi']);
    assert.equal(sadasivan!.result?.verdict.verdict, 'verified-fixable');
    assert.equal(sadasivan!.fields.title, 'Methylphenidate Exposure Induces Dopamine Neuron Loss and Activation of Microglia in the Basal Ganglia of Mice');
    // No authority here has the EPR paper: unreadable with its text, not a reference that does not exist.
    assert.equal(epr!.result, undefined);
    // One Crossref search per reference, by author, venue, volume, page and year: never the whole string.
    const searches = env.standIn.requests.filter((r) => r.service === 'crossref' && /Einstein/.test(decodeURIComponent(r.url)));
    assert.deepEqual(searches.map((r) => new URL(r.url, 'http://x').searchParams.get('query.bibliographic')), ['Phys. Rev. 47 777 1935']);
    // A mistyped DOI beside the article's volume and page: not found, and the message names the work they give.
    const mistyped = check.references[3]!;
    assert.equal(mistyped.result?.verdict.verdict, 'not-found');
    assert.match(mistyped.result!.message, /^The DOI 10\.1038\/srep16969 does not resolve .*10\.1038\/srep16696/);
    assert.deepEqual(check.summary, { 'verified-fixable': 2, unreadable: 1, 'not-found': 1 });
  });

  it('identifies title-less references several at once, so their arXiv ids share one request as the engine\'s do', async () => {
    const list = textReferences(readFileSync(fixturePath('references', 'hallmark-sample-apsrev-notitle.bbl'), 'utf8'), '.bbl');
    await checkReferences(list.items, deps());
    // One after another, they took one request each, 3 s apart at arXiv's pace.
    // One request with the three ids; their order is the order their cache reads came back in.
    const arxiv = env.standIn.requests.filter((r) => r.service === 'arxiv').map((r) => new URL(r.url, 'http://x').searchParams.get('id_list')!.split(',').sort());
    assert.deepEqual(arxiv, [['1911.06270', '2205.01068', '2602.12271']]);
  });

  it('reads ACM\'s tagged .bbl (ACM-Reference-Format: persons, \\showarticletitle) and gives each item its .bib entry\'s verdict', async () => {
    const list = textReferences(readFileSync(fixturePath('references', 'hallmark-sample-acm.bbl'), 'utf8'), '.bbl');
    assert.deepEqual(fieldsOfItem(list.items.find((i) => i.key === 'ded9f5844e90')!), {
      author: 'Anpei Chen and Zexiang Xu and Andreas Geiger and Jingyi Yu and Hao Su',
      title: 'TensoRF: Tensorial Radiance Fields', venue: 'ECCV', year: '2022', doi: '10.1007/978-3-031-19830-4_20',
    });
    const check = await checkReferences(list.items, deps());
    const byKey = new Map(check.references.map((r) => [r.item.key, r.result?.verdict.verdict]));
    const engine = new VerdictEngine(networkAuthorities(deps()));
    for (const s of samples) assert.equal(byKey.get(s.bibtex_key), (await engine.verdict(s.fields)).verdict, s.bibtex_key);
  });

  for (const [style, file] of [['Elsevier\'s elsarticle-num (parts between commas)', 'hallmark-sample-elsarticle-num.bbl'], ['Springer\'s splncs04 (authors ended by a colon)', 'hallmark-sample-splncs04.bbl']]) {
    it(`gives each item of ${style} its .bib entry's verdict`, async () => {
      const list = textReferences(readFileSync(fixturePath('references', file!), 'utf8'), '.bbl');
      const check = await checkReferences(list.items, deps());
      const byKey = new Map(check.references.map((r) => [r.item.key, r.result?.verdict.verdict]));
      const engine = new VerdictEngine(networkAuthorities(deps()));
      for (const s of samples) assert.equal(byKey.get(s.bibtex_key), (await engine.verdict(s.fields)).verdict, s.bibtex_key);
    });
  }

  it('reads IEEEtran\'s quoted titles; a work it prints without the .bib\'s DOI is checked by its title', async () => {
    const list = textReferences(readFileSync(fixturePath('references', 'hallmark-sample-ieeetran.bbl'), 'utf8'), '.bbl');
    assert.ok(list.items.every((i) => fieldsOfItem(i).title), 'every item titled');
    assert.equal(fieldsOfItem(list.items.find((i) => i.key === 'faa1ea092c70')!).venue, 'J. Mach. Learn. Res');
  });

  it('reads Nature\'s tagged .bbl (naturemag) with its "et al." as a list cut short', () => {
    const list = textReferences(readFileSync(fixturePath('references', 'hallmark-sample-naturemag.bbl'), 'utf8'), '.bbl');
    assert.equal(list.items.length, samples.length);
    assert.deepEqual(fieldsOfItem(list.items.find((i) => i.key === 'ee938d491c06')!), {
      author: 'Wang, J. and others', title: 'Towards diverse and natural scene-aware 3d human motion synthesis', venue: 'CVPR', year: '2022',
    });
    assert.ok(list.items.every((i) => fieldsOfItem(i).title), 'every item titled');
  });

  it('gives each .bbl item the verdict its .bib entry gets, with the item\'s key', async () => {
    const list = textReferences(readFileSync(fixturePath('references', 'hallmark-sample.bbl'), 'utf8'), '.bbl');
    const check = await checkReferences(list.items, deps());
    const engine = new VerdictEngine(networkAuthorities(deps()));
    const fromBib = await Promise.all(samples.map(async (s) => (await engine.verdict(s.fields)).verdict));
    assert.deepEqual(check.references.map((r) => r.item.key), samples.map((s) => s.bibtex_key));
    assert.deepEqual(check.references.map((r) => r.result?.verdict.verdict), fromBib);
    const byKey = new Map(check.references.map((r) => [r.item.key, r.result!]));
    assert.equal(byKey.get('ee938d491c06')!.verdict.verdict, 'verified');
    assert.equal(byKey.get('da9f3dcc242e')!.verdict.kind, 'authors-swapped');
    assert.equal(byKey.get('cd588085bf52')!.verdict.verdict, 'future-date');
    assert.equal(byKey.get('d5eef6dc978e')!.verdict.kind, 'title-near-miss');
    assert.equal(byKey.get('d5eef6dc978e')!.verdict.record!.title, 'BiasAdv: Bias-Adversarial Augmentation for Model Debiasing');
    assert.equal(byKey.get('a1a52be81664')!.verdict.verdict, 'not-found');
    assert.equal(check.summary.unreadable, undefined);
    // The report puts the flagged references first, each with what was found instead.
    const report = markdownReport(check, 'hallmark-sample.bbl');
    assert.ok(report.indexOf('## Flagged') < report.indexOf('### '), 'flagged first');
    assert.ok(!report.includes('ee938d491c06'), 'a verified reference is only counted');
    assert.match(report, /### \[19\] · d5eef6dc978e · line \d+: mismatch \(title-near-miss\)[\s\S]*?Found instead: .*"BiasAdv: Bias-Adversarial Augmentation for Model Debiasing"/);
  });

  it('identifies a reference whose parts cannot be told apart from its whole string, and calls the rest unreadable (searched, never dropped)', async () => {
    const items = pastedItems([
      // A title and year alone: no author part ends with a period, so no part is told apart as the
      // title (the stand-in's search, stricter than Crossref's, needs every word in the title).
      'BiasAdv: Bias-Adversarial Augmentation for Model Debiasing (2023)',
      'see the appendix of the 2019 report',
    ].join('\n'));
    const before = env.standIn.requests.length;
    const check = await checkReferences(items, deps());
    const [identified, unreadable] = check.references;
    assert.equal(identified!.fields.title, 'BiasAdv: Bias-Adversarial Augmentation for Model Debiasing');
    // Identified: the work is DBLP's; a reference that names no author is one with its authors missing.
    assert.equal(identified!.result!.verdict.record!.id, 'conf/cvpr/0002KKASYH23');
    assert.equal(identified!.result!.verdict.kind, 'authors-missing');
    assert.equal(unreadable!.result, undefined);
    assert.equal(check.summary.unreadable, 1);
    assert.ok(env.standIn.requests.length > before);
    // The unreadable one was searched whole at Crossref (bibliographic search), which named no work whose title it holds.
    assert.ok(env.standIn.requests.slice(before).some((r) => r.service === 'crossref' && String(r.url).includes('appendix')));
  });

  it('checks a Vancouver-style reference by the PMID it prints, through Europe PMC and the DOI\'s Crossref record', async () => {
    const items = pastedItems(
      'Herger M, Kajba CM, Buckley M, Cunha A, Strom M, Findlay GM. High-throughput screening of human genetic variants by pooled prime editing. Cell Genom. 2025;5(4):100814. PMID: 40120586.',
    );
    const check = await checkReferences(items, deps());
    const [reference] = check.references;
    assert.equal(reference!.fields.pmid, '40120586');
    assert.doesNotMatch(reference!.fields.venue ?? '', /PMID/, 'the id is no part of the venue');
    assert.deepEqual([reference!.fields.volume, reference!.fields.pages], ['5', '100814'], 'Vancouver\'s volume(issue):article number');
    const verdict = reference!.result!.verdict;
    assert.equal(verdict.record?.id, '10.1016/j.xgen.2025.100814', verdict.message);
    assert.equal(verdict.searched[0]?.authority, 'europepmc');
  });
});
