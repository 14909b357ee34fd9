// Area under the ROC curve, for the benches that measure separation without a threshold.

export interface Scored {
  s: number;
  positive: boolean;
}

/** The chance a positive scores above a negative (ties count half); rank-based, O(n log n). */
export function auc(scored: Scored[]): number {
  const sorted = [...scored].sort((a, b) => a.s - b.s);
  let positives = 0;
  let rankSum = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j]!.s === sorted[i]!.s) j++;
    const midRank = (i + 1 + j) / 2; // tied scores share their mean rank
    for (let k = i; k < j; k++) {
      if (!sorted[k]!.positive) continue;
      positives++;
      rankSum += midRank;
    }
    i = j;
  }
  const negatives = sorted.length - positives;
  return positives && negatives ? (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives) : 0.5;
}
