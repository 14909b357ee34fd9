// The wording the cite-worthiness model weighs beside its named features: the sentence's words and
// word pairs ("has been", "et al", "proposed by", "such as"), lower-cased, with numbers, years and
// acronyms each read as one token, so that a learnt weight is about wording, never one paper's
// topic. The vocabulary and its weights are fitted by models/train-citeworthiness.ts.

const TOKEN = /\p{L}[\p{L}'’-]*|\d+(?:[.,]\d+)*%?|%/gu;

function tokenOf(raw: string): string {
  if (/^(?:19[5-9]\d|20[0-4]\d)$/.test(raw)) return '<year>';
  if (/^\d/.test(raw)) return raw.endsWith('%') ? '<percent>' : '<number>';
  if (raw === '%') return '<percent>';
  if (/^\p{Lu}[\p{Lu}\d-]+s?$/u.test(raw) || /\p{Ll}\p{Lu}/u.test(raw)) return '<acronym>';
  return raw.toLowerCase().replace(/’/g, "'");
}

/** The sentence's distinct words and word pairs; "^" marks the start ("^ however"). */
export function wordingOf(text: string): string[] {
  const tokens = ['^', ...(text.match(TOKEN) ?? []).map(tokenOf)];
  const grams = new Set<string>(tokens.slice(1));
  for (let i = 1; i < tokens.length; i++) grams.add(`${tokens[i - 1]} ${tokens[i]}`);
  return [...grams];
}
