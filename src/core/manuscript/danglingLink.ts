// A symbolic link whose target is missing (a share not mounted, a moved library): writing through
// it would create a file where the link points, and writing over it would lose the link. The CLI's
// writes (cli/files.ts) and the editor's insertion (vscode/insertCitation.ts) both refuse it so.
import { lstat, readlink, stat } from 'node:fs/promises';
import * as path from 'node:path';

/** Why `file` must not be written, naming the link and its target; undefined when it is no dangling link. */
export async function danglingLinkRefusal(file: string): Promise<string | undefined> {
  const link = await lstat(file).catch(() => undefined);
  if (!link?.isSymbolicLink()) return undefined;
  const missing = await stat(file).then(() => false, (error: NodeJS.ErrnoException) => error.code === 'ENOENT');
  if (!missing) return undefined;
  const to = await readlink(file);
  const resolved = path.resolve(path.dirname(file), to);
  const where = resolved === to ? `"${to}"` : `"${to}" (${resolved})`;
  return `"${file}" is a symbolic link to ${where}, which does not exist (restore its target or remove the link)`;
}
