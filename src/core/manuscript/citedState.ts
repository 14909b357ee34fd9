// Is a citation citefinder inserted still there? The results panel follows the document: after
// an undo (or any edit) removes the \cite, the card must stop saying "cited as …".
import { citationSites, lineStarts } from '../latex/citeSites';
import { locateClaim } from './citeInsert';
import { indexBibFile } from './bibUpdate';

/** True when some \cite-family command of `texText` (comments aside) cites `key`. */
export function citesKey(file: string, texText: string, key: string): boolean {
  return citationSites(file, texText).some((site) => site.key === key);
}

/**
 * Whether the sentence whose LaTeX source was `source` (listed at `start`) still cites `key` where an
 * insert puts it, right after its words: the same work cited in two sentences, one undone, leaves
 * the other cited and this one not. Undefined when the sentence is not found any more (a mention
 * that became `\citet{…}` no longer reads as it did): the caller then asks `citesKey`.
 */
export function sentenceCitesKey(file: string, texText: string, source: string, start: number, key: string): boolean | undefined {
  const claim = locateClaim(texText, source, start);
  if (!claim) return undefined;
  const starts = lineStarts(texText);
  // "…accelerating~\citep{key}.": the command starts a tie or a space after the words.
  return citationSites(file, texText).some((site) => {
    const at = starts[site.commandRange.start.line]! + site.commandRange.start.character;
    return site.key === key && at >= claim.start && at <= claim.end + 2;
  });
}

/** True when the .bib text has an entry with this key. */
export function bibHasKey(bibText: string, key: string): boolean {
  return indexBibFile(bibText).some((entry) => entry.key === key);
}

export interface CitedState {
  cited: boolean;
  /** Undefined when no .bib entry was added by the insert (an existing one was reused). */
  entryPresent?: boolean;
}

/** What the panel should say about one insert, from the current texts. */
export function citedStateMessage(key: string, texName: string, bibName: string, state: CitedState): string | undefined {
  if (!state.cited) {
    const entry = state.entryPresent === false ? ` and its entry is no longer in ${bibName}` : '';
    return `${key} is no longer cited in ${texName}${entry} (undone).`;
  }
  if (state.entryPresent === false) return `${key} is cited in ${texName}, but its entry is no longer in ${bibName}.`;
  return undefined;
}
