// Offsets to 0-based lines and characters, for every reader that reports where it found something.

/** A position in a file, 0-based like the editor's (the CLI adds 1 to both). */
export interface SourcePosition {
  line: number;
  character: number;
}

export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

export function positionOf(starts: number[], offset: number): SourcePosition {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low, character: offset - starts[low]! };
}
