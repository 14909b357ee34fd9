// Defensive parsing of what language models return when asked for JSON. Real models wrap
// their JSON in ``` fences, prepend <think> blocks (reasoning models), add a sentence of prose
// before or after, leave trailing commas, or write scores as "8/10".
import { withoutThinking } from './thinkFilter';

export class ModelJsonError extends Error {
  override name = 'ModelJsonError';
}

/** Parses a model's answer into a JSON value; throws ModelJsonError when no JSON can be found. */
export function parseModelJson(text: string): unknown {
  const cleaned = withoutThinking(String(text)).trim();
  const candidates = [cleaned, ...fencedBlocks(cleaned), ...outermostJson(cleaned)];
  for (const candidate of candidates) {
    const value = tryParse(candidate);
    if (value !== undefined) return value;
  }
  throw new ModelJsonError(`The model did not return JSON: ${preview(cleaned)}`);
}

function fencedBlocks(text: string): string[] {
  return [...text.matchAll(/```[a-zA-Z0-9_-]*\s*\n?([\s\S]*?)```/g)].map((m) => m[1]!.trim());
}

/** Every balanced {...} or [...] span that starts at the first opening bracket, outermost first. */
function outermostJson(text: string): string[] {
  const spans: string[] = [];
  for (let start = 0; start < text.length; start++) {
    const open = text[start];
    if (open !== '{' && open !== '[') continue;
    const end = matchingBracket(text, start);
    if (end > start) spans.push(text.slice(start, end + 1));
    if (spans.length >= 4) break;
  }
  return spans;
}

/** Index of the bracket closing the one at `start`, honouring strings; -1 when unbalanced. */
function matchingBracket(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

function tryParse(candidate: string): unknown {
  if (!candidate) return undefined;
  for (const variant of [candidate, withoutTrailingCommas(candidate)]) {
    try {
      const value: unknown = JSON.parse(variant);
      // A bare string or number is prose, not the object we asked for.
      if (value !== null && typeof value === 'object') return value;
    } catch {
      // try the next variant
    }
  }
  return undefined;
}

/** Removes commas before a closing bracket, outside strings. */
function withoutTrailingCommas(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      out += ch;
      if (ch === '\\') out += text[++i] ?? '';
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    if (ch === ',' && /^\s*[}\]]/.test(text.slice(i + 1))) continue;
    out += ch;
  }
  return out;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 120 ? flat.slice(0, 117) + '...' : flat || '(empty answer)';
}

/**
 * Reads a model's score on a 0–1 scale from 8, "8", "8/10", "0.8", "80%" or "7.5 out of 10".
 * `outOf` is the scale the prompt asked for (e.g. 10): a bare number is read on it, except a
 * fraction below 1, which is already 0–1. Without it a bare number above 1 is read as 0–10
 * (0–100 above 10) and one at most 1 as 0–1. Clamped to 0–1; NaN when it is not a score.
 */
export function readScore(value: unknown, outOf?: number): number {
  if (typeof value === 'number') return fromBareNumber(value, outOf);
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  const ratio = /^(-?\d+(?:\.\d+)?)\s*(?:\/|out of)\s*(\d+(?:\.\d+)?)/i.exec(text);
  if (ratio) {
    const denominator = Number(ratio[2]);
    return denominator > 0 ? clamp01(Number(ratio[1]) / denominator) : Number.NaN;
  }
  const percent = /^(-?\d+(?:\.\d+)?)\s*%/.exec(text);
  if (percent) return clamp01(Number(percent[1]) / 100);
  const plain = /^-?\d+(?:\.\d+)?/.exec(text);
  return plain ? fromBareNumber(Number(plain[0]), outOf) : Number.NaN;
}

function fromBareNumber(n: number, outOf?: number): number {
  if (!Number.isFinite(n)) return Number.NaN;
  // 0.8 on a 0–10 scale is a model answering in fractions after all, not 0.08.
  if (outOf && outOf > 0 && !(n < 1 && !Number.isInteger(n))) return clamp01(n / outOf);
  return normaliseScale(n);
}

function normaliseScale(n: number): number {
  if (n <= 1) return clamp01(n);
  if (n <= 10) return n / 10;
  return clamp01(n / 100);
}

function clamp01(n: number): number {
  return Math.min(1, Math.max(0, n));
}
