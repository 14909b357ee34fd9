// Entry point of `node dist/cli.js`; see src/cli/main.ts.
import { main } from './cli/main';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`citefinder: ${(error as Error).message ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
