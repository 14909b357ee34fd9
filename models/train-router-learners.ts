// The two learners behind models/train-router.ts, both over sparse binary features and both
// giving per-feature, per-class weights that add up (so train-router.ts can blend them into one
// table): a softmax (multinomial logistic) regression, fitted by AdaGrad over a seeded shuffle so
// that the same examples always give the same weights, and a multinomial Naive Bayes.

export interface Example {
  /** Indices of the features present. */
  features: number[];
  label: number;
}

export interface Hyper {
  l2: number;
  epochs: number;
  /** 0 = every example counts 1; 1 = classes weighted to equal total mass; 0.5 = in between. */
  balance: number;
}

/** Mulberry32: a tiny seeded generator, so the example order is the same on every run. */
function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Softmax regression by AdaGrad over a seeded shuffle, with L2 applied to the weights it touches. */
export function fitWeights(examples: Example[], nFeatures: number, nClasses: number, { l2, epochs, balance }: Hyper) {
  const weights = new Float64Array(nFeatures * nClasses);
  const bias = new Float64Array(nClasses);
  const squares = new Float64Array(nFeatures * nClasses).fill(1e-8);
  const biasSquares = new Float64Array(nClasses).fill(1e-8);
  const perClass = Array.from({ length: nClasses }, (_, c) => examples.filter((e) => e.label === c).length);
  const classWeight = perClass.map((n) => (examples.length / nClasses / n) ** balance);
  const order = examples.map((_, i) => i);
  const random = seededRandom(20260510);
  const rate = 0.2;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const index of order) {
      const { features, label } = examples[index]!;
      const logits = Array.from(bias);
      for (const f of features) for (let c = 0; c < nClasses; c++) logits[c]! += weights[f * nClasses + c]!;
      const p = softmaxOf(logits);
      for (let c = 0; c < nClasses; c++) {
        const g = classWeight[label]! * (p[c]! - (c === label ? 1 : 0));
        biasSquares[c]! += g * g;
        bias[c]! -= (rate * g) / Math.sqrt(biasSquares[c]!);
        for (const f of features) {
          const k = f * nClasses + c;
          const gk = g + l2 * weights[k]!;
          squares[k]! += gk * gk;
          weights[k]! -= (rate * gk) / Math.sqrt(squares[k]!);
        }
      }
    }
  }
  return { weights, bias };
}

function softmaxOf(logits: number[]): number[] {
  const max = Math.max(...logits);
  const exps = logits.map((z) => Math.exp(z - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/**
 * Naive Bayes log-likelihoods per feature and class, Dirichlet-smoothed towards the pooled
 * distribution (a small class such as mathematics does not get the inflated weights for unseen
 * terms that add-one smoothing would give it). Regression weights are discriminative and sparse
 * where data are few; these fill in every term seen in training with a generative estimate.
 */
export function fitNaiveBayes(examples: Example[], nFeatures: number, nClasses: number, mu: number): Float64Array {
  const counts = new Float64Array(nFeatures * nClasses);
  const totals = new Float64Array(nClasses);
  const pooled = new Float64Array(nFeatures);
  for (const { features, label } of examples) {
    for (const f of features) {
      counts[f * nClasses + label]! += 1;
      pooled[f]! += 1;
    }
    totals[label]! += features.length;
  }
  const grandTotal = totals.reduce((a, b) => a + b, 0);
  const weights = new Float64Array(nFeatures * nClasses);
  for (let f = 0; f < nFeatures; f++) {
    const background = (pooled[f]! + 1) / (grandTotal + nFeatures);
    for (let c = 0; c < nClasses; c++) {
      weights[f * nClasses + c] = Math.log((counts[f * nClasses + c]! + mu * background) / (totals[c]! + mu));
    }
  }
  return weights;
}
