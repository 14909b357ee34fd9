// Every codicon the extension names must exist: VS Code draws nothing for an unknown name, as the
// audit view's "unavailable" group showed with "cloud-offline" (no such codicon). Held to the
// codicon font of @vscode/codicons, the package the results panel also draws its icons from.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { STATUS_ICONS } from '../../../src/vscode/audit/statusIcons';

const codicons = new Set([...readFileSync(path.resolve('node_modules/@vscode/codicons/dist/codicon.css'), 'utf8').matchAll(/\.codicon-([a-z0-9-]+):before/g)].map((m) => m[1]!));

describe('codicons the extension names', () => {
  it('reads the codicon font\'s names', () => {
    assert.ok(codicons.has('pass') && codicons.has('warning') && codicons.size > 300, `${codicons.size} names`);
    assert.equal(codicons.has('cloud-offline'), false);
  });

  it('each audit status has an icon that exists', () => {
    const missing = Object.entries(STATUS_ICONS).filter(([, name]) => !codicons.has(name));
    assert.deepEqual(missing, []);
  });

  it('each $(icon) in package.json exists', () => {
    const manifest = readFileSync(path.resolve('package.json'), 'utf8');
    const named = [...manifest.matchAll(/\$\(([a-z0-9-]+)(?:~spin)?\)/g)].map((m) => m[1]!);
    assert.ok(named.length > 10, `${named.length} icons named`);
    assert.deepEqual([...new Set(named)].filter((name) => !codicons.has(name)), []);
  });

  it('each $(icon) and ThemeIcon the extension\'s code names exists', () => {
    const dir = path.resolve('src/vscode');
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter((name) => name.endsWith('.ts'));
    const named = files.flatMap((name) => [...readFileSync(path.join(dir, name), 'utf8').matchAll(/\$\(([a-z0-9-]+)(?:~spin)?\)|ThemeIcon\('([a-z0-9-]+)'/g)].map((m) => (m[1] ?? m[2])!));
    assert.ok(named.length > 3, named.join(', '));
    assert.deepEqual([...new Set(named)].filter((name) => !codicons.has(name)), []);
  });
});
