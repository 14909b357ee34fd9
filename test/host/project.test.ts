// In the extension host: manuscripts laid out the way LaTeX users lay them out. Chapters with a
// magic comment or as subfiles, the bibliography declared in an included preamble, a remote
// resource next to a local one, `citefinder.bib.file` naming a .bib the root does not list (in
// this workspace's settings, read for the manuscript's folder), and a Zotero Better BibTeX export.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CitefinderApi } from '../../src/extension';
import type { FindResult } from '../../src/core/types';
import { ADD_LINE_ACTION } from '../../src/vscode/bibTarget';
import { fixturePath } from '../standin/server';
import type { StandIn } from '../standin';
import { chatRequests } from '../standin/openai';
import { api, deleteTempDirsAfterEach, selectClaim, stubWindow, tempDir, useStandIn, waitFor } from './helpers';

const CLAIM = 'The discovery of cosmic acceleration reshaped cosmology.';
const CHAPTER = `Some context first.\n${CLAIM}\nMore text.\n`;

/** Writes `files` (paths relative to `dir`) and returns the absolute path of each. */
function writeProject(dir: string, files: Record<string, string>): Record<string, string> {
  const paths: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    paths[name] = file;
  }
  return paths;
}

/** Searches for the claim in `file` and inserts the first candidate with BibTeX. */
async function citeIn(citefinder: CitefinderApi, file: string): Promise<NonNullable<Awaited<ReturnType<CitefinderApi['insertCitation']>>>> {
  await selectClaim(file, CLAIM);
  const result = (await vscode.commands.executeCommand('citefinder.findCitations')) as FindResult | undefined;
  const candidate = result?.candidates.find((c) => c.bibtex && c.citeKey);
  assert.ok(candidate, 'a candidate with authority BibTeX');
  const outcome = await citefinder.insertCitation(candidate.id);
  assert.ok(outcome, 'inserted');
  return outcome;
}

const textOf = (file: string): string => vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file)?.getText() ?? readFileSync(file, 'utf8');

describe('citefinder: LaTeX projects as LaTeX Workshop sees them', function () {
  let standIn: StandIn;
  useStandIn((s) => (standIn = s));
  deleteTempDirsAfterEach();
  let prompts: ReturnType<typeof stubWindow>[] = [];
  afterEach(() => {
    for (const prompt of prompts) prompt.restore();
    prompts = [];
  });
  const stub = (...args: Parameters<typeof stubWindow>): ReturnType<typeof stubWindow> => {
    const prompt = stubWindow(...args);
    prompts.push(prompt);
    return prompt;
  };

  it('cites in a chapter (magic comment) into the .bib declared in an included preamble, with \\autocite for biblatex', async () => {
    const citefinder = await api();
    const dir = tempDir('citefinder-chapters-');
    const bib = readFileSync(fixturePath('bibtex', 'doi-cn-2019_10.1186_s12984-017-0305-3_jner.bib'), 'utf8');
    const files = writeProject(dir, {
      'main.tex': '\\documentclass{book}\n\\input{preamble}\n\\begin{document}\n\\include{chapters/intro}\n\\printbibliography\n\\end{document}\n',
      'preamble.tex': '\\usepackage[style=authoryear]{biblatex}\n\\addbibresource[location=remote]{https://example.org/group.bib}\n\\addbibresource{bib/refs.bib}\n',
      'chapters/intro.tex': `% !TeX root = ../main.tex\n${CHAPTER}`,
      'bib/refs.bib': bib,
    });
    const info = stub('showInformationMessage', () => undefined);
    const outcome = await citeIn(citefinder, files['chapters/intro.tex']!);
    assert.equal(outcome.command, '\\autocite');
    assert.ok(textOf(files['chapters/intro.tex']!).includes(`reshaped cosmology~\\autocite{${outcome.key}}.`));
    assert.equal(outcome.bibFile, files['bib/refs.bib']);
    assert.ok(readFileSync(files['bib/refs.bib']!, 'utf8').startsWith(bib) && readFileSync(files['bib/refs.bib']!, 'utf8').includes(`{${outcome.key},`));
    assert.ok(!existsSync(path.join(dir, 'chapters', 'references.bib')) && !existsSync(path.join(dir, 'references.bib')), 'no stray references.bib');
    assert.equal(info.calls.filter((c) => /references\.bib/.test(String(c[0]))).length, 0, 'no offer to create one');
    assert.match(outcome.notes.join(' '), /skipped https:\/\/example\.org\/group\.bib: a remote resource \(location=remote\)/);
  });

  it('reads a claim in a chapter with its root\'s title, which the LLM is told, as for a claim in the root', async () => {
    const dir = tempDir('citefinder-chapter-context-');
    const title = 'Dark energy constraints from a joint analysis of standard candles';
    const files = writeProject(dir, {
      'main.tex': `\\documentclass{article}\n\\title{${title}}\n\\begin{document}\n\\maketitle\n\\input{chapters/intro}\n\\end{document}\n`,
      'chapters/intro.tex': CHAPTER,
    });
    await selectClaim(files['chapters/intro.tex']!, CLAIM);
    const before = chatRequests(standIn).length;
    process.env.CITEFINDER_LLM_MODEL = 'gpt-4o-mini';
    try {
      await vscode.commands.executeCommand('citefinder.findCitations');
    } finally {
      process.env.CITEFINDER_LLM_MODEL = '';
    }
    const prompts = chatRequests(standIn).slice(before).map((r) => JSON.stringify(r.messages ?? []));
    assert.ok(prompts.length > 0, 'the LLM was asked');
    assert.ok(prompts.some((p) => p.includes(`Manuscript title: ${title}`)), prompts.join('\n').slice(0, 600));
  });

  it('cites in a subfile with the natbib command of its main file', async () => {
    const citefinder = await api();
    const dir = tempDir('citefinder-subfiles-');
    const files = writeProject(dir, {
      'main.tex': '\\documentclass{article}\n\\usepackage{natbib}\n\\usepackage{subfiles}\n\\begin{document}\n\\subfile{parts/one}\n\\bibliography{refs}\n\\end{document}\n',
      'parts/one.tex': `\\documentclass[../main.tex]{subfiles}\n\\begin{document}\n${CHAPTER}\\end{document}\n`,
      'refs.bib': '',
    });
    const outcome = await citeIn(citefinder, files['parts/one.tex']!);
    assert.equal(outcome.command, '\\citep');
    assert.ok(textOf(files['parts/one.tex']!).includes(`~\\citep{${outcome.key}}`));
    assert.ok(readFileSync(files['refs.bib']!, 'utf8').includes(`{${outcome.key},`));
    assert.ok(!existsSync(path.join(dir, 'parts', 'references.bib')));
  });

  it("follows this workspace's bib.file and cite.command for the manuscript's folder, adding the \\bibliography name after asking; one undo reverts all three files", async () => {
    const citefinder = await api();
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const dir = path.join(folder, 'paper-with-settings');
    const settingsFile = path.join(folder, '.vscode', 'settings.json');
    try {
      const files = writeProject(dir, {
        'main.tex': `\\documentclass{article}\n\\usepackage{natbib}\n\\begin{document}\n${CHAPTER}\\bibliographystyle{plainnat}\n\\bibliography{refs}\n\\end{document}\n`,
        'refs.bib': '',
      });
      writeProject(folder, { '.vscode/settings.json': JSON.stringify({ 'citefinder.bib.file': 'paper-with-settings/extra/new.bib', 'citefinder.cite.command': 'parencite' }) });
      await waitFor(() => vscode.workspace.getConfiguration('citefinder', vscode.Uri.file(files['main.tex']!)).get('cite.command') === 'parencite');
      const info = stub('showInformationMessage', () => ADD_LINE_ACTION);
      const outcome = await citeIn(citefinder, files['main.tex']!);
      const newBib = path.join(dir, 'extra', 'new.bib');
      assert.equal(outcome.bibFile, newBib);
      assert.ok(info.calls.some((c) => /does not use new\.bib \(citefinder\.bib\.file\)/.test(String(c[0]))), 'asked before adding the line');
      const main = textOf(files['main.tex']!);
      assert.ok(main.includes(`~\\parencite{${outcome.key}}`), 'the workspace command');
      assert.ok(main.includes('\\bibliography{refs,extra/new}'), 'the name joins the one \\bibliography');
      assert.ok(readFileSync(newBib, 'utf8').includes(`{${outcome.key},`));
      assert.equal(readFileSync(files['refs.bib']!, 'utf8'), '');

      await vscode.window.showTextDocument(vscode.Uri.file(files['main.tex']!));
      await vscode.commands.executeCommand('undo');
      await waitFor(() => !textOf(files['main.tex']!).includes('parencite') && textOf(files['main.tex']!).includes('\\bibliography{refs}\n'));
      // The .bib the edit created goes with the undo.
      await waitFor(() => !existsSync(newBib) || !readFileSync(newBib, 'utf8').includes(outcome.key));
    } finally {
      rmSync(path.dirname(settingsFile), { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
      await waitFor(() => vscode.workspace.getConfiguration('citefinder').get('bib.file') === '');
    }
  });

  it("refuses a workspace bib.file outside the workspace, writing nothing", async () => {
    const citefinder = await api();
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const dir = path.join(folder, 'paper-outside');
    const outside = path.join(path.dirname(folder), `citefinder-outside-${process.pid}.bib`);
    try {
      const files = writeProject(dir, { 'main.tex': `\\documentclass{article}\n\\begin{document}\n${CHAPTER}\\bibliography{refs}\n\\end{document}\n`, 'refs.bib': '' });
      writeProject(folder, { '.vscode/settings.json': JSON.stringify({ 'citefinder.bib.file': `../${path.basename(outside)}` }) });
      // The exact value: an earlier test's settings may still be in force for a moment.
      await waitFor(() => vscode.workspace.getConfiguration('citefinder', vscode.Uri.file(files['main.tex']!)).get('bib.file') === `../${path.basename(outside)}`);
      const errors = stub('showErrorMessage', () => undefined);
      await selectClaim(files['main.tex']!, CLAIM);
      const result = (await vscode.commands.executeCommand('citefinder.findCitations')) as FindResult | undefined;
      const candidate = result!.candidates.find((c) => c.bibtex)!;
      assert.equal(await citefinder.insertCitation(candidate.id), undefined);
      assert.ok(errors.calls.some((c) => /outside the workspace folder/.test(String(c[0]))));
      assert.ok(!existsSync(outside));
      assert.ok(!textOf(files['main.tex']!).includes('\\cite{'));
      assert.equal(readFileSync(files['refs.bib']!, 'utf8'), '');
    } finally {
      rmSync(path.join(folder, '.vscode'), { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
      await waitFor(() => vscode.workspace.getConfiguration('citefinder').get('bib.file') === '');
    }
  });

  it('offers another .bib instead of a Better BibTeX auto-export, and leaves the export byte-identical', async () => {
    const citefinder = await api();
    const dir = tempDir('citefinder-zotero-');
    const exported = readFileSync(fixturePath('bib-files', 'better-bibtex_veryshorttitle-compound-words-551.bibtex.bib'), 'utf8');
    const files = writeProject(dir, {
      'main.tex': `\\documentclass{article}\n\\begin{document}\n${CHAPTER}\\bibliographystyle{plain}\n\\bibliography{zotero}\n\\end{document}\n`,
      'zotero.bib': exported,
    });
    const warnings = stub('showWarningMessage', (...args) => args.find((a) => typeof a === 'string' && a.startsWith('Use ')));
    const outcome = await citeIn(citefinder, files['main.tex']!);
    assert.match(String(warnings.calls[0]?.[0]), /zotero\.bib looks like a Better BibTeX auto-export/);
    const own = path.join(dir, 'citefinder.bib');
    assert.equal(outcome.bibFile, own);
    assert.ok(readFileSync(own, 'utf8').includes(`{${outcome.key},`));
    assert.equal(readFileSync(files['zotero.bib']!, 'utf8'), exported, 'the export is untouched');
    assert.ok(textOf(files['main.tex']!).includes('\\bibliography{zotero,citefinder}'));
    // The same paper again: found in citefinder.bib, no question asked.
    const again = await citefinder.insertCitation((citefinder.results().candidates.find((c) => c.citeKey === outcome.key) ?? { id: '' }).id);
    assert.equal(again?.reused, true);
    assert.equal(warnings.calls.length, 1);
  });
});
