// Numbers as whole tokens. The word scanner splits "90.1%" into "90" and "1", so a claim quoting
// "90.1% precision" would match any paragraph with a 90 and a 1 in it. Here each decimal number
// also becomes one token ("90.1"), and a number with its unit one more ("90.1%", "5mg" for
// "5 mg"), rare enough across a paper to weigh like a name.
import type { Token } from '../text/tokens';

const NUMBER = /(?<![\p{L}\d.])(\d+(?:,\d{3})*(?:\.\d+)?)(?:(\s?)(%|percent\b|per cent\b|[a-zµμ]{1,3}\b))?/giu;
const NEEDS_HELP = /\d\.\d|\d\s?%|\d\s(?:percent|per cent|[a-zµμ]{1,3}\b)/i;

/** Short words that follow numbers without being units ("2 of 5", "3 to 4"). */
const NOT_UNITS = new Set(['a', 'an', 'and', 'as', 'at', 'be', 'by', 'for', 'in', 'is', 'it', 'of', 'on', 'or', 'the', 'to', 'we', 'was', 'are', 'all', 'per', 'vs', 'new']);

/** Whether a text has a number the scanner splits or leaves apart from its unit. */
export function hasCompoundNumbers(text: string): boolean {
  return NEEDS_HELP.test(text);
}

/** `tokens` plus whole-number and number-with-unit tokens, in text order. */
export function expandNumbers(tokens: Token[], text: string): Token[] {
  if (!NEEDS_HELP.test(text)) return tokens;
  const extra: Token[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const value = m[1]!.replace(/,/g, '');
    const start = m.index;
    const end = start + m[1]!.length;
    if (value.includes('.')) extra.push({ stem: value, start, end });
    const unit = m[3]?.toLowerCase();
    // "5mg" is already one token of the scanner's; "5 mg" and "90.1%" are not.
    const glued = !m[2] && unit !== '%' && !value.includes('.');
    if (unit && !glued && !NOT_UNITS.has(unit)) extra.push({ stem: value + (unit === '%' || unit.startsWith('per') ? '%' : unit), start, end: start + m[0].length });
  }
  if (extra.length === 0) return tokens;
  return [...tokens, ...extra].sort((a, b) => a.start - b.start || a.end - b.end);
}
