// Entry point of `node dist/cli.js`; see src/cli/main.ts.

// pdfjs-dist, p-retry and the cache need Node 22.13+; say so before any of them is loaded.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major! < 22 || (major === 22 && minor! < 13)) {
  process.stderr.write(`citefinder needs Node.js 22.13 or newer; this is ${process.version}.\n`);
  process.exit(2);
}

import('./cli/main')
  .then(({ main }) => main(process.argv.slice(2)))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`citefinder: ${(error as Error).message ?? String(error)}\n`);
      process.exitCode = 1;
    },
  );
