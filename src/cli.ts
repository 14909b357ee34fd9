// Entry point of `node dist/cli.js`; see src/cli/main.ts.

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

import('./cli/main')
  .then(({ main }) => {
    process.off('SIGINT', onEarlySigint);
    return main(process.argv.slice(2));
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
