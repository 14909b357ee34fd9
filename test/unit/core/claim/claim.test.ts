import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ClaimError, MAX_CLAIM_WORDS, parseClaim } from '../../../../src/core/claim';
import { readDocumentContext, SECTION_CONTEXT_CHARS } from '../../../../src/core/claim/context';
import { fixturePath } from '../../../standin/server';
import { heuristicQueries } from '../../../../src/core/queries/keyphrases';

const paper = readFileSync(fixturePath('latex', 'paper.tex'), 'utf8');

describe('readDocumentContext', () => {
  it('reads the title without its \\thanks, and the abstract without math or comments', () => {
    const context = readDocumentContext(paper);
    assert.equal(context.title, 'Cosmic Acceleration from Type Ia Supernovae');
    assert.equal(
      context.abstract,
      'We revisit the evidence that the expansion of the Universe is accelerating. Using 42 high-redshift Type Ia ' +
        'supernovae (SNe Ia) and the light-curve shape method, we find at high confidence.',
    );
    assert.equal(context.sectionTitle, undefined);
  });

  it('reads the subsection around the selection, with its parent section', () => {
    const offset = paper.indexOf('Observations of distant');
    const context = readDocumentContext(paper, offset);
    assert.equal(context.sectionTitle, 'Methods / Light-curve fitting');
    assert.match(context.sectionText!, /^We fit each light curve with a stretch-corrected template, following\. The distance modulus is/);
    assert.match(context.sectionText!, /Dust extinction is corrected with the Cardelli law \(Eq\.\)\.$/);
    assert.doesNotMatch(context.sectionText!, /Evolution of the progenitor|mu = /);
  });

  it('reads a top-level section', () => {
    const context = readDocumentContext(paper, paper.indexOf('The data favour'));
    assert.equal(context.sectionTitle, 'Results');
    assert.equal(context.sectionText, 'The data favour a cosmological constant over grey dust, see Fig.');
  });

  it('keeps a window of the section centred on the selection', () => {
    const filler = (tag: string) => Array.from({ length: 400 }, (_, i) => `${tag}${i}`).join(' ');
    const document = `\\section{Long}\n${filler('before')} The selected claim is here. ${filler('after')}\n\\section{Next}\nOther.`;
    const context = readDocumentContext(document, document.indexOf('The selected claim'));
    assert.ok(context.sectionText!.length <= SECTION_CONTEXT_CHARS);
    assert.ok(context.sectionText!.length > SECTION_CONTEXT_CHARS - 20);
    assert.match(context.sectionText!, /The selected claim is here/);
    assert.match(context.sectionText!, /before3\d\d/);
    assert.match(context.sectionText!, /after\d/);
  });

  it('survives a document that does not parse', () => {
    const broken = '\\title{Half \\emph{written}\n\\begin{abstract} An abstract $x\n\\section{Intro}\nText } here.';
    // One paragraph that parses in no way: its words are kept as the section text, no more.
    assert.deepEqual(readDocumentContext(broken, broken.indexOf('Text')), { sectionText: 'Half written An abstract x Intro Text here.' });
  });

  it('reads all the groups of A&A\'s structured \\abstract{context}{aims}{methods}{results}{conclusions}', () => {
    const aa = readFileSync(fixturePath('latex', 'aa-structured.tex'), 'utf8');
    const abstract = readDocumentContext(aa).abstract!;
    assert.match(abstract, /^Swift data are revolutionising our understanding of Gamma Ray Bursts\. Since bursts fade rapidly/);
    assert.match(abstract, /\. To provide the community with an online repository .* We have produced a suite of programs/);
    assert.match(abstract, /within minutes of the data arriving at the UK Swift Science Data Centre\.$/);
  });

  it('recovers title, abstract and section from the paragraphs that do parse', () => {
    const broken = '\\title{Half \\emph{written}}\n\n\\begin{abstract} An abstract $x\n\\end{abstract}\n\n\\section{Intro}\nText } here.';
    assert.deepEqual(readDocumentContext(broken, broken.indexOf('Text')), {
      title: 'Half written',
      abstract: 'An abstract',
      sectionTitle: 'Intro',
      sectionText: 'Text here.',
    });
  });
});

describe('parseClaim', () => {
  it('strips LaTeX, splits sentences and reads the context', () => {
    const selection = 'Observations of distant Type~Ia supernovae indicate that the expansion of the universe is accelerating \\parencite{riess1998}.\nDust extinction is corrected with the Cardelli law (Eq.~\\eqref{eq:mu}).';
    const claim = parseClaim(selection, paper);
    assert.equal(claim.source, selection);
    assert.deepEqual(claim.sentences, [
      'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.',
      'Dust extinction is corrected with the Cardelli law.',
    ]);
    assert.equal(claim.text, claim.sentences.join(' '));
    assert.equal(claim.context.sectionTitle, 'Methods / Light-curve fitting');
    assert.equal(claim.context.title, 'Cosmic Acceleration from Type Ia Supernovae');
  });

  it('drops the words that name the manuscript\'s own figures, tables and sections with their \\ref', () => {
    const cases: [string, string][] = [
      ['As shown in Fig.~\\ref{fig:loss}, the training loss decreases.', 'As shown in, the training loss decreases.'],
      ['Transformers beat recurrent networks on long sequences (Table~\\ref{tab:res}).', 'Transformers beat recurrent networks on long sequences.'],
      ['The periodic table was proposed by Mendeleev (see Section~\\ref{sec:history}).', 'The periodic table was proposed by Mendeleev.'],
      ['The bound follows from Lemma \\ref{lem:a} and Eq.~(\\ref{eq:b}).', 'The bound follows from and.'],
    ];
    for (const [selection, text] of cases) assert.equal(parseClaim(selection).text, text, selection);
    // Their names are no topic to search for; a table that is the topic stays.
    const queries = heuristicQueries(parseClaim(cases[2]![0]).sentences).flatMap((q) => q.keywords);
    assert.deepEqual(queries.filter((k) => /section|see/i.test(k)), []);
    assert.ok(queries.some((k) => /table/.test(k)), queries.join(' '));
  });

  it('reads a chapter with its root: the root\'s title and abstract, and its display-math macros', () => {
    const root = paper.replace('\\begin{document}', '\\newcommand{\\be}{\\begin{equation}}\n\\newcommand{\\ee}{\\end{equation}}\n\\begin{document}');
    const chapter = '\\section{Light curves}\nThe distance modulus of each supernova follows from its peak magnitude,\n\\be \\mu = m - M \\ee\ncorrected for the width of its light curve.\n';
    const selection = chapter.split('\n').slice(1, 4).join('\n');
    const alone = parseClaim(selection, chapter, chapter.indexOf(selection));
    assert.equal(alone.context.title, undefined);
    assert.match(alone.text, /= m - M|mu/, 'without the root, the equation reads as words');
    const claim = parseClaim(selection, chapter, chapter.indexOf(selection), root);
    assert.equal(claim.text, 'The distance modulus of each supernova follows from its peak magnitude, corrected for the width of its light curve.');
    assert.equal(claim.context.title, 'Cosmic Acceleration from Type Ia Supernovae');
    assert.ok(claim.context.abstract);
    assert.equal(claim.context.abstract, readDocumentContext(paper).abstract);
    assert.equal(claim.context.sectionTitle, 'Light curves', 'the section is the chapter\'s');
  });

  it('has an empty context without a document', () => {
    assert.deepEqual(parseClaim('Smoking causes lung cancer.').context, {});
  });

  it('rejects an empty selection with a clear message', () => {
    for (const empty of ['', '   \n\t']) {
      assert.throws(() => parseClaim(empty), (e: unknown) => e instanceof ClaimError && e.code === 'empty' && /empty/.test(e.message));
    }
  });

  it('rejects a selection with no prose left', () => {
    assert.throws(
      () => parseClaim('$E = mc^2$ \\cite{einstein1905} % note'),
      (e: unknown) => e instanceof ClaimError && e.code === 'no-text' && /no text left/.test(e.message),
    );
  });

  it('rejects a 5,000-word claim, naming the limit', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `word${i}`).join(' ');
    assert.throws(
      () => parseClaim(words),
      (e: unknown) => e instanceof ClaimError && e.code === 'too-long' && /5,000 words.*1,000/.test(e.message),
    );
    const atLimit = Array.from({ length: MAX_CLAIM_WORDS }, () => 'cells').join(' ');
    assert.equal(parseClaim(atLimit).text.split(' ').length, MAX_CLAIM_WORDS);
  });

  it('rejects a huge raw selection before parsing it', () => {
    assert.throws(() => parseClaim('x '.repeat(200_000)), (e: unknown) => e instanceof ClaimError && e.code === 'too-long');
  });
});

describe('readDocumentContext on a long, broken manuscript', () => {
  it('still finds the title, the abstract and the right section', () => {
    const body = paper.slice(paper.indexOf('\\section{Introduction}'), paper.indexOf('\\end{document}'));
    // 30 copies push it past the whole-document repair budget; unbalanced braces break every parse.
    const long = paper.replace('\\end{document}', body.repeat(30) + '\\section{Broken}\nAn \\emph{unclosed group and $math\n\n\\section{Last}\nThe final claim sits here.\n\\end{document}');
    const context = readDocumentContext(long, long.indexOf('The final claim'));
    assert.equal(context.title, 'Cosmic Acceleration from Type Ia Supernovae');
    assert.match(context.abstract!, /^We revisit the evidence/);
    assert.equal(context.sectionTitle, 'Last');
    assert.equal(context.sectionText, 'The final claim sits here.');
  });
});
