// CL-SciSumm's training papers (Training-Set-2018/*/Reference_XML: 40 ACL papers as <S>
// sentences under their sections) as labelled sentences for cite-worthiness. The citations are
// plain text, so they are found by their shape: "(Brown et al., 1993; Och, 2000)", "Brown et al.
// (1993)", "Och and Ney (2002)", "[12]". The XML keeps no paragraphs: a section's sentences are
// taken in runs of PARAGRAPH, near the average paragraph of the other corpora.
import { join } from 'node:path';
import { loadClSciSumm } from './clscisumm-data';
import { labelParagraphs, MARK, type MarkedParagraph } from './labelled-sentences';
import type { TextPaper } from './jats-sentences';

const PARAGRAPH = 5;
const YEAR = String.raw`(?:19|20)\d\d[a-z]?`;
const NAME = String.raw`\p{Lu}[\p{L}'’-]+(?:\s+(?:et\s+al\.?|and\s+\p{Lu}[\p{L}'’-]+|&\s+\p{Lu}[\p{L}'’-]+))?`;
const CITATIONS = [
  new RegExp(String.raw`\((?:[^()]*?\b${YEAR}\b[^()]*?)\)`, 'gu'),
  new RegExp(String.raw`${NAME}\s*\(${YEAR}(?:[,;]\s*${YEAR})*\)`, 'gu'),
  /\[\d+(?:\s*[,–-]\s*\d+)*\]/g,
];

export function readClSciSummPapers(data: string): TextPaper[] {
  const { papers } = loadClSciSumm(join(data, 'cl-scisumm'), 'train');
  return [...papers.values()]
    .map((paper) => {
      const paragraphs: MarkedParagraph[] = [];
      let run: string[] = [];
      let section = '';
      const flush = () => {
        if (run.length) paragraphs.push({ text: run.join(' '), section, inAbstract: section === 'Abstract' });
        run = [];
      };
      for (const s of paper.sentences) {
        if (s.section !== section || run.length === PARAGRAPH) flush();
        section = s.section;
        run.push(marked(s.text));
      }
      flush();
      return { id: paper.id, corpus: 'cl-scisumm', sentences: labelParagraphs(paragraphs) };
    })
    .filter((p) => p.sentences.some((s) => s.cited));
}

function marked(sentence: string): string {
  return CITATIONS.reduce((text, pattern) => text.replace(pattern, MARK), sentence);
}
