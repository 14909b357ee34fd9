// The cite-worthiness model's training papers, by corpus, and their split by paper into training
// and development papers (models/train-citeworthiness.ts). The unarXive sample's held-apart papers
// (every fifth by id, bench/citeworthiness.ts) are never read here.
import { readClSciSummPapers } from '../bench/lib/clscisumm-sentences';
import { readJats, type TextPaper } from '../bench/lib/jats-sentences';
import { isHeldApart, readUnarxive } from '../bench/lib/unarxive-sentences';

export interface Split {
  train: TextPaper[];
  dev: TextPaper[];
}

/** Every DEV_EVERY[corpus]-th paper of a corpus (in id order) is a development paper. */
const DEV_EVERY: Record<string, number> = { unarxive: 4, 'cl-scisumm': 5 };
const DEV_EVERY_OTHER = 10;

export function readTrainingPapers(data: string): Split {
  const arxiv = readUnarxive(data);
  const unarxive = arxiv.filter((p) => !isHeldApart(p, arxiv)).map((p) => ({ id: p.id, corpus: 'unarxive', sentences: p.sentences }));
  const corpora = [unarxive, readClSciSummPapers(data), readJats(data)];
  const split: Split = { train: [], dev: [] };
  for (const papers of corpora) {
    papers.forEach((paper, i) => {
      const every = DEV_EVERY[paper.corpus] ?? DEV_EVERY_OTHER;
      (i % every === 0 ? split.dev : split.train).push(paper);
    });
  }
  return split;
}

export function describe(papers: TextPaper[]): string {
  const corpora = [...new Set(papers.map((p) => p.corpus))];
  return corpora
    .map((corpus) => {
      const of = papers.filter((p) => p.corpus === corpus);
      const sentences = of.flatMap((p) => p.sentences);
      return `${corpus} ${of.length} papers, ${sentences.length} sentences (${sentences.filter((s) => s.cited).length} cite)`;
    })
    .join('; ');
}
