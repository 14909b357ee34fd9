// Is a citation citefinder inserted still there? The results panel follows the document: after
// an undo (or any edit) removes the \cite, the card must stop saying "cited as …".
import { citationSites } from '../latex/citeSites';
import { indexBibFile } from './bibUpdate';

/** True when some \cite-family command of `texText` (comments aside) cites `key`. */
export function citesKey(file: string, texText: string, key: string): boolean {
  return citationSites(file, texText).some((site) => site.key === key);
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
