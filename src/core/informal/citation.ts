// What an informal citation is, shared by the mention recogniser and the reference-line parser.
export interface TextSpan {
  start: number;
  end: number;
}

export interface InformalCitation {
  /** Family names, first author first. */
  authors: string[];
  year?: number;
  /** Title words when the citation names them ("the BERT paper", a reference line's title). */
  titleWords?: string;
  /** 'bare': the mention stands for the citation; 'in-sentence': the names are part of the prose. */
  kind: 'bare' | 'in-sentence';
  /** The whole mention, as offsets into the selection. */
  span: TextSpan;
  /** The year with its parentheses or leading space, for an in-sentence mention (what \cite replaces). */
  yearSpan?: TextSpan;
}
