// Cite-worthiness figures shared by the bench (held-apart papers) and the trainer (its
// development split): precision, recall and F1 of "needs a citation" at a threshold, average
// precision of the ranking, precision of the ten sentences ranked highest per paper, and the
// "flag every sentence" baseline.

export interface Scored {
  score: number;
  positive: boolean;
}

export interface Figures {
  precision: number;
  recall: number;
  f1: number;
  averagePrecision: number;
  top10: number;
}

export function figuresOf(papers: Scored[][], threshold: number): Figures {
  const all = papers.flat();
  const flagged = all.filter((s) => s.score >= threshold);
  const right = flagged.filter((s) => s.positive).length;
  const positives = all.filter((s) => s.positive).length;
  const precision = flagged.length ? right / flagged.length : 0;
  const recall = positives ? right / positives : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  const top10 = mean(papers.filter((p) => p.length).map((p) => precisionOfTop(p, 10)));
  return { precision, recall, f1, averagePrecision: averagePrecision(all), top10 };
}

/** Flagging every sentence: its ranking is no ranking, so AP and top-10 are the positive rate. */
export function baselineOf(papers: Scored[][]): Figures {
  const all = papers.flat();
  const rate = all.filter((s) => s.positive).length / Math.max(1, all.length);
  const perPaper = mean(papers.filter((p) => p.length).map((p) => p.filter((s) => s.positive).length / p.length));
  return { precision: rate, recall: 1, f1: (2 * rate) / (1 + rate), averagePrecision: rate, top10: perPaper };
}

function precisionOfTop(scored: Scored[], n: number): number {
  const top = [...scored].sort((a, b) => b.score - a.score).slice(0, n);
  return top.filter((s) => s.positive).length / Math.max(1, top.length);
}

function averagePrecision(scored: Scored[]): number {
  const ranked = [...scored].sort((a, b) => b.score - a.score);
  let hits = 0;
  let sum = 0;
  ranked.forEach((s, i) => {
    if (!s.positive) return;
    hits++;
    sum += hits / (i + 1);
  });
  return hits ? sum / hits : 0;
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
