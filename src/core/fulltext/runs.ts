// What pdfjs gives a page: positioned text runs. Below both the fragment and the layout code.
/** One pdfjs text item, in PDF user space (y grows upwards). */
export interface TextRun {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  font: string;
}

export interface PageRuns {
  number: number;
  width: number;
  height: number;
  runs: TextRun[];
}
