// LaTeX text as a reader sees it, in Unicode: `$\Omega$` → Ω, `R\'{e}nyi` → Rényi, `$10^{-3}$` →
// 10⁻³. Titles keep their maths as text instead of dropping it ("Measurements of Ω and Λ", never
// "Measurements of and"). The conversion is Better BibTeX's parser (@retorquere/bibtex-parser),
// not tables of our own; its light HTML markup (<i>, <sub>) is dropped for plain text.
import { parse } from '@retorquere/bibtex-parser';
import { repairLatex } from './health';
import { plainLine } from './plainText';

/**
 * A command (`\Omega`, `\'e`, `\em`) or maths: without either the text is taken as plain, since
 * many arXiv abstracts are ASCII that only looks like TeX ("Omega_M ~= 0.3").
 */
const LATEX_SIGNS = /\\(?:[A-Za-z]+|['"`^~=.])|\$/;

export function latexToUnicode(value: string): string {
  if (!LATEX_SIGNS.test(value)) return value;
  const text = escapeOutsideMaths(value);
  // An authority's mangled maths (`$\{upOmega}$`) is read as what it was meant to be.
  const readable = convert(text) ?? convert(escapeOutsideMaths(repairLatex(value) ?? ''));
  return readable ?? plainLine(value);
}

/**
 * `_ ^ ~ % # &` outside $…$ are plain characters in such text ("Omega_M", "~= 0.2"), not
 * subscripts or ties: escaped, so only the commands and the maths are converted.
 */
function escapeOutsideMaths(value: string): string {
  const parts = value.split(/(?<!\\)(\$[^$]*\$)/);
  return parts
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/(?<!\\)([_^%#&])/g, '\\$1').replace(/(?<!\\)~(?=[=<>\d-])/g, '\\textasciitilde{}')))
    .join('');
}

function convert(value: string): string | undefined {
  if (!value) return undefined;
  try {
    const library = parse(`@misc{x, note = {${value}}}`, { english: false, sentenceCase: false, caseProtection: false, unsupported: 'ignore' });
    const note = library.entries[0]?.fields.note;
    if (library.errors.length > 0 || typeof note !== 'string') return undefined;
    // Accents come as combining marks (e + U+0301): composed, so "Rényi" is one letter é.
    return note.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim().normalize('NFC');
  } catch {
    return undefined;
  }
}
