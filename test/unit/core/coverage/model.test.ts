// The cite-worthiness model on real sentences of arXiv:2212.11826 (test/fixtures/coverage): the
// committed weights are the features' weights and a vocabulary of words and pairs, cue words of
// earlier work raise the score, the paper's own contribution lowers it, and the reason names the
// named feature that raised it (never a bare word).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FEATURE_NAMES, featuresOf, type SentenceInContext } from '../../../../src/core/coverage/features';
import { citingShares, paperContexts, paperContextSteps, runToEnd } from '../../../../src/core/coverage/paperContext';
import { CITEWORTHINESS_MODEL, citeworthiness } from '../../../../src/core/coverage/model';
import { locateSentences } from '../../../../src/core/coverage/paragraph';
import { fixturePath } from '../../../standin/server';

const inIntroduction = (text: string, more: Partial<SentenceInContext> = {}): SentenceInContext => ({
  text,
  section: 'Introduction',
  inAbstract: false,
  index: 1,
  count: 3,
  previousCited: false,
  nextCited: false,
  othersCited: 0,
  sectionShare: 0,
  paperShare: 0,
  citedName: '',
  nameLean: 0,
  firstMention: 0,
  termLean: 0,
  similarLean: 0,
  ...more,
});

describe('cite-worthiness model', () => {
  it('holds one weight per feature and a threshold between 0 and 1', () => {
    assert.deepEqual(CITEWORTHINESS_MODEL.features, FEATURE_NAMES);
    assert.equal(CITEWORTHINESS_MODEL.weights.length, FEATURE_NAMES.length);
    assert.ok(CITEWORTHINESS_MODEL.threshold > 0 && CITEWORTHINESS_MODEL.threshold < 1);
    assert.equal(featuresOf(inIntroduction('Such models provably lead to a computational advantage.')).length, FEATURE_NAMES.length);
    const words = Object.keys(CITEWORTHINESS_MODEL.wording);
    assert.ok(words.length > 100 && words.length <= 8000, String(words.length));
    for (const cue of ['previously', 'et al', 'recently']) assert.ok(CITEWORTHINESS_MODEL.wording[cue]! > 0, cue);
  });

  it('scores a report of earlier work above the same claim without its cue, and says why', () => {
    const cued = citeworthiness(inIntroduction('It has been quantitatively shown that QNNs can be trained faster than their classical analogues.'));
    const plain = citeworthiness(inIntroduction('QNNs can be trained faster than their classical analogues.'));
    assert.ok(cued.score > plain.score, `${cued.score} ≤ ${plain.score}`);
    assert.equal(cued.reason, 'states a result of earlier work');
  });

  it('scores the paper’s own contribution and its abstract low', () => {
    const own = citeworthiness(inIntroduction('In this paper, we propose a method for overcoming the de facto lack of hierarchical feature learning capability in QNNs.'));
    assert.ok(own.score < CITEWORTHINESS_MODEL.threshold, String(own.score));
    const sentence = 'This problem has been variously approached in the literature, principally via the introduction of measurements between layers of unitary transformations.';
    const inAbstract = citeworthiness(inIntroduction(sentence, { section: 'Abstract', inAbstract: true }));
    assert.ok(inAbstract.score < citeworthiness(inIntroduction(sentence)).score);
  });

  describe('the authors’ own work told in the past tense (own-work.json: PLOS and eLife sentences)', () => {
    interface Fixture {
      ownWork: { text: string }[];
      othersWork: { text: string; citedName: string }[];
    }
    const fixture = JSON.parse(readFileSync(fixturePath('coverage', 'own-work.json'), 'utf8')) as Fixture;
    // A methods paragraph of a paper that cites, right after a sentence that cites: where such sentences were listed.
    const inMethods = (text: string, citedName = ''): SentenceInContext =>
      inIntroduction(text, { section: 'Methods', index: 1, count: 4, previousCited: true, othersCited: 1, sectionShare: 0.25, paperShare: 0.25, citedName, nameLean: citedName ? 2 : 0 });
    const done = FEATURE_NAMES.indexOf('own work done, naming no other work');
    const toldOfOthers = (text: string) => text.replace(/^We /, 'They ').replace(/^In our /, 'In their ').replace(/^Our /, 'Their ');

    it('is read as the paper’s own work only when it names no one else’s method or tool', () => {
      for (const { text } of fixture.ownWork) assert.equal(featuresOf(inMethods(text))[done], 1, text);
      for (const { text, citedName } of fixture.othersWork) assert.equal(featuresOf(inMethods(text, citedName))[done], 0, text);
      assert.equal(featuresOf(inMethods('We use BERT (Devlin et al.) to encode each sentence.'))[done], 0);
      assert.equal(featuresOf(inMethods('Following Joanis and Stevenson, we identified the subset of features.'))[done], 0);
    });

    it('scores it below the threshold and below the same sentence told of others', () => {
      assert.ok(CITEWORTHINESS_MODEL.weights[done]! < 0, String(CITEWORTHINESS_MODEL.weights[done]));
      for (const { text } of fixture.ownWork) {
        const own = citeworthiness(inMethods(text)).score;
        assert.ok(own < CITEWORTHINESS_MODEL.threshold, `${own}: ${text}`);
        // With no citation just before it: after one, "They recruited …" goes on about the work cited there.
        const withoutCitationBefore = (t: string) => citeworthiness({ ...inMethods(t), previousCited: false }).score;
        assert.ok(withoutCitationBefore(text) < withoutCitationBefore(toldOfOthers(text)), text);
      }
    });

    it('still lists a sentence that uses another’s method or model, named', () => {
      for (const { text, citedName } of fixture.othersWork) {
        const score = citeworthiness(inMethods(text, citedName)).score;
        assert.ok(score >= CITEWORTHINESS_MODEL.threshold, `${score}: ${text}`);
      }
    });
  });

  it('reads a sentence that goes on about the work its previous sentence cites, and lowers its score', () => {
    // C00-2123 (test/fixtures/cl-scisumm), sentence 139; a trimmed sentence of CL-SciSumm's N09-1001; the qpk fixture's own work.
    const goesOn = 'This approach leads to a search procedure with complexity O(E3 J4).';
    const back = FEATURE_NAMES.indexOf('refers back to the work the previous sentence cites');
    const of = (text: string, previousCited: boolean) => featuresOf(inIntroduction(text, { previousCited }))[back];
    assert.deepEqual([of(goesOn, true), of(goesOn, false)], [1, 0]);
    assert.equal(of('Their F-score for subjective senses seems to remain relatively static.', true), 1);
    assert.equal(of('In this paper, we propose a method for overcoming the lack of hierarchical feature learning in QNNs.', true), 0);
    assert.ok(CITEWORTHINESS_MODEL.weights[back]! < 0, String(CITEWORTHINESS_MODEL.weights[back]));
  });

  it('raises the score of a sentence whose neighbours cite', () => {
    const text = 'The NTK hence approximates the behavior of predictors via a linear model.';
    const amidCitations = citeworthiness(inIntroduction(text, { previousCited: true, nextCited: true, othersCited: 2 }));
    assert.ok(amidCitations.score > citeworthiness(inIntroduction(text)).score);
  });

  it('raises the score of a sentence in a section and a text whose other sentences cite', () => {
    const text = 'The NTK hence approximates the behavior of predictors via a linear model.';
    const citingText = citeworthiness(inIntroduction(text, { sectionShare: 0.5, paperShare: 0.3 }));
    assert.ok(citingText.score > citeworthiness(inIntroduction(text)).score);
  });

  it('says of a related-work heading what papers do, not what the writer’s section does', () => {
    // The example manuscript's last section: its heading reads as related work, and nothing in it cites yet.
    const text = 'The garlic-derived trisulfide compound TSDB damages the cell membrane of Staphylococcus aureus.';
    const reason = citeworthiness(inIntroduction(text, { section: 'Microbiology and vision: the published literature', index: 0, count: 2 })).reason;
    assert.equal(reason, 'stands in related work, where papers usually cite');
  });

  it('says which name another sentence cites when that is the reason', () => {
    const text = 'We fine-tune BERT on the labelled sentences of each corpus.';
    const named = citeworthiness(inIntroduction(text, { citedName: 'BERT', nameLean: 3, firstMention: 1 }));
    assert.ok(named.score > citeworthiness(inIntroduction(text)).score);
    assert.equal(named.reason, 'names BERT, which other sentences cite');
  });

  it('reads a result or tool named after its author or with its version', () => {
    const named = FEATURE_NAMES.indexOf('named result or tool');
    const of = (text: string) => featuresOf(inIntroduction(text))[named];
    assert.equal(of("Then, direct application of Hoeffding's inequality allows to bound this quantity."), 1);
    assert.equal(of('Events are simulated with the PYTHIA 8.306 event generator.'), 1);
    assert.equal(of('The model is trained on the data.'), 0);
  });
});

describe('citingShares', () => {
  it('counts the other sentences of the section and of the text that cite, never the sentence itself', () => {
    const shares = citingShares([
      { cited: true, section: 'Introduction' },
      { cited: false, section: 'Introduction' },
      { cited: false, section: 'Introduction' },
      { cited: false, section: 'Results' },
      { cited: true, section: 'Results' },
    ]);
    assert.deepEqual(shares[0], { sectionShare: 0, paperShare: 1 / 4 });
    assert.deepEqual(shares[1], { sectionShare: 1 / 2, paperShare: 2 / 4 });
    assert.deepEqual(shares[3], { sectionShare: 1, paperShare: 2 / 4 });
    assert.deepEqual(citingShares([{ cited: true, section: '' }]), [{ sectionShare: 0, paperShare: 0 }]);
  });
});

describe('paperContexts', () => {
  const paper = [
    { text: 'Language models are pre-trained on large corpora of text.', cited: false, section: 'Introduction' },
    { text: 'We fine-tune BERT on the labelled sentences of each corpus.', cited: false, section: 'Method' },
    { text: 'BERT is pre-trained with a masked language modelling objective on large corpora.', cited: true, section: 'Method' },
    { text: 'Our classifier reads the output of the last layer.', cited: false, section: 'Method' },
    { text: 'The classifier is trained for three epochs.', cited: false, section: 'Method' },
  ];

  it('names what another sentence names with a citation, and marks its first mention', () => {
    const contexts = paperContexts(paper);
    assert.equal(contexts[1]!.citedName, 'BERT');
    assert.equal(contexts[1]!.firstMention, 1);
    assert.ok(contexts[1]!.nameLean > 0);
    assert.deepEqual([contexts[3]!.citedName, contexts[3]!.firstMention, contexts[3]!.nameLean], ['', 0, 0]);
  });

  it('leans towards citing when a sentence shares the citing sentences’ words', () => {
    const contexts = paperContexts(paper);
    assert.ok(contexts[0]!.termLean > contexts[4]!.termLean, `${contexts[0]!.termLean} ≤ ${contexts[4]!.termLean}`);
    assert.ok(contexts[0]!.similarLean > contexts[4]!.similarLean, `${contexts[0]!.similarLean} ≤ ${contexts[4]!.similarLean}`);
  });

  it('never reads the sentence’s own citation', () => {
    for (let i = 0; i < paper.length; i++) {
      const flipped = paper.map((s, j) => (j === i ? { ...s, cited: !s.cited } : s));
      assert.deepEqual(paperContexts(flipped)[i], paperContexts(paper)[i], paper[i]!.text);
    }
  });

  it('gives only the wanted sentences a context, each the one the whole pass gives it', () => {
    const wanted = (i: number) => !paper[i]!.cited && i !== 3;
    const some = runToEnd(paperContextSteps(paper, wanted));
    assert.deepEqual(some, paperContexts(paper).map((context, i) => (wanted(i) ? context : undefined)));
  });
});

describe('locateSentences', () => {
  it('finds each split sentence in the plain text whose whitespace the splitter collapsed', () => {
    const plain = 'However, QNNs remain  problematic.\n  One limitation arises from the so-called barren plateau problem .';
    const spans = locateSentences(plain, ['However, QNNs remain problematic.', 'One limitation arises from the so-called barren plateau problem .']);
    assert.deepEqual(spans.map((s) => plain.slice(s.start, s.end)), ['However, QNNs remain  problematic.', 'One limitation arises from the so-called barren plateau problem .']);
  });
});
