// dist/heavy.js is a second bundle: a module in it gets its own copy of any module state.
// So it may only gather src/core (no output channel, no editor state), and the shell may
// reach it only through lazy.ts.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const importsOf = (file: string): { specifier: string; typeOnly: boolean }[] =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)].map((m) => ({
    specifier: m[2]!,
    typeOnly: Boolean(m[1]),
  }));

describe('extension bundle split', () => {
  it('heavy.ts re-exports src/core only', () => {
    const specifiers = importsOf(path.resolve('src/vscode/heavy.ts')).map((i) => i.specifier);
    assert.ok(specifiers.length > 3);
    for (const specifier of specifiers) assert.match(specifier, /^\.\.\/core\//, specifier);
  });

  it('the shell imports nothing from the heavy core modules except types', () => {
    const heavyModules = /^\.\.?\/(core|vscode\/\.\.\/core)\/(pipeline|net\/http|llm\/openai|fulltext\/|latex\/project|latex\/bibUpdate|bibtex\/)|\.\/heavy$/;
    const files = ['src/extension.ts', ...readdirSync('src/vscode').map((f) => path.join('src/vscode', f))].filter(
      (f) => f.endsWith('.ts') && !f.endsWith('heavy.ts'),
    );
    for (const file of files) {
      for (const { specifier, typeOnly } of importsOf(path.resolve(file))) {
        const normalised = specifier.replace(/^\.\/core\//, '../core/');
        if (heavyModules.test(normalised)) assert.ok(typeOnly, `${file} imports ${specifier} at run time`);
      }
    }
  });
});
