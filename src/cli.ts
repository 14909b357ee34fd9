// Entry point of `node dist/cli.js`; see src/cli/main.ts.
import * as nodeModule from 'node:module';

// pdfjs-dist, p-retry and the cache need Node 22.13+; say so before any of them is loaded.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major! < 22 || (major === 22 && minor! < 13)) {
  process.stderr.write(`citefinder needs Node.js 22.13 or newer; this is ${process.version}.\n`);
  process.exit(2);
}

// Ctrl-C while the bundle is still loading (a moment on a busy machine) is a cancelled run too:
// exit 130 with the same words, not a death by signal. main() takes over once it runs.
const onEarlySigint = (): void => {
  process.stderr.write('citefinder: cancelled.\n');
  process.exit(130);
};
process.once('SIGINT', onEarlySigint);

// A reader that stops early (`citefinder coverage main.tex --json | head`) closes the pipe: the next
// write fails with EPIPE, which Node throws as an unhandled 'error' event with a stack trace. The
// reader has what it wanted; end quietly, exit 0. Every file the CLI writes is written whole and
// renamed over (cli/files.ts), so stopping here never leaves half a .bib.
const onClosedPipe = (error: NodeJS.ErrnoException): void => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
};
process.stdout.on('error', onClosedPipe);
process.stderr.on('error', onClosedPipe);

// The CLI's code is its own file (dist/cli/main.js, ~2.7 MB minified), loaded after V8's compile cache is on:
// the code compiled in one run is kept for the next (Node's compile cache, in the temp folder,
// checked against each file's contents), so a new process does not compile it again. The CLI
// turns it on for itself only; an editor's process is never touched.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const argv = process.argv.slice(2);

Promise.resolve()
  .then(async () => {
    // A repeated `find` is answered from its kept result by a small bundle of its own
    // (dist/cli/kept.js, see src/cli/kept.ts); anything else, or a miss, loads the whole CLI.
    if (argv[0] === 'find') {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { keptFind } = require('./cli/kept') as typeof import('./cli/kept');
      const code = await keptFind(argv);
      if (code !== undefined) return code;
    }
    // A plain require: the built CLI is CommonJS, and require finds dist/cli/main.js without ESM's extension rules.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { main } = require('./cli/main') as typeof import('./cli/main');
    process.off('SIGINT', onEarlySigint);
    return main(argv);
  })
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`citefinder: ${(error as Error).message ?? String(error)}\n`);
      process.exitCode = 1;
    },
  );
