// The medians the benches report. `median` takes the upper middle of an even count, `lowerMedian`
// the lower one (the pipeline and builds benches, whose figures were always reported that way);
// for an odd count, as most benches take, the two are the same.

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** NaN for no values. */
export function lowerMedian(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : NaN;
}
