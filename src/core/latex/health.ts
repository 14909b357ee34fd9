// Malformed LaTeX in an authority's BibTeX. Crossref's BibTeX transform mangles maths it holds as
// `$\upOmega$` into `$\{upOmega}$` (real answer for 10.1086/307221), which breaks the user's
// LaTeX run; other records carry HTML or MathML tags (`<i>`, `<sub>`, `<mml:math>`) or entities.
// Each prose field is checked; a problem with one exact reading is repaired in that field only
// (the other bytes of the entry stay the authority's), anything else is reported so the caller
// can take the entry from the next authority.
import { bibtexParser } from 'latex-utensils';
import { parseBibtex } from '../bibtex/parse';

/** Fields whose value is LaTeX text a document typesets. */
const PROSE_FIELDS = new Set(['title', 'booktitle', 'journal', 'journaltitle', 'series', 'publisher', 'author', 'editor', 'note', 'abstract', 'subtitle', 'eventtitle', 'institution', 'school', 'organization']);

/** LaTeX's own Greek letter commands (upgreek's \upOmega etc. need that package: plain \Omega). */
const GREEK = new Set([
  'alpha', 'beta', 'gamma', 'delta', 'epsilon', 'varepsilon', 'zeta', 'eta', 'theta', 'vartheta', 'iota', 'kappa', 'lambda', 'mu', 'nu',
  'xi', 'pi', 'varpi', 'rho', 'varrho', 'sigma', 'varsigma', 'tau', 'upsilon', 'phi', 'varphi', 'chi', 'psi', 'omega',
  'Gamma', 'Delta', 'Theta', 'Lambda', 'Xi', 'Pi', 'Sigma', 'Upsilon', 'Phi', 'Psi', 'Omega',
]);

const MANGLED_COMMAND = /\\\{([A-Za-z]+)\}/g;
const MATHML = /<\/?(?:mml:[a-z]+|math)\b[^>]*>/i;
const SIMPLE_TAGS: Record<string, string> = { i: 'textit', em: 'emph', b: 'textbf', strong: 'textbf', sub: 'textsubscript', sup: 'textsuperscript', scp: 'textsc', u: 'underline' };
const HTML_TAG = /<\/?([a-z][a-z0-9:-]*)\b[^>]*>/gi;
const ENTITIES: Record<string, string> = { '&amp;': '\\&', '&lt;': '$<$', '&gt;': '$>$', '&quot;': '"', '&nbsp;': '~' };
const ENTITY = /&(?:amp|lt|gt|quot|nbsp|#\d+|#x[0-9a-f]+);/gi;

export interface FieldProblem {
  field: string;
  /** In words, with the offending text: `maths mangled into "\{upOmega}"`. */
  what: string;
}

/** What is wrong with one field's LaTeX, in words (empty when nothing is). */
export function latexProblems(value: string): string[] {
  const problems: string[] = [];
  const mangled = [...value.matchAll(MANGLED_COMMAND)].map((m) => m[0]);
  if (mangled.length) problems.push(`maths mangled into "${[...new Set(mangled)].join('", "')}"`);
  if (MATHML.test(value)) problems.push('MathML tags');
  const tags = [...value.matchAll(HTML_TAG)].map((m) => m[1]!.toLowerCase()).filter((t) => !t.startsWith('mml:') && t !== 'math');
  if (tags.length) problems.push(`HTML tags (<${[...new Set(tags)].join('>, <')}>)`);
  const entities = [...new Set(value.match(ENTITY) ?? [])];
  if (entities.length) problems.push(`HTML entities (${entities.join(', ')})`);
  if (unescapedDollars(value) % 2 === 1) problems.push('an unclosed $…$');
  return problems;
}

function unescapedDollars(value: string): number {
  return (value.match(/(?<!\\)\$/g) ?? []).length;
}

/**
 * The field with its one-reading problems repaired (`\{upOmega}` → `\Omega`, `<i>x</i>` →
 * `\textit{x}`, `&amp;` → `\&`), or undefined when something cannot be read one way only.
 */
export function repairLatex(value: string): string | undefined {
  if (MATHML.test(value)) return undefined;
  let unknown = false;
  let repaired = value.replace(MANGLED_COMMAND, (whole, name: string) => {
    const bare = name.replace(/^up(?=[a-zA-Z])/, '');
    if (GREEK.has(bare)) return `\\${bare}`;
    unknown = true;
    return whole;
  });
  repaired = repairTags(repaired) ?? ((unknown = true), repaired);
  repaired = repaired.replace(ENTITY, (entity) => {
    const known = ENTITIES[entity.toLowerCase()];
    if (known) return known;
    const code = /^&#x([0-9a-f]+);$/i.exec(entity)?.[1] ?? /^&#(\d+);$/.exec(entity)?.[1];
    if (code === undefined) return ((unknown = true), entity);
    return String.fromCodePoint(parseInt(code, /x/i.test(entity) ? 16 : 10));
  });
  if (unknown || latexProblems(repaired).length > 0) return undefined;
  return repaired;
}

/** `<i>x</i>` → `\textit{x}` for balanced simple tags; undefined for any other tag. */
function repairTags(value: string): string | undefined {
  let text = value;
  for (let pass = 0; pass < 10; pass++) {
    const inner = /<([a-z]+)>([^<>]*)<\/\1>/i.exec(text);
    if (!inner) break;
    const command = SIMPLE_TAGS[inner[1]!.toLowerCase()];
    if (!command) return undefined;
    text = text.slice(0, inner.index) + `\\${command}{${inner[2]}}` + text.slice(inner.index + inner[0].length);
  }
  return /<\/?[a-z][a-z0-9:-]*\b[^>]*>/i.test(text) ? undefined : text;
}

export interface ReviewedBibtex {
  /** The entry, with repaired fields rewritten in place (every other byte as the authority sent it). */
  bibtex: string;
  /** Repaired fields, in words: `title: maths mangled into "\{upOmega}" (repaired)`. */
  repaired: FieldProblem[];
  /** Problems that could not be repaired one way only. */
  unrepaired: FieldProblem[];
}

/** Checks every prose field of the (single) entry and repairs what has one reading. */
export function reviewBibtexLatex(bibtex: string): ReviewedBibtex {
  const result: ReviewedBibtex = { bibtex, repaired: [], unrepaired: [] };
  let ast: bibtexParser.BibtexAst;
  try {
    ast = parseBibtex(bibtex);
  } catch {
    return result; // not parseable: the authority check reports that
  }
  const edits: { start: number; end: number; text: string }[] = [];
  for (const entry of ast.content.filter(bibtexParser.isEntry)) {
    for (const field of entry.content) {
      const name = field.name.toLowerCase();
      if (!PROSE_FIELDS.has(name) || !bibtexParser.isTextStringValue(field.value)) continue;
      const value = field.value.content;
      const problems = latexProblems(value);
      if (problems.length === 0) continue;
      const fixed = repairLatex(value);
      const what = problems.join('; ');
      if (fixed === undefined) {
        result.unrepaired.push({ field: name, what });
        continue;
      }
      result.repaired.push({ field: name, what });
      // The value's text between its delimiters ({…} or "…"): replace exactly that.
      const { start, end } = field.value.location;
      const raw = bibtex.slice(start.offset, end.offset);
      const at = raw.indexOf(value);
      if (at < 0) {
        result.repaired.pop();
        result.unrepaired.push({ field: name, what });
        continue;
      }
      edits.push({ start: start.offset + at, end: start.offset + at + value.length, text: fixed });
    }
  }
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    result.bibtex = result.bibtex.slice(0, edit.start) + edit.text + result.bibtex.slice(edit.end);
  }
  return result;
}
