import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { extractFeatures } from '../../../../src/core/routing/features';
import { ELEMENT_MARK, splitSentences } from '../../../../src/core/text/sentences';
import { stem, stripPossessive } from '../../../../src/core/text/stem';
import { isStopword, SCORING_STOPWORDS, TRAINED_STOPWORDS } from '../../../../src/core/text/stopwords';
import { foldText, SCORING_TOKENS, stems, tokenize, TRAINED_TOKENS, type TokenRules } from '../../../../src/core/text/tokens';
import { fixturePath } from '../../../standin/server';

describe('splitSentences', () => {
  describe("'claim' style", () => {
    it('does not break after et al., e.g., Fig., vs. or Dr.', () => {
      assert.deepEqual(
        splitSentences('Smith et al. showed that X holds, e.g. in mice. See Fig. 3 and Eq. 2 for details. ' +
          'Growth was 5% vs. 2019 levels. Dr. Jones disagreed. Values were 3.5 mg per day.', 'claim'),
        [
          'Smith et al. showed that X holds, e.g. in mice.',
          'See Fig. 3 and Eq. 2 for details.',
          'Growth was 5% vs. 2019 levels.',
          'Dr. Jones disagreed.',
          'Values were 3.5 mg per day.',
        ],
      );
    });

    it('treats paragraph breaks as sentence ends and drops empty fragments', () => {
      assert.deepEqual(splitSentences('A heading\n\nThe first sentence. The second one?\n\n . ', 'claim'), [
        'A heading',
        'The first sentence.',
        'The second one?',
      ]);
    });

    it('a one-letter initial before a name ends no sentence; a letter that labels something does', () => {
      assert.deepEqual(splitSentences(
        'Sequence alignment scores follow the extreme value distribution described by S. Karlin. ' +
        'The idea goes back to A. N. Kolmogorov and Prof. J. Felsenstein. ' +
        'Patients took vitamin D. Those in group B. Patients in group C did not. We met J. Doe.', 'claim'), [
        'Sequence alignment scores follow the extreme value distribution described by S. Karlin.',
        'The idea goes back to A. N. Kolmogorov and Prof. J. Felsenstein.',
        'Patients took vitamin D.',
        'Those in group B.',
        'Patients in group C did not.',
        // After a content word an initial and a label read alike: the split stays.
        'We met J.',
        'Doe.',
      ]);
      // Before a function word a letter ends its sentence, whatever stands before it.
      assert.deepEqual(splitSentences('We measured vitamins C and D. The levels rose.', 'claim'), [
        'We measured vitamins C and D.',
        'The levels rose.',
      ]);
    });

    it('a middle initial after a given name ends nothing; a labelling letter after any other capitalised word still does', () => {
      assert.deepEqual(splitSentences('The Michael J. Fox Foundation funded the trial, as shown by John A. Smith and colleagues.', 'claim'), [
        'The Michael J. Fox Foundation funded the trial, as shown by John A. Smith and colleagues.',
      ]);
      const { initials, labels } = JSON.parse(readFileSync(fixturePath('sentences', 'initials.json'), 'utf8')) as Record<string, { text: string; sentences: string[] }[]>;
      for (const { text, sentences } of [...initials!, ...labels!]) assert.deepEqual(splitSentences(text, 'claim'), sentences);
    });

    it('ends a sentence at "et al." before a capitalised word, not before a year, a bracket or a verb', () => {
      assert.deepEqual(splitSentences(
        'Attention-based encoders were first applied to parsing by Vinyals et al. Graph-based parsers remain ' +
        'competitive on long sentences. Dozat et al. (2017) agree, as Kiperwasser et al. 2016 and Chen et al. showed.', 'claim'), [
        'Attention-based encoders were first applied to parsing by Vinyals et al.',
        'Graph-based parsers remain competitive on long sentences.',
        'Dozat et al. (2017) agree, as Kiperwasser et al. 2016 and Chen et al. showed.',
      ]);
    });

    it('lets an element taken out of the text (a citation, maths, a reference) open a sentence', () => {
      const m = ELEMENT_MARK;
      assert.deepEqual(splitSentences(
        `Previous studies have shown that butyrate induces regulatory T cells in the colon. ${m} showed that the obese ` +
        `microbiome harvests more energy from the diet. The group is finite. ${m} has property (T) for all primes ${m}.`, 'claim'), [
        'Previous studies have shown that butyrate induces regulatory T cells in the colon.',
        `${m} showed that the obese microbiome harvests more energy from the diet.`,
        'The group is finite.',
        `${m} has property (T) for all primes ${m}.`,
      ]);
      // After an abbreviation it does not; one that closes a sentence is left out of both.
      assert.deepEqual(splitSentences(`Smith et al. ${m} showed it, see Fig. ${m} for it. As shown.${m} Next one. Done ${m}. ${m}`, 'claim'), [
        `Smith et al. ${m} showed it, see Fig. ${m} for it.`,
        'As shown.',
        'Next one.',
        `Done ${m}.`,
      ]);
    });
  });

  describe("'paper' style", () => {
    it('splits sentences without breaking at abbreviations, initials or decimals', () => {
      assert.deepEqual(splitSentences('As shown by Smith et al. (2019), accuracy rose to 85.5 %. See Fig. 3 for details. J. Doe agreed.', 'paper'), [
        'As shown by Smith et al. (2019), accuracy rose to 85.5 %.',
        'See Fig. 3 for details.',
        'J. Doe agreed.',
      ]);
    });

    it('keeps an enumerator with the sentence it numbers', () => {
      assert.deepEqual(splitSentences('We compare three systems. 6. Citeomatic ranks papers.', 'paper'), [
        'We compare three systems.',
        '6. Citeomatic ranks papers.',
      ]);
    });
  });

  it('a sentence opening with a number is one in both styles, a number after an abbreviation none', () => {
    const split = (text: string) => [splitSentences(text, 'claim'), splitSentences(text, 'paper')];
    assert.deepEqual(split('Growth rose in 2019. 25 patients left.'), [
      ['Growth rose in 2019.', '25 patients left.'],
      ['Growth rose in 2019.', '25 patients left.'],
    ]);
    assert.deepEqual(splitSentences('Survival was 12%. 30 patients were enrolled~\uFFFC.', 'claim'), ['Survival was 12%.', '30 patients were enrolled~\uFFFC.']);
    const numbered = 'See Fig. 3, Eq. 2, Smith et al. 2019, vol. 12, p. 4, approx. 5, No. 7, ca. 30, Sec. 4.2 and 1.5 mg, published Jan. 2020.';
    assert.deepEqual(split(numbered), [[numbered], [numbered]]);
  });

  it('the styles differ where they were tuned differently: initials, style-only abbreviations', () => {
    const split = (text: string) => [splitSentences(text, 'claim'), splitSentences(text, 'paper')];
    // One-letter initials count as abbreviations in paper text.
    assert.deepEqual(split('We met J. Doe. He agreed.')[1], ['We met J. Doe.', 'He agreed.']);
    // "U.S." is a claim-style abbreviation; "Suppl." a paper-style one.
    assert.deepEqual(split('Rates in the U.S. Army rose. They fell.')[0], ['Rates in the U.S. Army rose.', 'They fell.']);
    assert.deepEqual(split('See Suppl. Fig. 2 and Sect. 3. It holds.')[1], ['See Suppl. Fig. 2 and Sect. 3.', 'It holds.']);
  });
});

describe('tokens', () => {
  const quoted = (text: string, rules: Readonly<TokenRules>) => {
    const source = foldText(text, rules);
    return tokenize(text, rules).map((t) => [t.stem, source.slice(t.start, t.end)]);
  };
  const TEXT = "The 12M patients with Alzheimer's were treated with 5mg of it.";

  it('SCORING_TOKENS: offsets quote the original words; a number with a unit also gives the number', () => {
    assert.deepEqual(quoted(TEXT, SCORING_TOKENS), [
      ['12m', '12M'], ['12', '12M'], ['patient', 'patients'], ['alzheim', "Alzheimer's"], ['treat', 'treated'], ['5mg', '5mg'], ['5', '5mg'],
    ]);
  });

  it('TRAINED_TOKENS: the possessive is left out of the token, no bare numbers, NFKC-folded text', () => {
    assert.deepEqual(quoted(TEXT, TRAINED_TOKENS), [
      ['12m', '12m'], ['patient', 'patients'], ['alzheim', 'alzheimer'], ['treat', 'treated'], ['5mg', '5mg'],
    ]);
    // Ligatures and full-width letters fold to plain ones only under the trained rules.
    const folded = 'Eﬃcient ﬁne-tuning on two ＧＰＵｓ';
    assert.deepEqual(stems(folded, TRAINED_TOKENS), ['effici', 'fine', 'tune', 'gpu']);
    assert.deepEqual(stems(folded, SCORING_TOKENS), ['eﬃcient', 'ﬁne', 'tune', 'two', 'ｇｐｕｓ']);
  });

  it('each rule set drops its own stopwords', () => {
    const text = 'It does not work, whom will it help? Running runs ran.';
    assert.deepEqual(stems(text, SCORING_TOKENS), ['work', 'help', 'run', 'run', 'ran']);
    assert.deepEqual(stems(text, TRAINED_TOKENS), ['doe', 'work', 'whom', 'will', 'help', 'run', 'run', 'ran']);
    assert.ok(TRAINED_STOPWORDS.has('two') && !SCORING_STOPWORDS.has('two'));
    assert.ok(SCORING_STOPWORDS.has('will') && !TRAINED_STOPWORDS.has('will'));
    assert.ok(isStopword('However') && !isStopword('will'), 'isStopword reads the trained list, in any case');
  });

  it('the router sees stemmed unigrams and bigrams with their surface forms', () => {
    const { features, tokenCount, surface } = extractFeatures("Einstein's dark matter halos");
    assert.deepEqual(features, ['einstein', 'dark', 'einstein dark', 'matter', 'dark matter', 'halo', 'matter halo']);
    assert.equal(tokenCount, 4);
    assert.equal(surface.get('matter halo'), 'matter halos');
  });

  it('stem: one Porter stemmer, case-folded; numbers and the possessive', () => {
    assert.equal(stem('Running'), 'run');
    assert.equal(stem('2019'), '2019');
    assert.equal(stem('Ⅻ'), 'ⅻ');
    assert.equal(stripPossessive('Alzheimer’s'), 'Alzheimer');
  });
});
