// The extractive reason of a paragraph's score: the paper's own words that matched the claim,
// quoted as the paper writes them.
import { phraseIdf, type ClaimModel, type PhraseSpan, type SentenceStats } from './lexicalModel';

const REASON_ITEMS = 6;

/**
 * Extractive: the paper's own words that matched. Phrases first, overlapping or adjoining ones
 * joined into one quote ("optimal Finger" + "Finger Extension" → "optimal Finger Extension"),
 * heaviest first, a quote another one holds left out; then single words by weight.
 */
export function reasonFor(unit: SentenceStats, model: ClaimModel, idf: Map<string, number>, minWeight = 0): string {
  const quotes = joinedSpans(unit.spans, model, idf).sort((a, b) => b.weight - a.weight);
  const seen = new Set<string>();
  const distinct = quotes.filter((q) => !seen.has(q.text.toLowerCase()) && seen.add(q.text.toLowerCase()));
  // "cell membrane" from one sentence says nothing "damage to the cell membrane" from another has not.
  const quoted = distinct.filter((q) => !distinct.some((other) => other !== q && other.text.toLowerCase().includes(q.text.toLowerCase())));
  const covered = new Set(quotes.flatMap((q) => q.stems));
  const weightOf = (s: string) => model.terms.get(s)! * idf.get(s)!;
  // Words that carried nothing (generic ones) are named only when nothing else matched.
  const carried = [...unit.counts.keys()].filter((s) => !covered.has(s) && weightOf(s) >= minWeight);
  const words = (carried.length || quoted.length ? carried : [...unit.counts.keys()])
    .filter((s) => !covered.has(s))
    .sort((a, b) => weightOf(b) - weightOf(a))
    .map((s) => unit.surfaces.get(s)!);
  const items = [...quoted.map((q) => `"${q.text}"`), ...words].slice(0, REASON_ITEMS);
  return items.length ? `matches: ${items.join(', ')}` : 'no claim terms found';
}

interface Quote {
  text: string;
  stems: string[];
  weight: number;
}

/** Phrase spans of the same sentence that share a word, or only punctuation apart, become one quote. */
function joinedSpans(spans: PhraseSpan[], model: ClaimModel, idf: Map<string, number>): Quote[] {
  const sorted = [...spans].sort((a, b) => (a.sentence === b.sentence ? a.start - b.start : a.sentence < b.sentence ? -1 : 1));
  const quotes: Quote[] = [];
  let open: { span: PhraseSpan; end: number; stems: string[]; weight: number } | undefined;
  const close = () =>
    open && quotes.push({ text: balanced(open.span.sentence, open.span.start, open.end), stems: open.stems, weight: open.weight });
  for (const span of sorted) {
    const phrase = model.phrases[span.phrase]!;
    const weight = phrase.weight * phraseIdf(phrase, idf);
    if (open && open.span.sentence === span.sentence && (span.start < open.end || adjoins(span.sentence, open.end, span.start))) {
      open.end = Math.max(open.end, span.end);
      open.stems.push(...phrase.stems);
      open.weight += weight;
      continue;
    }
    close();
    open = { span, end: span.end, stems: [...phrase.stems], weight };
  }
  close();
  return quotes;
}

/**
 * Two spans are one name when only a mark or two stands between them: a chemical's
 * "(2E, 2E)-4,4-trisulfanediylbis(…)" matches as pieces. A comma and a space join only inside
 * brackets, where they belong to the name, not between the items of a list.
 */
function adjoins(sentence: string, end: number, start: number): boolean {
  const gap = sentence.slice(end, start);
  if (/^[^\p{L}\p{N}\s]{1,2}$/u.test(gap)) return true;
  return gap === ', ' && depthAt(sentence, end) > 0;
}

function depthAt(text: string, at: number): number {
  let depth = 0;
  for (let i = 0; i < at; i++) depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
  return depth;
}

/** The quote with the bracket it opens or closes, so it never reads "2E)-4" or "(but-2-enoic acid". */
function balanced(sentence: string, start: number, end: number): string {
  let depth = 0;
  let unopened = 0;
  for (let i = start; i < end; i++) {
    if (sentence[i] === '(') depth++;
    else if (sentence[i] === ')' && depth > 0) depth--;
    else if (sentence[i] === ')') unopened++;
  }
  if (unopened > 0 && sentence[start - 1] === '(') start--;
  if (depth > 0 && sentence[end] === ')') end++;
  return sentence.slice(start, end);
}
