// An audit's input read from disk, as the CLI reads it: every .tex beside the file is listed.
import { access, readFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AuditInput } from '../../src/core/audit';

export function diskInput(file: string, scope: 'file' | 'project' = 'project'): AuditInput {
  return {
    file,
    scope,
    files: {
      read: (f) => readFile(f, 'utf8').catch(() => undefined),
      list: async () => readdirSync(dirname(file)).filter((n) => n.endsWith('.tex')).map((n) => join(dirname(file), n)),
    },
    exists: (f) => access(f).then(() => true, () => false),
  };
}
