// Paragraphs whose citation markers stand as MARK → sentences labelled "cites" or not, split by the
// editor's sentence splitter, with the context features.ts reads (section, place in the
// paragraph, whether the neighbours cite). Shared by the readers of the unarXive sample, the JATS
// full texts and CL-SciSumm's papers, so every corpus is labelled by the same rule.
import { tidy } from '../../src/core/latex/plainText';
import { splitSentences } from '../../src/core/text/sentences';
import type { SentenceInContext } from '../../src/core/coverage/features';
import { paperContexts, type PaperContext } from '../../src/core/coverage/paperContext';

export interface LabelledSentence extends SentenceInContext {
  cited: boolean;
  paragraph: number;
}

/** Stands in for a citation marker through splitting (a private-use character). */
export const MARK = '\uE000';

export interface MarkedParagraph {
  /** Plain text, each citation marker replaced by MARK. */
  text: string;
  section: string;
  inAbstract: boolean;
}

/**
 * Markers as every corpus leaves them: a run of markers ("[1], [2]", unarXive's "{{cite:a}},{{cite:b}}")
 * as one, and brackets holding only markers ("(e.g., [3])") gone with them, so that no corpus keeps
 * a remnant ("(e.g.,)", ",.") the others lack and the model cannot learn a corpus's markup.
 */
export function tidyMarkers(text: string): string {
  return text
    .replace(/[[(]\s*(?:e\.g\.,?|see|cf\.|reviewed in|for review,?|and|[\uE000\s,;–—-])*\uE000[\uE000\s,;–—-]*[\])]/g, MARK)
    .replace(/\uE000(?:[\s,;–—-]*\uE000)+/g, MARK);
}

/** Each paragraph's sentences in order, numbered by paragraph. */
export function labelParagraphs(paragraphs: MarkedParagraph[]): LabelledSentence[] {
  const sentences: Omit<LabelledSentence, keyof PaperContext>[] = [];
  paragraphs.forEach((p, paragraph) => {
    const split = labelled(tidyMarkers(p.text));
    split.forEach((s, index) => {
      sentences.push({
        text: s.text,
        cited: s.cited,
        section: p.section,
        inAbstract: p.inAbstract,
        index,
        count: split.length,
        previousCited: split[index - 1]?.cited ?? false,
        nextCited: split[index + 1]?.cited ?? false,
        othersCited: split.filter((other, i) => i !== index && other.cited).length,
        paragraph,
      });
    });
  });
  const contexts = paperContexts(sentences);
  return sentences.map((s, i) => ({ ...s, ...contexts[i]! }));
}

/** Sentences with their label; markers opening a sentence go back to the one before. */
function labelled(plain: string): { text: string; cited: boolean }[] {
  const out: { text: string; cited: boolean }[] = [];
  for (const sentence of splitSentences(plain, 'claim')) {
    const leading = /^[\uE000\s,;.)\]]+/.exec(sentence)?.[0] ?? '';
    const previous = out.at(-1);
    if (previous && leading.includes(MARK)) previous.cited = true;
    const text = tidy(sentence.slice(previous ? leading.length : 0).replaceAll(MARK, ' '));
    if (/\p{L}/u.test(text)) out.push({ text, cited: sentence.slice(previous ? leading.length : 0).includes(MARK) });
  }
  return out;
}

/** The sentences of a paper's paragraphs that hold at least one citation (CiteWorth's setting). */
export function inCitingParagraphs(sentences: LabelledSentence[]): LabelledSentence[] {
  const citing = new Set(sentences.filter((s) => s.cited).map((s) => s.paragraph));
  return sentences.filter((s) => citing.has(s.paragraph));
}
