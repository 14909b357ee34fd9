// Figure and table captions on the pdfjs path: a block that starts with "Figure 3:",
// "Fig. 2", "Table 1." and runs on in the same size. Taken out before paragraphs are built, so
// a caption set between two halves of a paragraph does not end up inside it.
import type { Line } from './layout';
import { looksLikeCaption } from './text';
import type { Style } from './headings';

export function takeCaptions(lines: Line[], style: Style): { captions: Line[][]; rest: Line[] } {
  const captions: Line[][] = [];
  const rest: Line[] = [];
  let current: Line[] | undefined;
  for (const line of lines) {
    const last = current?.at(-1);
    if (current && last && continuesCaption(last, line, style)) {
      current.push(line);
      continue;
    }
    current = undefined;
    if (looksLikeCaption(line.text) && line.size <= style.size + 0.5) {
      current = [line];
      captions.push(current);
    } else {
      rest.push(line);
    }
  }
  return { captions, rest };
}

function continuesCaption(last: Line, line: Line, style: Style): boolean {
  const dy = last.y - line.y;
  return (
    line.page === last.page &&
    line.column === last.column &&
    Math.abs(line.size - last.size) < 0.3 &&
    dy > 0 &&
    dy <= Math.max(style.leading, last.size * 1.3) * 1.3 &&
    !looksLikeCaption(line.text)
  );
}
