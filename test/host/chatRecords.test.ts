// In the extension host: chat questions answered from records (slash commands, no LLM), each
// answer listing its records with Attach and Insert citation, kept across a reload.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Candidate } from '../../src/core/types';
import { ChatViewProvider } from '../../src/vscode/chatView';
import { readSettings } from '../../src/vscode/settings';
import { MemoryMemento, useStandIn } from './helpers';


function candidate(id: string, doi: string, title: string, year: number): Candidate {
  return { id, source: 'crossref', sources: ['crossref'], title, authors: ['A. Author'], year, doi, matchedQueries: [], retrievalScore: 0 } as Candidate;
}

const LANCET = candidate('doi:10.1016/s0140-6736(97)11096-0', '10.1016/s0140-6736(97)11096-0', 'Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children', 1998);
const PREPRINT = { ...candidate('doi:10.1101/2024.04.01.587366', '10.1101/2024.04.01.587366', 'A bioRxiv preprint', 2024), source: 'biorxiv', sources: ['biorxiv'] } as Candidate;

describe('citefinder: the chat answers from records', function () {
  useStandIn();
  const secrets = {} as vscode.SecretStorage;

  function provider(memento: vscode.Memento, inserted: Candidate[]): ChatViewProvider {
    const chat = new ChatViewProvider(vscode.Uri.file('/'), secrets, memento);
    chat.connect({ settings: () => readSettings(), apiKey: async () => undefined, insert: async (c) => void inserted.push(c) });
    return chat;
  }

  it('runs /retracted and /published without an LLM, lists the records, and attaches or cites one', async () => {
    const memento = new MemoryMemento();
    const inserted: Candidate[] = [];
    const chat = provider(memento, inserted);
    await chat.attach(LANCET);
    await chat.attach(PREPRINT);

    await chat.ask('/retracted');
    const retracted = chat.snapshot().turns[1]!;
    assert.match(retracted.text, /^1 of the attached papers carry a notice:\n\[1\] retracted \(notice doi:10\.1016\/s0140-6736\(10\)60175-4, 2010-02-06, retraction-watch\)/);
    assert.deepEqual(retracted.records?.map((r) => [r.record.id, r.trust]), [[LANCET.id, 'retracted']]);
    assert.deepEqual(retracted.calls, ['Crossref /works/10.1016/s0140-6736(97)11096-0', 'Crossref /works/10.1101/2024.04.01.587366']);

    await chat.ask('/published 2');
    const published = chat.snapshot().turns[3]!;
    assert.match(published.text, /^Yes: \[2\] was published as/);
    assert.equal(published.records?.[0]?.record.doi, '10.1016/j.xgen.2025.100814');

    await chat.recordAction('attach', 3, 0);
    assert.deepEqual(chat.snapshot().attachments, [LANCET.id, PREPRINT.id, 'doi:10.1016/j.xgen.2025.100814']);
    await chat.recordAction('insert', 3, 0);
    assert.equal(inserted.length, 1);
    const { bibtex, citeKey } = inserted[0]!;
    assert.ok(citeKey, 'the authority BibTeX got a cite key');
    assert.ok(bibtex?.trim().startsWith(`@article{${citeKey},`), 'the authority BibTeX, only its key rewritten');
    assert.match(bibtex ?? '', /journal=\{Cell Genomics\}/);

    await chat.ask('/published 9');
    assert.equal(chat.snapshot().turns[5]!.text, 'There is no [9]: the attached papers are [1]–[3].');

    const reloaded = provider(memento, inserted).snapshot();
    assert.equal(reloaded.turns[3]!.records?.[0]?.record.doi, '10.1016/j.xgen.2025.100814', 'records survive a reload');
    chat.dispose();
  });
});
