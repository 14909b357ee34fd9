// In the extension host: the lightbulb on a selected claim, and the choices of .bib file —
// a QuickPick among several (remembered per workspace), and the offer to create references.bib
// when the manuscript has no bibliography yet.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FindResult } from '../../src/core/types';
import { CREATE_BIB_ACTION } from '../../src/vscode/bibTarget';
import { fixturePath } from '../standin/server';
import { api, deleteTempDirsAfterEach, selectClaim, tempDir, useStandIn } from './helpers';

const CLAIM = 'The discovery of cosmic acceleration reshaped cosmology.';

/** The test manuscript with `bibliographyLines` before \end{document}, plus the given .bib files. */
function project(bibliographyLines: string, bibs: Record<string, string>): { dir: string; tex: string } {
  const dir = tempDir('citefinder-bib-');
  const tex = path.join(dir, 'main.tex');
  const manuscript = readFileSync(fixturePath('latex', 'cosmology.tex'), 'utf8');
  writeFileSync(tex, manuscript.replace('\\end{document}', `${bibliographyLines}\\end{document}`));
  for (const [name, text] of Object.entries(bibs)) writeFileSync(path.join(dir, name), text);
  return { dir, tex };
}

/** Replaces one `vscode.window` function for the duration of `body`, counting the calls. */
async function withWindowStub<K extends 'showQuickPick' | 'showInformationMessage' | 'showErrorMessage'>(
  name: K,
  fake: (...args: never[]) => unknown,
  body: (calls: () => number) => Promise<void>,
): Promise<void> {
  const original = vscode.window[name];
  let count = 0;
  Object.assign(vscode.window, { [name]: (...args: never[]) => (count++, fake(...args)) });
  try {
    await body(() => count);
  } finally {
    Object.assign(vscode.window, { [name]: original });
  }
}

async function findWithBibtex(file: string): Promise<{ id: string }> {
  await selectClaim(file, CLAIM);
  const result = (await vscode.commands.executeCommand('citefinder.findCitations')) as FindResult | undefined;
  const candidate = result?.candidates.find((c) => c.bibtex && c.citeKey);
  assert.ok(candidate, 'a candidate with authority BibTeX');
  return candidate;
}

describe('citefinder: lightbulb and .bib choices', function () {
  useStandIn();
  deleteTempDirsAfterEach();

  it('offers "Find Citations for Selection" as a code action on a selected claim, not on one word', async () => {
    await api();
    const { tex } = project('\\bibliography{refs}\n', { 'refs.bib': '' });
    const editor = await selectClaim(tex, CLAIM);
    const uri = editor.document.uri;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, editor.selection);
    const ours = actions.filter((a) => a.command?.command === 'citefinder.findCitations');
    assert.equal(ours.length, 1);
    assert.equal(ours[0]!.title, 'Citefinder: Find Citations for Selection');
    const oneWord = editor.document.getText().indexOf('cosmology');
    const wordRange = new vscode.Range(editor.document.positionAt(oneWord), editor.document.positionAt(oneWord + 9));
    const none = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, wordRange);
    assert.equal(none.filter((a) => a.command?.command === 'citefinder.findCitations').length, 0);
  });

  it('asks which of several .bib files gets the entry, once per workspace', async () => {
    const citefinder = await api();
    const original = readFileSync(fixturePath('bibtex', 'doi-cn-2019_10.1007_BF01700692_unicode.bib'), 'utf8');
    const { dir, tex } = project('\\bibliography{refs,extra}\n', { 'refs.bib': original, 'extra.bib': '' });
    await withWindowStub(
      'showQuickPick',
      (items: readonly { file: string }[]) => items.find((item) => item.file.endsWith('extra.bib')),
      async (calls) => {
        const candidate = await findWithBibtex(tex);
        const first = await citefinder.insertCitation(candidate.id);
        assert.ok(first && !first.reused);
        assert.equal(calls(), 1, 'asked once');
        assert.ok(readFileSync(path.join(dir, 'extra.bib'), 'utf8').includes(`{${first.key},`), 'entry in the chosen file');
        assert.equal(readFileSync(path.join(dir, 'refs.bib'), 'utf8'), original, 'the other file untouched');
        const second = await citefinder.insertCitation(candidate.id);
        assert.equal(second?.reused, true);
        assert.equal(calls(), 1, 'the choice is remembered');
      },
    );
  });

  it('serialises inserts into one .bib: three clicks at once append the work once', async () => {
    const citefinder = await api();
    const { dir, tex } = project('\\bibliography{refs}\n', { 'refs.bib': '' });
    const candidate = await findWithBibtex(tex);
    const outcomes = await Promise.all([1, 2, 3].map(() => citefinder.insertCitation(candidate.id)));
    assert.ok(outcomes.every(Boolean), 'every insert went through');
    const bib = readFileSync(path.join(dir, 'refs.bib'), 'utf8');
    assert.equal([...bib.matchAll(/^@\w+\{/gm)].length, 1, `one entry:\n${bib}`);
    assert.deepEqual(outcomes.map((o) => o!.reused), [false, true, true]);
    const text = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === tex)!.getText();
    assert.equal(text.split(`\\cite{${outcomes[0]!.key}}`).length - 1, 1, 'cited once');
  });

  it('offers to create references.bib and the \\bibliography line when there is none', async () => {
    const citefinder = await api();
    const { dir, tex } = project('', {});
    await withWindowStub('showInformationMessage', () => CREATE_BIB_ACTION, async (calls) => {
      const candidate = await findWithBibtex(tex);
      const outcome = await citefinder.insertCitation(candidate.id);
      assert.ok(outcome);
      assert.ok(calls() >= 1, 'the offer was made');
      const bib = path.join(dir, 'references.bib');
      assert.ok(existsSync(bib) && readFileSync(bib, 'utf8').includes(`{${outcome.key},`), 'references.bib holds the entry');
      const document = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === tex)!;
      assert.match(document.getText(), /\\bibliography\{references\}/);
      assert.ok(document.getText().includes(`~\\cite{${outcome.key}}`));
    });
  });

  it('offers no references.bib to a manuscript whose references are a thebibliography written by hand', async () => {
    const citefinder = await api();
    const list = '\\begin{thebibliography}{9}\n\\bibitem{riess1998} A.~G. Riess et al., AJ 116, 1009 (1998).\n\\end{thebibliography}\n';
    const { dir, tex } = project(list, {});
    const before = readFileSync(tex, 'utf8');
    const errors: string[] = [];
    let offers = 0;
    const offer = (message: string) => (message.includes('Create references.bib') ? (offers++, CREATE_BIB_ACTION) : undefined);
    await withWindowStub('showErrorMessage', (message: string) => (errors.push(message), undefined), async () => {
      await withWindowStub('showInformationMessage', offer, async () => {
        const candidate = await findWithBibtex(tex);
        assert.equal(await citefinder.insertCitation(candidate.id), undefined);
      });
    });
    assert.equal(offers, 0, 'no references.bib was offered');
    assert.ok(!existsSync(path.join(dir, 'references.bib')), 'no references.bib was created');
    const document = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === tex);
    assert.equal(document?.getText() ?? readFileSync(tex, 'utf8'), before, 'the manuscript is unchanged');
    assert.ok(errors.some((e) => /thebibliography\} at main\.tex:\d+/.test(e)), errors.join(' | '));
  });
});
