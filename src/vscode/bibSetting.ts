// Which file `citefinder.bib.file` names, and whether it may be written. No `vscode` import, so
// the rules are unit-tested. A workspace's value is a cloned repository speaking: it must name a
// .bib inside the workspace folder. The user's own value may name any .bib (`~/library.bib`).
import * as path from 'node:path';

export type ConfiguredBib = { file: string } | { refused: string };

export interface BibSettingOrigin {
  /** The value came from the workspace or folder settings, not from the user. */
  fromProject: boolean;
  /** The workspace folder relative paths resolve against. */
  folder: string;
  home: string;
}

export function resolveConfiguredBib(value: string, origin: BibSettingOrigin): ConfiguredBib | undefined {
  const named = value.trim();
  if (!named) return undefined;
  if (!/\.bib$/i.test(named)) return { refused: `citefinder.bib.file must name a .bib file, not "${named}".` };
  if (origin.fromProject) {
    const file = path.resolve(origin.folder, named);
    const relative = path.relative(origin.folder, file);
    if (named.startsWith('~') || relative.startsWith('..') || path.isAbsolute(relative)) {
      return {
        refused: `citefinder.bib.file in this workspace's settings ("${named}") is outside the workspace folder; only your user settings may name a .bib elsewhere.`,
      };
    }
    return { file };
  }
  const expanded = named === '~' || named.startsWith('~/') || named.startsWith('~\\') ? path.join(origin.home, named.slice(1)) : named;
  return { file: path.resolve(origin.folder, expanded) };
}

/** A .bib citefinder may append to: its real path (links followed) is a .bib too. */
export function writableBib(file: string, realPath: string): string | undefined {
  if (/\.bib$/i.test(realPath)) return undefined;
  return `${path.basename(file)} links to ${realPath}, which is not a .bib file; nothing was written.`;
}
