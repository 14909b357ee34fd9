// The files a root document pulls in (\input, \include, \subfile, \import and friends), read
// recursively, and every bibliography command found in any of them: a `\addbibresource` in
// `preamble.tex` counts as much as one in the root. Remote resources (`location=remote`, URLs)
// are listed as skipped, with the reason, instead of being treated as files.
import * as path from 'node:path';
import type { TexFiles } from './project';
import { blankHiddenText } from '../latex/hidden';

export interface TreeFile {
  file: string;
  text: string;
  /** The folder `\subimport` and a file's own `\input`s resolve against (set by \import). */
  importDir?: string;
}

export interface ProjectTree {
  root: string;
  /** The root first, then every file it includes, in document order, each once. */
  files: TreeFile[];
  /** Inclusions that lead back to a file including them ("a.tex → b.tex → a.tex"): followed once, reported. */
  loops: string[];
  /** Inclusions of a .tex file that is not there (not `\InputIfFileExists`, which may find none). */
  missing: MissingInclusion[];
}

export interface MissingInclusion {
  /** The file that includes it. */
  file: string;
  /** 1-based. */
  line: number;
  /** The command as written: `\input{ch/missing}`. */
  written: string;
}

/** A large thesis has a few hundred files; beyond that something is looping or generated. */
const MAX_FILES = 400;

interface Inclusion {
  name: string;
  /** Where the command stands in the including file, and the command as written. */
  at: number;
  written: string;
  /** The folder `name` is relative to, when the command gives one (\import{dir}{file}). */
  dir?: string;
  command: string;
}

/** The inclusions of a (comment-stripped) text, in order. */
function inclusions(text: string): Inclusion[] {
  const found: { at: number; inclusion: Inclusion }[] = [];
  const single = /\\(input|include|subfile|InputIfFileExists|includeonly)\s*\{([^{}]*)\}/g;
  for (const m of text.matchAll(single)) {
    if (m[1] === 'includeonly') continue;
    found.push({ at: m.index, inclusion: { name: m[2]!.trim(), command: m[1]!, at: m.index, written: m[0] } });
  }
  // Plain TeX's `\input chapter1`, without braces.
  for (const m of text.matchAll(/\\input\s+([^\s{}\\%]+)/g)) {
    found.push({ at: m.index, inclusion: { name: m[1]!, command: 'input', at: m.index, written: m[0] } });
  }
  const withDir = /\\(import|subimport|inputfrom|subinputfrom|includefrom|subincludefrom)\*?\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g;
  for (const m of text.matchAll(withDir)) {
    found.push({ at: m.index, inclusion: { name: m[3]!.trim(), dir: m[2]!.trim(), command: m[1]!, at: m.index, written: m[0] } });
  }
  return found
    .sort((a, b) => a.at - b.at)
    .map((f) => f.inclusion)
    .filter((i) => i.name.length > 0 && !/[\\#]/.test(i.name));
}

/** Where TeX (and LaTeX Workshop) would look for an included file, first match wins. */
function candidatePaths(inclusion: Inclusion, including: TreeFile, rootDir: string): { file: string; importDir?: string }[] {
  const withTex = (name: string): string[] => (path.extname(name) === '.tex' ? [name] : [name + '.tex', name]);
  const fileDir = path.dirname(including.file);
  if (inclusion.dir !== undefined) {
    // \import and \inputfrom name a folder from the root's; the sub- forms from the including file's.
    const relativeTo = inclusion.command.startsWith('sub') ? (including.importDir ?? fileDir) : rootDir;
    const importDir = path.resolve(relativeTo, inclusion.dir);
    return withTex(inclusion.name).map((name) => ({ file: path.resolve(importDir, name), importDir }));
  }
  const dirs = inclusion.command === 'subfile' ? [fileDir, rootDir] : [including.importDir ?? rootDir, fileDir];
  return [...new Set(dirs)].flatMap((dir) =>
    withTex(inclusion.name).map((name) => ({ file: path.resolve(dir, name), importDir: including.importDir })),
  );
}

/** Reads the root and, depth first in document order, every file it includes. */
export async function walkIncludes(root: string, rootText: string, files: TexFiles): Promise<ProjectTree> {
  const rootDir = path.dirname(root);
  const visited = new Set<string>([root]);
  const ordered: TreeFile[] = [];
  const loops: string[] = [];
  const missing: MissingInclusion[] = [];
  const stack: string[] = [];
  const visit = async (current: TreeFile): Promise<void> => {
    ordered.push(current);
    stack.push(current.file);
    // An \input that \iffalse or a comment environment hides includes nothing in the PDF.
    for (const inclusion of inclusions(blankHiddenText(current.text))) {
      if (visited.size >= MAX_FILES) break;
      let found = false;
      for (const candidate of candidatePaths(inclusion, current, rootDir)) {
        if (visited.has(candidate.file)) {
          const back = stack.indexOf(candidate.file);
          if (back >= 0) loops.push([...stack.slice(back), candidate.file].map((f) => path.relative(rootDir, f) || path.basename(f)).join(' → '));
          found = true;
          break;
        }
        const text = await files.read(candidate.file);
        if (text === undefined) continue;
        found = true;
        visited.add(candidate.file);
        await visit({ file: candidate.file, text, importDir: candidate.importDir });
        break;
      }
      if (!found && mayHoldProse(inclusion)) missing.push(missingOne(current, inclusion));
    }
    stack.pop();
  };
  await visit({ file: root, text: rootText });
  return { root, files: ordered, loops, missing };
}

/**
 * A .tex file (or one named without an extension) that must be there: `\InputIfFileExists` may
 * find none, and a generated `.bbl` or a `.tikz` picture holds no prose to miss.
 */
function mayHoldProse(inclusion: Inclusion): boolean {
  return inclusion.command !== 'InputIfFileExists' && ['', '.tex'].includes(path.extname(inclusion.name));
}

function missingOne(including: TreeFile, inclusion: Inclusion): MissingInclusion {
  const line = including.text.slice(0, inclusion.at).split('\n').length;
  return { file: including.file, line, written: inclusion.written.replace(/\s+/g, ' ') };
}
