// The name a mistyped one most likely meant ("fnd" → "find", "--jsn" → "--json"), for the CLI's
// "did you mean" hints. Plain edit distance over a handful of names: no library needed for that.

/** Insertions, deletions, substitutions and swaps of two neighbours ("audti") that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j]!, before[j - 2]! + 1);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The closest of `names` to `typed`, or undefined when none is close: at most a third of the name
 * wrong (one letter in a short one), or the typed text the start of exactly one name ("cov" → "coverage").
 */
export function nearestName(typed: string, names: readonly string[]): string | undefined {
  const lower = typed.toLowerCase();
  const prefixed = names.filter((name) => lower.length >= 2 && name.startsWith(lower));
  if (prefixed.length === 1) return prefixed[0];
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(lower, name);
    if (!best || distance < best.distance) best = { name, distance };
  }
  const allowed = Math.max(1, Math.floor(typed.length / 3));
  return best && best.distance <= allowed ? best.name : undefined;
}
