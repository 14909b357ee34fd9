// Which packages a LaTeX text loads: `\usepackage[opts]{a,b}` and `\RequirePackage{…}`.

/** True when `text` (comments already stripped) loads a package whose name is `name` or matches it. */
export function usesPackage(text: string, name: string | RegExp): boolean {
  for (const match of text.matchAll(/\\(?:usepackage|RequirePackage)\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}/g)) {
    if (match[1]!.split(',').some((p) => (typeof name === 'string' ? p.trim() === name : name.test(p.trim())))) return true;
  }
  return false;
}
