// The syntax of a cite-key formula in the style of Better BibTeX's legacy formulas and JabRef's
// key patterns: `[auth:lower][year][shorttitle:1]`. Fields in brackets, each with `:modifier`s,
// literal text between them. Only parsing lives here (the settings validate a formula without
// loading the BibTeX code); bibtex/keyFormula.ts evaluates it.

export interface FormulaPart {
  /** Text copied into the key as is. */
  literal?: string;
  field?: string;
  modifiers?: string[];
}

export class KeyFormulaError extends Error {
  override name = 'KeyFormulaError';
}

/** Fields a formula may use; `N` and `M` are numbers. */
export const FORMULA_FIELDS: readonly RegExp[] = [
  /^auth$/, /^auth\d+$/, /^auth\d+_\d+$/, /^authors$/, /^authors\d+$/, /^authorLast$/, /^authEtAl$/, /^auth\.etal$/,
  /^year$/, /^shortyear$/, /^title$/, /^shorttitle$/, /^veryshorttitle$/,
];

/** Modifiers, applied left to right. */
export const FORMULA_MODIFIERS: readonly RegExp[] = [
  /^lower$/, /^upper$/, /^capitalize$/, /^abbr$/, /^\d+$/, /^truncate\d+$/, /^select,\d+(,\d+)?$/, /^skipwords$/, /^fold$/, /^nopunct$/,
];

/** Characters a key may hold besides letters and digits (BibTeX and biber alike). */
const LITERAL = /^[A-Za-z0-9_:./+-]*$/;

export function parseKeyFormula(formula: string): FormulaPart[] {
  const parts: FormulaPart[] = [];
  let at = 0;
  while (at < formula.length) {
    const open = formula.indexOf('[', at);
    const literal = formula.slice(at, open < 0 ? formula.length : open);
    if (literal) {
      if (!LITERAL.test(literal)) throw new KeyFormulaError(`"${literal}" cannot be part of a cite key (letters, digits and - _ : . / + only).`);
      parts.push({ literal });
    }
    if (open < 0) break;
    const close = formula.indexOf(']', open);
    if (close < 0) throw new KeyFormulaError(`"[" at position ${open + 1} is never closed.`);
    const [field = '', ...modifiers] = formula.slice(open + 1, close).split(':').map((s) => s.trim());
    if (!FORMULA_FIELDS.some((pattern) => pattern.test(field))) {
      throw new KeyFormulaError(`Unknown field "[${field}]" (known: auth, authN, authN_M, authors, authorsN, authorLast, authEtAl, auth.etal, year, shortyear, title, shorttitle, veryshorttitle).`);
    }
    for (const modifier of modifiers) {
      if (!FORMULA_MODIFIERS.some((pattern) => pattern.test(modifier))) {
        throw new KeyFormulaError(`Unknown modifier ":${modifier}" in [${field}] (known: lower, upper, capitalize, abbr, N, truncateN, select,N,M, skipwords).`);
      }
    }
    parts.push({ field, modifiers });
    at = close + 1;
  }
  if (!parts.some((p) => p.field)) throw new KeyFormulaError('A formula needs at least one [field].');
  return parts;
}
