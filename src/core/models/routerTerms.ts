// The router's term weights, and the form they ship in (router.json): the terms, sorted, as one
// string and their small integer weights as one base64 block of bytes, read on first use. As
// 40,000 JSON arrays they were the CLI bundle's largest part (1.2 MB) and cost every new process
// ~50 ms to load before anything ran (docs/measurements.md).

/** Each term's integer weight per class, in the model's class order. */
export interface TermWeights {
  has(term: string): boolean;
  /** A new array each call: the caller may scale it. */
  get(term: string): number[] | undefined;
  readonly size: number;
  entries(): Iterable<[string, number[]]>;
}

/** The shipped form: the terms joined by newlines, and all their weights, row by row, as signed bytes in base64. */
export interface PackedTerms {
  termList: string;
  weights: string;
}

/** Packs terms whose weights are integers within a signed byte (what training writes), in code-unit order. */
export function packTerms(terms: TermWeights, classes: number): PackedTerms {
  const names: string[] = [];
  const bytes = new Int8Array(terms.size * classes);
  let row = 0;
  const sorted = [...terms.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [term, weights] of sorted) {
    if (term.includes('\n') || weights.length !== classes) throw new Error(`router term "${term}" cannot be packed`);
    weights.forEach((w, c) => {
      if (!Number.isInteger(w) || w < -128 || w > 127) throw new Error(`router term "${term}" has weight ${w}, outside a signed byte`);
      bytes[row * classes + c] = w;
    });
    names.push(term);
    row++;
  }
  return { termList: names.join('\n'), weights: Buffer.from(bytes.buffer).toString('base64') };
}

/**
 * The lookup over a packed table. The terms are in code-unit order, so a term is found by binary
 * search in the split list: no Map of 40,000 entries to build (~18 ms) before the first routing.
 */
export function unpackTerms(packed: PackedTerms, classes: number): TermWeights {
  let names: string[] | undefined;
  let weights: Int8Array | undefined;
  const table = () => {
    if (!names) {
      const bytes = Buffer.from(packed.weights, 'base64');
      weights = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      names = packed.termList ? packed.termList.split('\n') : [];
      if (weights.length !== names.length * classes) throw new Error('router.json: terms and weights disagree');
    }
    return { names, weights: weights! };
  };
  const indexOf = (term: string): number => {
    const { names } = table();
    let [low, high] = [0, names.length - 1];
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const name = names[middle]!;
      if (name === term) return middle;
      if (name < term) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  };
  const row = (i: number) => Array.from(table().weights.subarray(i * classes, (i + 1) * classes));
  return {
    has: (term) => indexOf(term) >= 0,
    get: (term) => {
      const i = indexOf(term);
      return i < 0 ? undefined : row(i);
    },
    get size() {
      return table().names.length;
    },
    *entries() {
      const { names } = table();
      for (let i = 0; i < names.length; i++) yield [names[i]!, row(i)];
    },
  };
}

/** A lookup over terms held as a plain record (a model being trained). */
export function termWeightsOf(record: Record<string, number[]>): TermWeights {
  const map = new Map(Object.entries(record));
  return {
    has: (term) => map.has(term),
    get: (term) => {
      const weights = map.get(term);
      return weights && [...weights];
    },
    size: map.size,
    entries: () => [...map].map(([term, weights]) => [term, [...weights]] as [string, number[]]),
  };
}
