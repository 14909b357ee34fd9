// Builds and runs only the named test files: `node scripts/test-one.mjs test/unit/a.test.ts ...`.
// Lets several people work in one tree without one half-written file breaking everyone's build.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';

const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const mochaArgs = process.argv.slice(2).filter((a) => a.startsWith('--'));
if (files.length === 0) {
  console.error('usage: node scripts/test-one.mjs test/unit/<name>.test.ts [...] [--grep=...]');
  process.exit(2);
}
await esbuild.build({
  entryPoints: files,
  outdir: 'out/test',
  outbase: 'test',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: true,
  external: ['vscode', 'pdfjs-dist', 'pdfjs-dist/*', 'mocha', 'playwright-core', 'esbuild'],
  define: { 'import.meta.url': '__import_meta_url' },
  banner: { js: "const __import_meta_url = require('url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
});
// Code under test parses documents in dist/parseWorker.js: keep it as current as the test.
await esbuild.build({
  entryPoints: { parseWorker: 'src/core/fulltext/parseWorker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: true,
  external: ['pdfjs-dist', 'pdfjs-dist/*'],
  define: { 'import.meta.url': '__import_meta_url' },
  banner: { js: "const __import_meta_url = require('url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
});
const outputs = files.map((f) => f.replace(/^test\//, 'out/test/').replace(/\.ts$/, '.js'));
const run = spawnSync('npx', ['mocha', '--no-config', '--timeout', '20000', '--enable-source-maps', ...mochaArgs, ...outputs], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
