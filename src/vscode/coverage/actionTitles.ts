// The code actions' titles on a listed claim. A named theorem is listed by its title, which is no
// sentence: its actions say "theorem", so the writer knows the search is for the result it names.
// Kept free of `vscode` so that the wording is tested outside the editor.
import type { SentenceCoverage } from '../../core/coverage';

export interface ClaimActionTitles {
  find: string;
  dismiss: string;
}

export function claimActionTitles(s: Pick<SentenceCoverage, 'role'>): ClaimActionTitles {
  const what = s.role === 'named result' ? 'theorem' : 'sentence';
  return { find: `Find citations for this ${what}`, dismiss: `Dismiss: this ${what} needs no citation` };
}
