// "Cite by DOI, arXiv ID, PMID or URL": an identifier typed in an input box (or selected in the text)
// → the authority's record and BibTeX → the normal insert flow, so the \cite and the .bib entry
// land exactly where "Insert citation" puts them, in one undoable edit. An identifier nobody has
// says so, a service that fails is named, and nothing is inserted.
import { citedMessage } from './citedMessage';
import * as vscode from 'vscode';
import type { CiteOutcome } from '../core/works/cite';
import { insertCitation, type InsertOutcome } from './insertCitation';
import { loadHeavy } from './lazy';
import { log } from './log';
import type { SearchOrigin } from './searchController';
import type { Settings } from '../core/settings/index';

export const CITE_BY_ID_COMMAND = 'citefinder.citeByIdentifier';

/** Where the citation goes: after the text before the cursor, or in place of a selected identifier. */
function originAt(editor: vscode.TextEditor, replaceSelection: boolean): SearchOrigin | undefined {
  const document = editor.document;
  const cursor = editor.selection.isEmpty || replaceSelection ? editor.selection.start : editor.selection.end;
  const lineStart = document.offsetAt(new vscode.Position(cursor.line, 0));
  const end = document.offsetAt(cursor);
  const before = document.getText().slice(lineStart, end);
  if (!/\S/.test(before)) return undefined;
  const origin: SearchOrigin = { uri: document.uri, selection: before, start: lineStart, end };
  if (replaceSelection) {
    // The space before the identifier goes too: the citation is joined to the words with `~`.
    const offset = lineStart + before.trimEnd().length;
    const replacedText = document.getText().slice(offset, document.offsetAt(editor.selection.end));
    return { ...origin, replace: { offset, length: replacedText.length }, replacedText };
  }
  return origin;
}

export interface CiteByIdOptions {
  settings: () => Settings;
  memento: vscode.Memento;
  /** The identifier, when it is known already (the code action's selection). */
  identifier?: string;
  /** Replace the selection (an identifier) by the citation. */
  replaceSelection?: boolean;
}

export async function citeByIdentifierCommand(options: CiteByIdOptions): Promise<InsertOutcome | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showWarningMessage('Citefinder: open the LaTeX file and put the cursor where the citation goes.');
    return undefined;
  }
  const core = await loadHeavy();
  const text = options.identifier ?? (await askForIdentifier(core.parseIdentifier));
  if (!text) return undefined;
  const origin = originAt(editor, options.replaceSelection ?? false);
  if (!origin) {
    void vscode.window.showWarningMessage('Citefinder: put the cursor after the words the citation belongs to.');
    return undefined;
  }
  const settings = options.settings();
  const outcome = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Citefinder: looking up ${text.trim()}`, cancellable: true },
    (_progress, token) => lookup(text, settings, token),
  );
  if (!outcome) return undefined;
  if (outcome.status === 'not-found') {
    void vscode.window.showErrorMessage(`Citefinder: ${outcome.message} Nothing was inserted.`);
    return undefined;
  }
  const inserted = await insertCitation(outcome.candidate, origin, options.memento);
  // Say what went in: the command and key, the work, and where its entry is.
  if (inserted) void vscode.window.showInformationMessage(citedMessage(outcome.candidate, inserted));
  return inserted;
}

async function lookup(text: string, settings: Settings, token: vscode.CancellationToken): Promise<CiteOutcome | undefined> {
  const controller = new AbortController();
  const subscription = token.onCancellationRequested(() => controller.abort());
  try {
    const core = await loadHeavy();
    return await core.citeByIdentifier(text, { settings, http: core.createHttpClient(settings), signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted) return undefined;
    const message = error instanceof Error ? error.message : String(error);
    log(`Cite by identifier failed for ${text}: ${message}`);
    void vscode.window.showErrorMessage(`Citefinder: could not look up ${text.trim()}: ${message} Nothing was inserted.`);
    return undefined;
  } finally {
    subscription.dispose();
  }
}

async function askForIdentifier(parse: (text: string) => unknown): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: 'Cite by DOI, arXiv ID, PMID or URL',
    prompt:
      'A DOI (10.1086/307221, doi:…, https://doi.org/…), an arXiv id (2004.07180, astro-ph/9812133v1, arXiv:…, abs/pdf link), ' +
      'a PMID or PMCID (40120586, PMID:40120586, PMC5967733, a PubMed or PMC link) or a bioRxiv/medRxiv link',
    placeHolder: '10.1086/307221',
    ignoreFocusOut: true,
    validateInput: (value) => (!value.trim() || parse(value) ? undefined : 'Not a DOI, an arXiv id, a PMID or PMCID, or a doi.org, arXiv, bioRxiv, medRxiv, PubMed or PMC link.'),
  });
}
