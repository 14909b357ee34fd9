// In the extension host: the chat's claim, attached papers and conversation are kept in the
// workspace state, so a new chat view provider (as after a window reload) shows them again.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Candidate } from '../../src/core/types';
import { ChatViewProvider } from '../../src/vscode/chatView';
import { api, MemoryMemento } from './helpers';


const paper = {
  id: 'doi:10.1086/307221',
  source: 'arxiv',
  sources: ['arxiv'],
  title: 'Measurements of Omega and Lambda from 42 High-Redshift Supernovae',
  authors: ['S. Perlmutter'],
  year: 1999,
  retrievalScore: 0.8,
} as Candidate;

describe('citefinder: the chat survives a window reload', function () {
  it('restores the attached papers and the conversation; an answer cut off by the reload says so', async () => {
    const citefinder = await api();
    assert.ok(citefinder.chat());
    const secrets = {} as vscode.SecretStorage; // not used without an LLM
    const memento = new MemoryMemento();
    const before = new ChatViewProvider(vscode.Uri.file('/'), secrets, memento);
    await before.attach(paper);
    await before.ask('Does it support the claim?');
    const after = new ChatViewProvider(vscode.Uri.file('/'), secrets, memento);
    assert.deepEqual(after.snapshot().attachments, [paper.id]);
    assert.deepEqual(after.snapshot().turns, [{ role: 'user', text: 'Does it support the claim?', notSent: 'no LLM is configured (see above)' }]);

    await memento.update('citefinder.chat', {
      version: 1,
      attachments: [paper],
      turns: [{ role: 'user', text: 'Q?' }, { role: 'assistant', text: 'Half an ans', partial: true }],
    });
    const interrupted = new ChatViewProvider(vscode.Uri.file('/'), secrets, memento).snapshot();
    assert.deepEqual(interrupted.turns.at(-1), { role: 'assistant', text: 'Half an ans', error: 'Interrupted: the window was reloaded.' });

    // A conversation answered while an LLM was configured, restored after the setting was cleared
    // (this host has no LLM): the answered question stays as it was; only the unanswered
    // question of a chat saved before `notSent` existed is marked as not sent.
    const answered = [{ role: 'user', text: 'Q1?' }, { role: 'assistant', text: 'A1.' }, { role: 'user', text: '/newest' }, { role: 'assistant', text: 'Records.' }];
    await memento.update('citefinder.chat', { version: 1, attachments: [], turns: [...answered, { role: 'user', text: 'Q2?' }] });
    const cleared = new ChatViewProvider(vscode.Uri.file('/'), secrets, memento);
    cleared.postState();
    assert.deepEqual(cleared.snapshot().turns, [...answered, { role: 'user', text: 'Q2?', notSent: 'no LLM is configured (see above)' }]);
    await cleared.ask('Q3?');
    assert.deepEqual(cleared.snapshot().turns.slice(0, 4), answered, 'asking again without an LLM rewrites no earlier turn');
    assert.equal(cleared.snapshot().turns.at(-1)?.notSent, 'no LLM is configured (see above)');
    cleared.dispose();

    await memento.update('citefinder.chat', { version: 99, turns: 'garbage' });
    assert.deepEqual(new ChatViewProvider(vscode.Uri.file('/'), secrets, memento).snapshot().turns, [], 'an unreadable state is ignored');
    for (const provider of [before, after]) provider.dispose();
  });
});
