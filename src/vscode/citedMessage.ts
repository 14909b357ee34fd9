// What "Cite by DOI" says after it inserted: which command and key, which work (title, first
// author, year, venue), where its entry went, and whose BibTeX it is when a preprint named by its
// id got its journal version's (as `citefinder lookup` says). No `vscode` import, so it is unit-tested.
import * as path from 'node:path';
import type { Candidate } from '../core/types';
import { bibtexVersionNote } from '../core/works/versionNote';

export interface InsertedCitation {
  key: string;
  command: string;
  bibFile: string;
  reused: boolean;
  notes: string[];
}

export function citedMessage(candidate: Candidate, inserted: InsertedCitation): string {
  const first = candidate.authors[0];
  const byline = [first ? `${first}${candidate.authors.length > 1 ? ' et al.' : ''}` : '', candidate.year ? String(candidate.year) : ''].filter(Boolean).join(', ');
  const work = `"${candidate.title}"${byline ? ` (${byline}${candidate.venue ? `; ${candidate.venue}` : ''})` : ''}`;
  const bib = path.basename(inserted.bibFile);
  const where = inserted.reused ? `its entry was already in ${bib}` : `its entry was added to ${bib}`;
  const version = bibtexVersionNote(candidate);
  const notes = [...inserted.notes, ...(candidate.bibtexNote ? [candidate.bibtexNote] : []), ...(version ? [version] : [])];
  return `Citefinder: inserted ${inserted.command}{${inserted.key}}, ${work}; ${where}.${notes.length ? ` Note: ${notes.join('; ')}.` : ''}`;
}
