// The rule by which a batch cites a sentence without the writer choosing (coverage --insert), on the
// candidates the pipeline finds for the offline demo's claims against the stand-in services.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandIn } from '../../../standin';
import { createPipeline, type Pipeline } from '../../../../src/core/pipeline/index';
import { resolveSettings } from '../../../../src/core/settings/index';
import { CLEAR_MARGIN, clearCitation, DOMINANT_MARGIN, DOMINANT_SCORE, supportedWork } from '../../../../src/core/coverage/clearCitation';
import type { Candidate } from '../../../../src/core/types';

const SUPERNOVA = 'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.';

describe('coverage: the citation a batch writes on its own', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  let cacheDir: string;
  let pipeline: Pipeline;
  const find = async (selection: string): Promise<Candidate[]> => (await pipeline.find({ selection })).candidates;

  before(async () => {
    standIn = await startStandIn();
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-clear-citation-'));
    const settings = { ...standIn.settings, 'cache.dir': cacheDir, 'sources.arxiv.intervalMs': 0, 'grobid.enabled': false };
    pipeline = createPipeline({ settings: resolveSettings(settings), llm: null });
  });
  after(async () => {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('cites the work that clearly supports the sentence, with the authority\'s BibTeX', async () => {
    const candidates = await find(SUPERNOVA);
    const choice = clearCitation(candidates, SUPERNOVA);
    assert.match(choice.candidate?.title ?? choice.reason!, /42 High-Redshift Supernovae/);
    assert.equal(choice.candidate!.support?.label, 'supports');
    assert.match(choice.candidate!.bibtex!, /10\.1086\/307221/);
    // The results show supporting works in retrieval order: a weaker one shown first is not the one chosen.
    const strongest = choice.candidate!;
    const weaker = candidates.find((c) => c.id !== strongest.id)!;
    const shownFirst = { ...weaker, support: { ...strongest.support!, label: 'supports' as const }, score: strongest.score! - CLEAR_MARGIN - 0.05 };
    const reordered = [shownFirst, ...candidates.filter((c) => c !== weaker)];
    assert.equal(supportedWork(reordered, SUPERNOVA).candidate?.id, strongest.id);
  });

  it('takes a related work far above every other when none supports the sentence; leaves one that is not', async () => {
    const sentence = 'Machine learning models can predict the in-hospital mortality of patients from routinely collected electronic health records.';
    const candidates = await find(sentence);
    assert.ok(candidates.length > 1 && candidates.every((c) => c.support?.label !== 'supports'));
    // The medRxiv paper on its topic stands far above the others (related 0.83, the next 0.23).
    const dominant = supportedWork(candidates, sentence);
    assert.match(dominant.candidate?.title ?? dominant.reason!, /^Prospective and External Evaluation of a Machine Learning Model/);
    assert.match(dominant.why!, /^no work supports it, and this one is on its topic far above the others \(related 0\.\d\d, 0\.\d\d above the next\)$/);
    // The stand-in holds no BibTeX of it, so the batch leaves it, with why.
    assert.match(clearCitation(candidates, sentence).reason!, /^no BibTeX from the authority for "Prospective and External Evaluation/);
    // Another work close behind it (within DOMINANT_MARGIN): nothing is clear.
    const rivalScore = dominant.candidate!.score! - DOMINANT_MARGIN + 0.01;
    const rival = candidates.find((c) => c !== dominant.candidate);
    const close = candidates.map((c) => (c === rival ? { ...c, score: rivalScore } : c));
    assert.match(supportedWork(close, sentence).reason!, /^no work clearly supports it \(the best: "Prospective and External Evaluation of a Machine Learning Model to Pr…", related 0\.\d\d\)$/);
    // Below DOMINANT_SCORE, however far above the others: nothing is clear.
    const weak = candidates.map((c) => (c === dominant.candidate ? { ...c, score: DOMINANT_SCORE - 0.01 } : c));
    assert.equal(supportedWork(weak, sentence).candidate, undefined);
  });

  it('never cites a retracted work, named or supporting', async () => {
    const sentence = 'Wakefield et al. (1998) described twelve children with bowel disease and developmental regression.';
    const candidates = await find(sentence);
    const retracted = candidates.find((c) => c.trust?.status === 'retracted');
    assert.ok(retracted, 'the stand-in holds the retracted Lancet paper');
    assert.match(clearCitation(candidates, sentence).reason!, /^the one work found by wakefield is retracted: "RETRACTED: Ileal-lymphoid/);
    // Its abstract does not reach "supports" here; as a work that did, for a sentence naming no one, it is still refused.
    const asIfSupporting = candidates.map((c) => (c === retracted ? { ...c, support: { label: 'supports' as const, by: 'lexical' as const } } : c));
    const unnamed = 'Twelve children with bowel disease and developmental regression were described.';
    assert.match(clearCitation(asIfSupporting, unnamed).reason!, /^the works that support it are retracted: "RETRACTED: Ileal-lymphoid/);
  });

  it('cites the one work found of the authors the sentence names, on its topic and of its year; never a work by others', async () => {
    const candidates = await find(SUPERNOVA);
    const named = 'Perlmutter et al. (1999) showed that the expansion of the universe is accelerating.';
    const theirs = supportedWork(candidates, named).candidate!;
    assert.match(theirs.authors[0]!, /Perlmutter/);
    const others = 'Riess et al. (1998) showed that the expansion of the universe is accelerating.';
    assert.equal(supportedWork(candidates, others).reason, 'it names riess, and no work found is theirs');
    // Named, a work only on the sentence's topic is theirs to cite; one off its topic, or of another year, is not.
    const labelled = (label: 'related' | 'unrelated') => candidates.map((c) => (c === theirs ? { ...c, support: { label, by: 'lexical' as const } } : c));
    const onTopic = supportedWork(labelled('related'), named).candidate;
    assert.deepEqual([onTopic?.id, onTopic?.support?.label], [theirs.id, 'related']);
    assert.match(supportedWork(labelled('unrelated'), named).reason!, /^the one work found by perlmutter is off its topic: "Measurements of Omega[^"]*", unrelated 0\.\d\d$/);
    // Kept under "related" for sharing one telling word: with its authors named, that word puts it on the topic.
    const oneWord = candidates.map((c) => (c === theirs ? { ...c, support: { label: 'unrelated' as const, by: 'lexical' as const, oneTellingWord: true as const } } : c));
    assert.deepEqual(supportedWork(oneWord, named), { candidate: oneWord.find((c) => c.id === theirs.id), why: 'the one work found by perlmutter, on its topic by one word' });
    assert.match(supportedWork(candidates, named.replace('1999', '2005')).reason!, /^it names perlmutter \(2005\), and their one work found is from 1998: "Measurements/);
  });

  it('leaves the choice to the writer when another work supports it about as well, unless the sentence names whose work it is', async () => {
    const candidates = await find(SUPERNOVA);
    const best = supportedWork(candidates, SUPERNOVA).candidate!;
    const other = candidates.find((c) => c !== best && !c.authors.some((a) => /Perlmutter/.test(a)))!;
    assert.ok(best.score! - Math.max(...candidates.filter((c) => c !== best).map((c) => c.score ?? 0)) >= CLEAR_MARGIN, 'clear as found');
    const close = (score: number) => candidates.map((c) => (c === other ? { ...c, score, support: { label: 'supports' as const, by: 'lexical' as const } } : c));
    const tied = supportedWork(close(best.score! - 0.01), SUPERNOVA);
    assert.equal(tied.candidate, undefined);
    assert.match(tied.reason!, /^two works support it about as well: "Measurements of Omega[^"]*", supports 0\.\d\d and "[^"]+", supports 0\.\d\d$/);
    assert.equal(supportedWork(close(best.score! - CLEAR_MARGIN - 0.001), SUPERNOVA).candidate, best, 'a margin of CLEAR_MARGIN is clear');
    const named = 'Perlmutter et al. (1999) showed that the expansion of the universe is accelerating.';
    assert.equal(supportedWork(close(best.score! - 0.01), named).candidate, best, 'the names decide');
  });

  it('leaves a work that supports the sentence but has no BibTeX from the authority, with why', async () => {
    const candidates = await find(SUPERNOVA);
    const best = supportedWork(candidates, SUPERNOVA).candidate!;
    const withoutBibtex = candidates.map((c) => (c === best ? { ...c, bibtex: undefined, bibtexWhy: 'Crossref does not know this paper' } : c));
    assert.match(clearCitation(withoutBibtex, SUPERNOVA).reason!, /^no BibTeX from the authority for "Measurements of Omega[^"]*" \(Crossref does not know this paper\)$/);
  });
});
