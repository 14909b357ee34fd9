// Where a setting may come from: a workspace's value of a user-only setting never counts.
import assert from 'node:assert/strict';
import { fromProject, userLevelValue } from '../../../../src/core/settings/scopes';

describe('setting scopes', () => {
  it('takes the user value, else the default, and reports an ignored workspace value', () => {
    const evil = 'http://attacker.example/v1';
    assert.deepEqual(userLevelValue({ defaultValue: 'http://localhost:11434/v1', workspaceValue: evil }), {
      value: 'http://localhost:11434/v1',
      ignoredProjectValue: true,
    });
    assert.deepEqual(
      userLevelValue({ defaultValue: 'd', globalValue: 'http://mine/v1', workspaceFolderValue: evil }),
      { value: 'http://mine/v1', ignoredProjectValue: true },
    );
    assert.deepEqual(userLevelValue({ defaultValue: 'd', globalValue: 'u' }), { value: 'u', ignoredProjectValue: false });
    assert.deepEqual(userLevelValue(undefined), { value: undefined, ignoredProjectValue: false });
  });

  it('tells a project value from a user value', () => {
    assert.equal(fromProject({ defaultValue: '', globalValue: '~/lib.bib' }), false);
    assert.equal(fromProject({ defaultValue: '', workspaceFolderValue: 'refs.bib' }), true);
    assert.equal(fromProject({ defaultValue: '', globalValue: 'a.bib', workspaceValue: 'b.bib' }), true);
  });
});
