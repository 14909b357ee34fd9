// Builds the extension, the CLI, the benchmarks and the test bundles.
// Tests are bundled exactly like the product so the same code runs under mocha,
// in code-server's extension host and in @vscode/test-electron.
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, rmSync } from 'node:fs';

/** The .ts files in `dir` (and below it with `deep`): a glob that needs no node:fs globSync (Node ≥ 22). */
function tsFiles(dir, deep = false) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return deep ? tsFiles(path, true) : [];
    return entry.name.endsWith('.ts') ? [path] : [];
  }).sort();
}

const watch = process.argv.includes('--watch');
// Test bundles of moved or deleted test files must not linger: mocha runs whatever is in out/test.
if (!watch) rmSync('out/test', { recursive: true, force: true });
// pdfjs-dist loads its worker module at run time, so it stays a real module on disk.
const external = ['vscode', 'pdfjs-dist', 'pdfjs-dist/*', 'mocha', 'playwright-core', 'esbuild'];
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Some ESM-only dependencies use import.meta.url; give them a CJS equivalent.
  define: { 'import.meta.url': '__import_meta_url' },
  banner: { js: "const __import_meta_url = require('url').pathToFileURL(__filename).href;" },
};

const builds = [
  // The extension is two bundles: a small shell that activates fast, and dist/heavy.js (the
  // pipeline, parsers and LLM client, gathered by src/vscode/heavy.ts), required on first use.
  { ...common, entryPoints: { extension: 'src/extension.ts' }, outdir: 'dist', minify: !watch,
    external: [...external, './heavy'] },
  { ...common, entryPoints: { heavy: 'src/vscode/heavy.ts' }, outdir: 'dist', minify: !watch },
  // The worker thread that parses PDFs and TEI (src/core/fulltext/parsePool.ts starts it): its own
  // file beside heavy.js and cli.js, since a worker runs a file, not a module of the bundle.
  { ...common, entryPoints: { parseWorker: 'src/core/fulltext/parseWorker.ts' }, outdir: 'dist', minify: !watch },
  // `citefinder`: a small entry (the Node version check, the compile cache) and the CLI's code in
  // its own file, which the entry loads once the compile cache is on.
  { ...common, entryPoints: { cli: 'src/cli.ts' }, outdir: 'dist', external: [...external, './cli/main', './cli/kept'],
    banner: { js: '#!/usr/bin/env node\n' + common.banner.js } },
  // Minified: a new CLI process reads and loads about half the bytes (start-up ~390 → ~295 ms).
  // The LLM client and the noun-phrase tagger are loaded on first use, from node_modules (the CLI
  // runs beside its dependencies, as it does for pdfjs-dist): a run that needs neither never reads them.
  { ...common, entryPoints: { 'cli/main': 'src/cli/main.ts' }, outdir: 'dist', minify: !watch,
    external: [...external, 'openai', 'compromise'] },
  // A repeated `find` answered from its kept result without loading the CLI above (src/cli/kept.ts).
  { ...common, entryPoints: { 'cli/kept': 'src/cli/kept.ts' }, outdir: 'dist', minify: !watch },
  { ...common, entryPoints: tsFiles('bench'), outdir: 'dist/bench' },
  { ...common, entryPoints: tsFiles('test', true), outdir: 'out/test', outbase: 'test' },
];
const webview = tsFiles('media/src');
if (webview.length) {
  builds.push({ entryPoints: webview, outdir: 'media/dist', bundle: true, format: 'iife',
    platform: 'browser', target: 'es2022', sourcemap: false, minify: !watch, logLevel: 'warning' });
}

const present = builds.filter((b) => Object.values(b.entryPoints).length > 0 &&
  Object.values(b.entryPoints).every((p) => existsSync(p)));
if (watch) {
  for (const b of present) await (await esbuild.context(b)).watch();
} else {
  await Promise.all(present.map((b) => esbuild.build(b)));
}
