// dist/heavy.js is a second bundle: a module in it gets its own copy of any module state.
// So it may only gather src/core (no output channel, no editor state), and the shell may
// reach it only through lazy.ts. Checked on what esbuild actually bundles (its metafile),
// built here in memory with the options of esbuild.config.mjs.
import assert from 'node:assert/strict';
import * as esbuild from 'esbuild';

/** The inputs esbuild puts in the bundle of `entry`, and the externals that bundle requires. */
async function bundleOf(entry: string, external: string[]): Promise<{ inputs: string[]; requires: string[] }> {
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile: 'bundle.js',
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['vscode', 'pdfjs-dist', 'pdfjs-dist/*', ...external],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint === entry);
  assert.ok(output, `esbuild produced the bundle of ${entry}`);
  return {
    inputs: Object.keys(output.inputs),
    requires: output.imports.filter((i) => i.external).map((i) => i.path),
  };
}

/** A library file, wherever node_modules is (it may be a link to a shared install: `../x/node_modules/…`). */
const LIBRARY = /(^|\/)node_modules\//;

/**
 * The core modules that must stay out of the shell: they are the point of the split. One module of
 * text/ is light and shared by the shell's messages: plural.ts ("1 file", "17 sentences") imports nothing.
 */
const HEAVY_CORE = /^src\/core\/(pipeline|search\.ts|net\/http|net\/cache|llm\/openai|fulltext\/|latex\/|manuscript\/|bibtex\/|text\/(?!plural\.ts$)|ranking\/|scoring\/)/;

describe('extension bundle split', () => {
  it('dist/heavy.js gathers src/core (and libraries) only, no editor-side module', async () => {
    const { inputs } = await bundleOf('src/vscode/heavy.ts', []);
    const ours = inputs.filter((i) => !LIBRARY.test(i));
    assert.ok(ours.some((i) => i.startsWith('src/core/pipeline')), 'the pipeline is in the heavy bundle');
    for (const input of ours) {
      if (input === 'src/vscode/heavy.ts' || input === 'package.json') continue; // the version, for the User-Agent
      assert.match(input, /^src\/core\//, `${input} in dist/heavy.js`);
    }
  });

  it('dist/extension.js holds none of the heavy core nor any library, and requires ./heavy', async () => {
    const { inputs, requires } = await bundleOf('src/extension.ts', ['./heavy']);
    assert.ok(inputs.includes('src/extension.ts') && inputs.includes('src/vscode/lazy.ts'), `shell inputs: ${inputs.join(', ')}`);
    for (const input of inputs) {
      assert.ok(!LIBRARY.test(input), `${input} in dist/extension.js`);
      assert.ok(!HEAVY_CORE.test(input), `${input} in dist/extension.js`);
      assert.notEqual(input, 'src/vscode/heavy.ts');
    }
    assert.ok(requires.includes('./heavy'), 'the shell loads dist/heavy.js at run time (lazy.ts)');
  });
});
