// The languages citefinder works in: LaTeX and the LaTeX-based languages LaTeX Workshop
// registers (expl3, docstrip sources, and the R / Julia / Python weave formats). No `vscode`
// import, so the manifest test can compare package.json against it.
export const LATEX_LANGUAGE_IDS = ['latex', 'latex-expl3', 'doctex', 'rsweave', 'jlweave', 'pweave'] as const;

/** The `when` clause term that is true in an editor of one of those languages. */
export const LATEX_EDITOR_WHEN = `editorLangId =~ /^(${LATEX_LANGUAGE_IDS.join('|')})$/`;

/** File extensions of those languages, for the workspace scan for a root file. */
export const LATEX_FILE_GLOB = '**/*.{tex,ltx,dtx,Rnw,rnw,Rtex,rtex,Jnw,jnw,Pnw,pnw}';
