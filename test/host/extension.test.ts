// In the extension host: activation, contributions, and the whole find → insert flow against
// the stand-in services (started here, in the same process, and reached through the
// CITEFINDER_* environment overrides the extension reads on every search).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FindResult } from '../../src/core/types';
import type { StandIn } from '../standin';
import { fixturePath } from '../standin/server';
import { chatRequests } from '../standin/openai';
import { fitsWindow, promptTokens } from '../../src/core/llm/window';
import { api, deleteTempDirsAfterEach, selectClaim, tempDir, useStandIn, waitFor } from './helpers';

const CLAIM = 'The discovery of cosmic acceleration reshaped cosmology.';

/** A LaTeX project in a temporary folder: the cosmology manuscript with \bibliography{refs}. */
function makeProject(): { dir: string; tex: string; bib: string; bibBefore: string } {
  const dir = tempDir('citefinder-host-');
  const manuscript = readFileSync(fixturePath('latex', 'cosmology.tex'), 'utf8').replace(
    '\\end{document}',
    '\\bibliographystyle{plain}\n\\bibliography{refs}\n\\end{document}',
  );
  const bibBefore = readFileSync(fixturePath('bibtex', 'doi-cn-2019_10.1186_s12984-017-0305-3_jner.bib'), 'utf8');
  const tex = path.join(dir, 'main.tex');
  const bib = path.join(dir, 'refs.bib');
  writeFileSync(tex, manuscript);
  writeFileSync(bib, bibBefore);
  return { dir, tex, bib, bibBefore };
}

describe('citefinder in the extension host', function () {
  let standIn: StandIn;
  useStandIn((s) => (standIn = s));
  deleteTempDirsAfterEach();

  /** Runs a search on a fresh project, so no test relies on the results an earlier one left. */
  async function searchFreshProject(): Promise<FindResult> {
    const project = makeProject();
    await selectClaim(project.tex, CLAIM);
    const result = (await vscode.commands.executeCommand('citefinder.findCitations')) as FindResult | undefined;
    assert.ok(result && result.candidates.length > 0, 'the search found candidates');
    return result;
  }

  it('activates and registers its commands', async () => {
    const citefinder = await api();
    assert.equal(typeof citefinder.activationMs, 'number');
    // Reported, not asserted: a wall-clock threshold depends on the machine (see bench/ for speed).
    console.log(`      activate() took ${citefinder.activationMs} ms`);
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['citefinder.findCitations', 'citefinder.openChat', 'citefinder.setApiKey', 'citefinder.openSettings']) {
      assert.ok(commands.includes(id), id);
    }
  });

  it('finds candidates, inserts \\cite + .bib entry in one edit, and one undo reverts both', async () => {
    const citefinder = await api();
    const project = makeProject();
    await selectClaim(project.tex, CLAIM);
    const result = (await vscode.commands.executeCommand('citefinder.findCitations')) as FindResult | undefined;
    assert.ok(result, 'the search completed');
    assert.ok(result.candidates.length > 0, 'candidates found');
    assert.deepEqual(citefinder.results().candidates.map((c) => c.id), result.candidates.map((c) => c.id));

    const candidate = result.candidates.find((c) => c.bibtex && c.citeKey);
    assert.ok(candidate, 'a candidate with authority BibTeX');
    const outcome = await citefinder.insertCitation(candidate.id);
    assert.ok(outcome);
    assert.equal(outcome.reused, false);
    const tex = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === project.tex)!;
    assert.ok(tex.getText().includes(`reshaped cosmology~\\cite{${outcome.key}}.`), 'cite before the full stop');
    const bibOnDisk = readFileSync(project.bib, 'utf8');
    assert.ok(bibOnDisk.startsWith(project.bibBefore), 'existing entries byte-identical');
    assert.ok(bibOnDisk.includes(`{${outcome.key},`), 'new entry appended and saved');

    // The same paper again: no duplicate entry, the key is already cited there.
    const again = await citefinder.insertCitation(candidate.id);
    assert.equal(again?.reused, true);
    assert.equal(again?.key, outcome.key);
    assert.equal(readFileSync(project.bib, 'utf8'), bibOnDisk);
    assert.equal(tex.getText().split(`\\cite{${outcome.key}}`).length, 2, 'cited once');
    assert.equal(citefinder.results().inserted[candidate.id], outcome.key, 'the card says "cited as"');

    // One undo in the manuscript reverts both files, and the .bib on disk follows.
    await vscode.window.showTextDocument(tex, vscode.ViewColumn.One);
    await vscode.commands.executeCommand('undo');
    await waitFor(() => !tex.getText().includes(`\\cite{${outcome.key}}`));
    await waitFor(() => readFileSync(project.bib, 'utf8') === project.bibBefore);
    assert.ok(tex.getText().includes(CLAIM), 'the claim is back as it was');
    // The panel follows the document: the card no longer says "cited as", and a redo brings it back.
    await waitFor(() => !(candidate.id in citefinder.results().inserted));
    await vscode.commands.executeCommand('redo');
    await waitFor(() => tex.getText().includes(`\\cite{${outcome.key}}`));
    await waitFor(() => citefinder.results().inserted[candidate.id] === outcome.key);
    await vscode.commands.executeCommand('undo');
    await waitFor(() => !(candidate.id in citefinder.results().inserted));
  });

  it('searches again with the queries the user edited', async () => {
    const citefinder = await api();
    const project = makeProject();
    await selectClaim(project.tex, CLAIM);
    await vscode.commands.executeCommand('citefinder.findCitations');
    const edited = ['"Type Ia supernovae" accelerating'];
    const before = standIn.requests.length;
    const result = await citefinder.searchAgain(edited);
    assert.ok(result);
    assert.deepEqual(result.queries, edited);
    assert.deepEqual(citefinder.results().queries, edited);
    const searches = standIn.requests.slice(before).filter((r) => r.service === 'arxiv' || r.service === 'europepmc');
    assert.ok(searches.length > 0);
    assert.ok(searches.every((r) => /supernova/i.test(decodeURIComponent(r.url))), 'only the edited query was searched');
  });

  it('cancels a slow search', async () => {
    const citefinder = await api();
    const project = makeProject();
    standIn.setLatency('arxiv', 20_000);
    standIn.setLatency('europepmc', 20_000);
    try {
      await selectClaim(project.tex, CLAIM);
      const before = standIn.requests.length;
      const searches = () => standIn.requests.slice(before).filter((r) => r.service === 'arxiv' || r.service === 'europepmc');
      const pending = vscode.commands.executeCommand('citefinder.findCitations') as Thenable<FindResult | undefined>;
      await waitFor(() => citefinder.results().status === 'running' && searches().length > 0);
      citefinder.cancel();
      assert.equal(await pending, undefined);
      assert.equal(citefinder.results().status, 'cancelled');
      // Ended before any held search was answered: that, not a clock, says it did not wait for them.
      assert.deepEqual(searches().filter((r) => r.endSeq !== undefined).map((r) => r.url), [], 'did not wait for the slow service');
    } finally {
      standIn.setLatency('arxiv', 0);
      standIn.setLatency('europepmc', 0);
    }
  });

  it('attaches a paper to the chat and explains the setup with no LLM configured', async () => {
    const citefinder = await api();
    await vscode.commands.executeCommand('citefinder.clearChat');
    const first = (await searchFreshProject()).candidates[0]!;
    await citefinder.attachToChat(first.id);
    assert.deepEqual(citefinder.chat().attachments, [first.id]);
    // The page was told there is no LLM, which is what makes it show the setup help.
    await waitFor(() => citefinder.chat().shownLlm !== undefined);
    assert.equal(citefinder.chat().shownLlm?.configured, false, 'the chat page shows the no-LLM setup help');
    await citefinder.ask('Does it support the claim?');
    const turns = citefinder.chat().turns;
    assert.equal(turns.at(-1)?.role, 'user', 'no answer without an LLM: nothing was sent anywhere');
    assert.equal(citefinder.chat().shownLlm?.configured, false, 'still the setup help after asking');
    assert.ok(!standIn.requests.some((r) => r.service === 'openai'));
  });

  it('streams a chat answer from the configured LLM with the attached paper as [1]', async () => {
    const citefinder = await api();
    await vscode.commands.executeCommand('citefinder.clearChat');
    const first = (await searchFreshProject()).candidates[0]!;
    process.env.CITEFINDER_LLM_MODEL = 'gpt-4o-mini';
    try {
      await citefinder.attachToChat(first.id);
      await citefinder.ask('Does [1] support the claim?');
    } finally {
      process.env.CITEFINDER_LLM_MODEL = '';
    }
    const answer = citefinder.chat().turns.at(-1)!;
    assert.equal(answer.role, 'assistant');
    assert.equal(answer.error, undefined);
    assert.ok(answer.text.length > 0, 'streamed text arrived');
    const request = chatRequests(standIn).at(-1)!;
    assert.equal(request.stream, true);
    const system = request.messages?.[0]?.content ?? '';
    assert.match(system, /ONLY the attached material/);
    assert.ok(system.includes(`[1] ${first.title}`), 'the attached paper is [1]');
    assert.equal(request.messages?.at(-1)?.content, 'Does [1] support the claim?');
  });

  it('fits the chat\'s prompt to the model\'s window and says under the answer what it left out', async () => {
    const citefinder = await api();
    await vscode.commands.executeCommand('citefinder.clearChat');
    const found = (await searchFreshProject()).candidates;
    process.env.CITEFINDER_LLM_MODEL = 'gpt-4o-mini';
    process.env.CITEFINDER_LLM_CONTEXTTOKENS = '1800';
    try {
      for (const candidate of found) await citefinder.attachToChat(candidate.id);
      await citefinder.ask('Which of them supports the claim?');
    } finally {
      process.env.CITEFINDER_LLM_MODEL = '';
      delete process.env.CITEFINDER_LLM_CONTEXTTOKENS;
    }
    const answer = citefinder.chat().turns.at(-1)!;
    assert.equal(answer.error, undefined);
    assert.match(answer.shortened ?? '', /^Shortened to fit the model's window of 1,800 tokens \(citefinder\.llm\.contextTokens\): /);
    const request = chatRequests(standIn).at(-1)!;
    assert.ok(fitsWindow(request.messages!, 1800), `${promptTokens(request.messages!)} prompt tokens`);
    const system = request.messages![0]!.content;
    assert.match(system, /ONLY the attached material/);
    found.forEach((c, i) => assert.ok(system.includes(`[${i + 1}] ${c.title}`), `[${i + 1}] is still in the prompt`));
  });
});

