// The published lanes' records, read from the services' real recorded answers: Semantic
// Scholar's papers, OpenAlex's works (abstracts from inverted indexes), Europe PMC's PubMed and
// PMC records (full text only from the open-access subset); the DBLP topic query; which lanes a
// claim's field gets and why one is skipped; a preprint and its journal version as one work.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../../standin/server';
import { semanticScholarRecord } from '../../../../src/core/sources/published/semanticScholar';
import { abstractFromInvertedIndex, openAlexRecord } from '../../../../src/core/sources/published/openAlex';
import { publishedRecord } from '../../../../src/core/sources/published/europepmc';
import { dblpTopicQueries } from '../../../../src/core/sources/published/dblpTopic';
import { laneUnavailable } from '../../../../src/core/sources/published';
import { checkEuropePmcResult } from '../../../../src/core/sources/validate';
import { renderEuropePmcQuery } from '../../../../src/core/sources/europepmcQuery';
import { claimWordsQuery, publishedPlan, withWords } from '../../../../src/core/search/published';
import { THIRD_SERVER_ABOVE } from '../../../../src/core/routing/closeCall';
import { versionOfRecordFields } from '../../../../src/core/dedupe/versions';
import { dedupeRecords } from '../../../../src/core/dedupe/dedupe';
import { completed } from '../../../../src/core/candidates/openAccessLookup';
import { cacheKey } from '../../../../src/core/net/cache';
import { DEFAULT_SETTINGS, resolveSettings } from '../../../../src/core/settings/index';
import type { PaperRecord, RoutingDecision } from '../../../../src/core/types';

const json = (dir: string, name: string): unknown => JSON.parse(readFileSync(fixturePath(dir, name), 'utf8'));

describe('published lanes: records', () => {
  it('reads a Semantic Scholar paper with its DBLP key, DOI, abstract, venue and open PDF', () => {
    const answer = json('semanticscholar', 'paper-search-match_mining-association-rules-between_all-fields.json') as { data: unknown[] };
    const record = semanticScholarRecord(answer.data[0])!;
    assert.equal(record.id, 'doi:10.1145/170035.170072');
    assert.equal(record.source, 'semanticscholar');
    assert.equal(record.dblpKey, 'conf/sigmod/AgrawalIS93');
    assert.equal(record.year, 1993);
    assert.match(record.abstract ?? '', /association rules/);
    assert.match(record.pdfUrl ?? '', /^https:\/\//);
    assert.equal(record.authors[0], 'R. Agrawal');
    assert.deepEqual(record.citedBy, { count: 16127, by: 'semanticscholar' });
  });

  it('keeps Semantic Scholar papers with null abstracts and venues, and names PMC ids as PMC…', () => {
    const answer = json('semanticscholar', 'paper-search_query-turing_year-1936_all-fields.json') as { data: unknown[] };
    const records = answer.data.map(semanticScholarRecord);
    assert.equal(records.filter(Boolean).length, 21);
    const doiLess = records.find((r) => r && !r.doi)!;
    assert.match(doiLess.id, /^s2:[0-9a-f]{40}$/);
    const paper = semanticScholarRecord(json('semanticscholar', 'paper_DOI-10.1038_s42256-024-00832-8_single-paper_paperqa-fields.json'))!;
    assert.equal(paper.pmcid, 'PMC11116106');
    assert.equal(paper.pmid, '38799228');
    assert.equal(paper.arxivId, '2304.05376');
    assert.equal(semanticScholarRecord({ paperId: 'abc', title: null }), undefined, 'no title: dropped');
  });

  it('rebuilds an OpenAlex abstract from its inverted index, in order', () => {
    assert.equal(abstractFromInvertedIndex({ world: [1], hello: [0], again: [3], ',': [2] }), 'hello world , again');
    const work = openAlexRecord(json('openalex', 'works_doi-10.1073_pnas.1414271111_single-work_with-abstract.json'))!;
    assert.equal(work.doi, '10.1073/pnas.1414271111');
    assert.match(work.abstract ?? '', /^Significance /);
    assert.equal(work.pmcid, 'PMC4234579');
    assert.equal(work.pdfUrl, undefined, 'no open PDF is known');
    assert.equal(work.openAccess, false);
    const preprint = openAlexRecord(json('openalex', 'works_doi-10.1101_2024.04.01.587366_biorxiv-preprint.json'))!;
    assert.match(preprint.pdfUrl ?? '', /biorxiv\.org\/.*\.full\.pdf$/);
    // The work's own count, not its yearly counts' (counts_by_year holds cited_by_count too).
    assert.deepEqual([work.citedBy, preprint.citedBy], [{ count: 138, by: 'openalex' }, { count: 1, by: 'openalex' }]);
  });

  it('reads the publishers\' markup in an OpenAlex title, abstract and venue, as in PubMed\'s and S2\'s', () => {
    // No recorded OpenAlex answer has markup: the real PNAS work, given the title Europe PMC recorded
    // for doi:10.1136/jmg-2025-110769 (its markup unescaped once, as OpenAlex passes Crossref's on).
    const real = json('openalex', 'works_doi-10.1073_pnas.1414271111_single-work_with-abstract.json') as Record<string, unknown>;
    const title = 'Associations between <i>ATM</i> c.7271T&gt;G and cancer risk: analysis of Breast Cancer Association Consortium and UK Biobank data.';
    const work = openAlexRecord({
      ...real,
      title,
      display_name: title,
      abstract_inverted_index: { '<i>ATM</i>': [0], 'c.7271T&gt;G': [1], 'raises': [2], 'CO<sub>2</sub>': [3], '&amp;': [4], 'risk': [5] },
      primary_location: { source: { display_name: 'Journal of Medical Genetics &amp; Genomics' } },
    })!;
    assert.equal(work.title, 'Associations between ATM c.7271T>G and cancer risk: analysis of Breast Cancer Association Consortium and UK Biobank data');
    assert.equal(work.abstract, 'ATM c.7271T>G raises CO2 & risk');
    assert.equal(work.journal, 'Journal of Medical Genetics & Genomics');
    assert.equal(work.doi, '10.1073/pnas.1414271111', 'the rest of the record as before');
    assert.equal(openAlexRecord({ ...real, title: '<i></i>', display_name: null }), undefined, 'a title of markup alone is no title');
  });

  it('reads PubMed records: full text only for PMC\'s open-access subset, never a subscription PDF', () => {
    const answer = json('europepmc', 'search_query-cancer_resultType-core_med-records-1-5-6-11-14.json') as { resultList: { result: unknown[] } };
    const settings = resolveSettings({ 'sources.europepmc.url': 'https://epmc.example/rest/search' });
    const records = answer.resultList.result.map((r) => publishedRecord(checkEuropePmcResult(r)!, settings)!);
    const open = records.filter((r) => r.openAccess);
    assert.ok(open.length > 0 && open.length < records.length);
    for (const r of open) assert.equal(r.jatsUrl, `https://epmc.example/rest/${r.pmcid}/fullTextXML`);
    for (const r of records.filter((x) => !x.openAccess)) {
      assert.equal(r.jatsUrl, undefined);
      assert.equal(r.pdfUrl, undefined);
    }
    assert.ok(records.every((r) => r.source === 'pubmed' && /^\d+$/.test(r.pmid ?? '')));
    // Europe PMC counts only the citing works it indexes: its 0 is left out, a count above it kept.
    assert.deepEqual(records.map((r) => r.citedBy), records.map(() => undefined));
    const cited = publishedRecord(checkEuropePmcResult({ id: '1', source: 'MED', pmid: '1', title: 'A paper.', citedByCount: 42 })!, DEFAULT_SETTINGS)!;
    assert.deepEqual(cited.citedBy, { count: 42, by: 'europepmc' });
  });

  it('takes Europe PMC\'s "Retracted Publication" as the source\'s own trust signal', () => {
    const raw = { id: '1', source: 'MED', pmid: '1', title: 'A paper.', pubTypeList: { pubType: ['Journal Article', 'Retracted Publication'] } };
    assert.equal(publishedRecord(checkEuropePmcResult(raw)!, DEFAULT_SETTINGS)!.sourceTrust, 'retracted');
    assert.equal(publishedRecord(checkEuropePmcResult({ ...raw, pubTypeList: { pubType: 'Journal Article' } })!, DEFAULT_SETTINGS)!.sourceTrust, undefined);
  });

  it('renders the published search for PubMed and PMC', () => {
    assert.equal(renderEuropePmcQuery({ keywords: ['statin therapy', 'diabetes'] }, 'any', 'published'), '("statin therapy" OR diabetes) AND (SRC:MED OR SRC:PMC)');
  });
});

describe('published lanes: planning and queries', () => {
  const routing = (discipline: RoutingDecision['discipline'], primary: RoutingDecision['primary'], confidence = 0.95): RoutingDecision =>
    ({ discipline, primary, secondary: primary === 'arxiv' ? 'biorxiv' : 'arxiv', reason: '', by: 'heuristic', confidence });

  it('gives each field its lanes, and says why a lane is skipped', () => {
    const cs = publishedPlan(routing('computer-science', 'arxiv'), DEFAULT_SETTINGS);
    assert.deepEqual(cs.lanes, ['dblp', 'semanticscholar']);
    assert.deepEqual(cs.reports.find((r) => r.lane === 'openalex'), { lane: 'openalex', searched: false, note: 'no API key: DOI lookups only' });
    assert.deepEqual(publishedPlan(routing('medicine', 'medrxiv'), DEFAULT_SETTINGS).lanes, ['pubmed']);
    const withKey = resolveSettings({ 'sources.openalex.apiKey': 'k' });
    assert.deepEqual(publishedPlan(routing('physics', 'arxiv'), withKey).lanes, ['semanticscholar', 'openalex']);
    const close = publishedPlan(routing('computer-science', 'arxiv', 0.3), DEFAULT_SETTINGS);
    assert.ok(close.lanes.includes('pubmed'), 'a close call with bioRxiv adds PubMed');
    const clinical = { ...routing('medicine', 'medrxiv'), secondary: 'biorxiv' as const };
    assert.deepEqual(publishedPlan(clinical, DEFAULT_SETTINGS).lanes, ['pubmed']);
    const third = publishedPlan({ ...clinical, third: THIRD_SERVER_ABOVE + 0.05 }, DEFAULT_SETTINGS);
    assert.deepEqual(third.lanes, ['pubmed', 'semanticscholar'], 'arXiv searched third adds its field\'s lane');
    assert.equal(laneUnavailable('dblp', resolveSettings({ 'sources.dblp.enabled': false })), 'switched off');
    assert.equal(laneUnavailable('pubmed', resolveSettings({ 'sources.published.enabled': false })), 'published search switched off');
    assert.equal(laneUnavailable('semanticscholar', resolveSettings({ 'search.kind': 'preprints' })), 'preprints only');
  });

  it('searches DBLP beside another field\'s lanes when the claim may well be computer science', () => {
    // Routings of real sentences (routing.test.ts): a CL-SciSumm training citance read as mathematics, Perlmutter et al.'s claim.
    const hmm = publishedPlan({ ...routing('mathematics', 'arxiv'), computerScience: 0.307 }, DEFAULT_SETTINGS);
    assert.deepEqual(hmm.lanes, ['semanticscholar', 'dblp']);
    assert.deepEqual(hmm.reports.find((r) => r.lane === 'dblp'), { lane: 'dblp', searched: true });
    assert.deepEqual(publishedPlan({ ...routing('physics', 'arxiv'), computerScience: 0.06 }, DEFAULT_SETTINGS).lanes, ['semanticscholar']);
    assert.deepEqual(publishedPlan({ ...routing('computer-science', 'arxiv'), computerScience: 0.6 }, DEFAULT_SETTINGS).lanes, ['dblp', 'semanticscholar']);
    // A CL-SciSumm citance on dialogue acts read as biology (routing.test.ts); a clinical claim.
    assert.ok(publishedPlan({ ...routing('biology', 'biorxiv'), computerScience: 0.227 }, DEFAULT_SETTINGS).lanes.includes('dblp'));
    assert.ok(!publishedPlan({ ...routing('medicine', 'medrxiv'), computerScience: 0 }, DEFAULT_SETTINGS).lanes.includes('dblp'));
  });

  it('asks DBLP for two OR-groups of the rarest words, then the first alone', () => {
    assert.deepEqual(dblpTopicQueries(['a', 'b', 'c', 'd', 'e']), ['a|b|c d|e', 'a|b|c']);
    assert.deepEqual(dblpTopicQueries(['a', 'b']), ['a|b']);
    assert.deepEqual(dblpTopicQueries([]), []);
  });

  it('gives Europe PMC the claim\'s rarest words, rarest first, never the sentence as written', () => {
    const query = claimWordsQuery('A deficiency of vitamin B12 increases blood levels of homocysteine.', [{ keywords: ['x'], filter: { fromYear: 2000 } }])!;
    assert.ok(query.keywords.includes('homocysteine') && query.keywords.includes('B12'));
    assert.ok(!query.keywords.some((k) => /^(of|a)$/i.test(k)), query.keywords.join(' '));
    const between = claimWordsQuery('Rules between sets of items in 1993 databases', [])!;
    assert.deepEqual([...between.keywords].sort(), ['Rules', 'databases', 'items', 'sets'], 'no stopword or number, which the word statistics leave out');
    assert.notEqual(query.keywords.join(' '), 'deficiency vitamin B12 increases blood levels homocysteine', 'reordered by rarity');
    assert.deepEqual(query.filter, { fromYear: 2000 });
    assert.equal(claimWordsQuery('', []), undefined);
  });

  it('leaves the surnames of a list of works cited in plain text out of the claim\'s words', () => {
    // A CL-SciSumm training citance (J96-3004's, cut after its fourth work; the data cuts it mid-list).
    const citance = 'Since in written Chinese there is no explicit word delimiter, the problem of Chinese sentence tokenization has been the focus of considerable research efforts (e.g., Bai 1995; Zhang et al. 1994; Chen and Liu 1992; Chiang et al. 1992';
    for (const text of [citance, `${citance}).`]) {
      const words = claimWordsQuery(text, [], 16)!.keywords;
      assert.ok(words.includes('delimiter') && words.includes('tokenization'), words.join(' '));
      assert.deepEqual(words.filter((w) => /^(Bai|Zhang|Chen|Liu|Chiang)$/.test(w)), [], words.join(' '));
    }
  });

  it('gives Semantic Scholar the keyphrases, then the claim\'s rarest words they lack', () => {
    const claim = 'Mining association rules between sets of items in large databases reveals frequent purchase patterns.';
    const keyphrases = { keywords: ['association rules', 'large databases'], filter: { fromYear: 1990 } };
    const words = claimWordsQuery(claim, [keyphrases], 16)!;
    const query = withWords(keyphrases, words);
    assert.deepEqual(query.keywords.slice(0, 2), ['association rules', 'large databases'], 'the keyphrases first');
    assert.ok(['purchase', 'Mining', 'frequent'].every((w) => query.keywords.includes(w)), query.keywords.join(' '));
    assert.ok(!query.keywords.slice(2).some((k) => /^(association|rules|large|databases)$/i.test(k)), 'no word twice');
    assert.deepEqual(query.filter, { fromYear: 1990 });
    assert.equal(withWords(keyphrases, undefined), keyphrases);
  });

  it('never writes an OpenAlex key into a cache key', () => {
    const key = cacheKey('GET', 'https://api.openalex.org/works?search=x&api_key=SECRET&per_page=5', 'application/json');
    assert.ok(!key.includes('SECRET'));
    assert.match(key, /api_key=&per_page=5/);
  });
});

describe('published lanes: one work, its versions', () => {
  const preprint: PaperRecord = { id: 'doi:10.1101/2024.04.01.587366', source: 'biorxiv', doi: '10.1101/2024.04.01.587366', title: 'High-throughput screening of human genetic variants by pooled prime editing', authors: ['Michael Herger'], year: 2024 };
  const journal: PaperRecord = { id: 'doi:10.1016/j.xgen.2025.100814', source: 'pubmed', doi: '10.1016/j.xgen.2025.100814', pmid: '40120586', journal: 'Cell genomics', title: 'High-throughput screening of human genetic variants by pooled prime editing', authors: ['Michael Herger'], year: 2025, openAccess: false };

  it('makes the journal\'s DOI the published version of the preprint it merges with', () => {
    assert.deepEqual(versionOfRecordFields([journal, preprint]), { publishedDoi: '10.1016/j.xgen.2025.100814', doi: '10.1101/2024.04.01.587366', journal: 'Cell genomics' });
    assert.deepEqual(versionOfRecordFields([journal]), {});
    const [card, ...rest] = dedupeRecords([{ record: journal, queryIndex: 0, rank: 0 }, { record: preprint, queryIndex: 0, rank: 1 }]);
    assert.equal(rest.length, 0);
    assert.deepEqual(card!.sources, ['pubmed', 'biorxiv']);
    assert.equal(card!.publishedDoi, '10.1016/j.xgen.2025.100814');
    assert.equal(card!.pmid, '40120586');
    assert.equal(card!.openAccess, true, 'the preprint is open');
    // Each version's count, from different indexes: the card shows the largest.
    const counted = dedupeRecords([
      { record: { ...journal, citedBy: { count: 3, by: 'openalex' } }, queryIndex: 0, rank: 0 },
      { record: { ...preprint, citedBy: { count: 11, by: 'semanticscholar' } }, queryIndex: 0, rank: 1 },
    ]);
    assert.deepEqual(counted[0]!.citedBy, { count: 11, by: 'semanticscholar' });
  });

  it('fills only the gaps of a record from OpenAlex', () => {
    const dblp: PaperRecord = { id: 'doi:10.1/x', source: 'dblp', title: 'T', authors: ['A'], doi: '10.1/x', dblpKey: 'conf/x/A1' };
    const work: PaperRecord = { id: 'doi:10.1/x', source: 'openalex', title: 'T.', authors: [], abstract: 'Words.', pdfUrl: 'https://oa.example/x.pdf', openAccess: true };
    assert.deepEqual(completed(dblp, work), { ...dblp, abstract: 'Words.', pdfUrl: 'https://oa.example/x.pdf', openAccess: true });
    const counted = { ...work, citedBy: { count: 7, by: 'openalex' as const } };
    assert.deepEqual(completed(dblp, counted).citedBy, { count: 7, by: 'openalex' }, 'a DBLP record gets OpenAlex\'s count');
    const full = { ...dblp, abstract: 'Mine.', pdfUrl: 'https://mine.example/x.pdf', openAccess: true };
    assert.equal(completed(full, work), full, 'nothing new: the same record');
  });
});
