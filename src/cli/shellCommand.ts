// Commands the CLI prints for the writer to run as they are (`coverage --find`'s insert commands,
// `insert --claim-line`'s when it cites nothing): started the way this CLI was, each word quoted for a POSIX shell.
import { existsSync, realpathSync } from 'node:fs';
import * as path from 'node:path';

/** A word a POSIX shell reads as it is: quoted when it holds anything but plain characters. */
export function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** How this CLI was started, so a command it prints runs as it is: `citefinder` by that name, else `node <its path>`. */
export function invocation(): string[] {
  const script = process.argv[1];
  if (!script || path.basename(script) === 'citefinder') return ['citefinder'];
  return [thisNode(), path.relative(process.cwd(), script) || script];
}

let nodeName: string | undefined;

/** `node` when that is the Node running this; else this one's path (the shell's `node` may be too old for the CLI). Read once. */
function thisNode(): string {
  nodeName ??= nodeOnPath();
  return nodeName;
}

function nodeOnPath(): string {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'node')).find((file) => existsSync(file));
  const same = onPath !== undefined && realpathSync(onPath) === realpathSync(process.execPath);
  const relative = path.relative(process.cwd(), process.execPath);
  return same ? 'node' : relative.startsWith('..') ? process.execPath : relative;
}
