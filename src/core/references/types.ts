// A reference as read from wherever it lives (a \bibitem, a .bbl, a PDF's reference list, pasted
// text): its printed text, where it is, and the fields read from it. Fields are only what the
// text says; a field the text does not hold is absent, never guessed.

/** The fields of a reference, as the engine reads a .bib entry's (plain text, authors joined by " and "). */
export interface ReferenceFields {
  author?: string;
  title?: string;
  /** Journal, proceedings or other container. */
  venue?: string;
  year?: string;
  doi?: string;
  arxiv?: string;
  /** PubMed and PMC ids a biomedical reference list prints ("PMID: 40120586", "PMCID: PMC5967733"). */
  pmid?: string;
  pmcid?: string;
  url?: string;
  pages?: string;
  volume?: string;
}

export interface ReferenceItem {
  /** The number or label as printed ("12", "Smith et al. (2020)"). */
  number?: string;
  /** The cite key, where the source has one (\bibitem, .bbl). */
  key?: string;
  /** 1-based page of a PDF. */
  page?: number;
  /** 0-based line in the source text (.tex, .bbl, .txt). */
  line?: number;
  /** Offsets of the item in the source text: [start, end). */
  start?: number;
  end?: number;
  /** The reference as printed, one line of plain text. */
  text: string;
  /** Fields the source gives already structured (biblatex .bbl, GROBID TEI, \newblock blocks). */
  fields?: ReferenceFields;
  /** The \newblock blocks of a BibTeX item, in plain text: the style's own separation of its parts. */
  blocks?: string[];
  /** Emphasised text of a BibTeX item (\emph, \em, \textit) after its title's block: a style's journal or proceedings. */
  emphasised?: string[];
}

/** What a source gave: its items, and when it gave none, why. */
export interface ReferenceList {
  items: ReferenceItem[];
  /** Said to the user: no reference section, no text layer, a GROBID failure fallen back from. */
  notices: string[];
  /** How the items were read ("bbl", "biblatex", "thebibliography", "pdfjs", "grobid", "text"). */
  reader: string;
}
