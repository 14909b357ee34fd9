// References wherever they live, read into items (readers by kind of file) and checked with the
// .bib engine (check.ts). Reading never writes anything; a source without references says why.
import { basename, extname } from 'node:path';
import type { CoreDeps } from '../deps';
import { encodingNote } from '../manuscript/latexSource';
import { biblatexItems, isBiblatexBbl } from './biblatexBbl';
import { hasThebibliography, thebibliographyReading } from './bibitems';
import { pastedItems } from './pasted';
import { crossrefParentsNotice } from './crossrefParents';
import { pdfReferences } from './pdf';
import { teiItems } from './tei';
import { isJatsArticle, jatsItems } from './jats';
import type { ReferenceList } from './types';

export type { ReferenceFields, ReferenceItem, ReferenceList } from './types';
export { checkReferences, type CheckedReference, type ReferenceCheck } from './check';
export { fieldsOfItem } from './fields';
export { unidentifiedWhy } from './untitled';
export { thebibliographyItems, hasThebibliography } from './bibitems';
export { pastedItems } from './pasted';
export { teiItems } from './tei';
export { jatsItems } from './jats';

/**
 * The references of a LaTeX, XML or text source: a JATS article's ref-list (PMC's .nxml), GROBID's
 * TEI, a .bbl (BibTeX or biber), thebibliography of a .tex, else one per line, paragraph or number.
 */
export function textReferences(text: string, kind: string): ReferenceList {
  const xml = kind === '.xml' || kind === '.nxml' || /^\s*<\?xml|<TEI[\s>]|<article[\s>]/.test(text.slice(0, 500));
  if (xml && isJatsArticle(text)) return jatsItems(text);
  if (xml) return teiItems(text);
  if (isBiblatexBbl(text)) return { items: biblatexItems(text), notices: [], reader: 'biblatex' };
  if (hasThebibliography(text)) {
    const { items, crossrefParents } = thebibliographyReading(text);
    // BibTeX printed these volumes because entries cross-reference them: no work of their own to check.
    return { items, notices: crossrefParentsNotice(crossrefParents), reader: kind === '.bbl' ? 'bbl' : 'thebibliography' };
  }
  if (kind === '.tex' || kind === '.bbl') return { items: [], notices: [`The ${kind} file has no thebibliography environment (no \\bibitem).`], reader: kind.slice(1) };
  return { items: pastedItems(text), notices: [], reader: 'text' };
}

/** A file's contents as the readers take them: a PDF's bytes, or any other file's text, decoded once. */
export type ReferenceSource = { pdf: Uint8Array } | { text: string; kind: string };

/** What the file `file` holds: a PDF by its extension or its magic bytes, else text (its extension, `kind`, picks the reader). */
export function referenceSource(file: string, bytes: Uint8Array): ReferenceSource {
  const kind = extname(file).toLowerCase();
  return kind === '.pdf' || isPdf(bytes) ? { pdf: bytes } : { text: new TextDecoder().decode(bytes), kind };
}

/**
 * The references of a source referenceSource read (a caller that looks at the text first decodes it only once).
 * A list that is not UTF-8 (a .bbl BibTeX wrote from a Latin-1 .bib) loses its accented names to U+FFFD: its
 * notices say so first, under `shownName`, so that every report of the list carries it.
 */
export async function sourceReferences(source: ReferenceSource, deps: CoreDeps, shownName: string): Promise<ReferenceList> {
  if ('pdf' in source) return pdfReferences(source.pdf, deps);
  const list = textReferences(source.text, source.kind);
  const note = encodingNote(source.text, shownName);
  return note ? { ...list, notices: [note, ...list.notices] } : list;
}

/** The references of a file's bytes, by its extension; notices name the file by its base name. */
export async function readReferences(file: string, bytes: Uint8Array, deps: CoreDeps): Promise<ReferenceList> {
  return sourceReferences(referenceSource(file, bytes), deps, basename(file));
}

/** A PDF by its magic bytes, whatever its name. */
function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > 4 && String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';
}
export { LIST_SOURCES, referencesOfWork, type WorkReferences, type ListSource } from './ofWork';
