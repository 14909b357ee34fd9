// Candidate keyphrases of one sentence: noun-phrase chunks from compromise's part-of-speech tags,
// re-joined across hyphens ("IL-6", "COVID-19"), split where a new noun phrase starts, plus the
// words outside any chunk (a verb like "randomised" can be the most distinctive word).
import { stem } from '../text/stem';
import { isStopword } from '../text/stopwords';
import { tagger } from '../text/tagger';

export interface TaggedWord {
  /** Surface form, punctuation stripped ("IL-6"). */
  text: string;
  stem: string;
  nounish: boolean;
  adjective: boolean;
  /** Index in the sentence, to restore word order. */
  position: number;
}

export interface Chunk {
  tokens: TaggedWord[];
}

interface TaggedTerm {
  text: string;
  pre: string;
  post: string;
  tags: string[];
}

const NOUNISH = /^(Noun|Acronym|ProperNoun|Adjective|Value)$/;

/** Modifiers that carry no topic ("novel", "higher"): dropped from the start of a phrase. */
const EMPTY_MODIFIERS = new Set([
  'new', 'novel', 'several', 'many', 'various', 'different', 'significant', 'important', 'higher', 'lower',
  'more', 'less', 'fewer', 'poorer', 'better', 'worse', 'greater', 'larger', 'smaller', 'recent', 'previous',
  'current', 'first', 'second', 'main', 'key', 'major', 'overall', 'total', 'same', 'other', 'such', 'certain',
  'possible', 'potential', 'further', 'additional', 'specific', 'particular', 'similar', 'strong', 'clear',
]);

/** Tokens and noun-phrase chunks of one sentence. */
export function chunkSentence(sentence: string): { tokens: TaggedWord[]; chunks: Chunk[] } {
  return chunkTokens(joinHyphenated(taggedTerms(sentence)));
}

/** Noun-phrase chunks of tagged tokens, however they were tagged (here, or quickChunks.ts). */
export function chunkTokens(tokens: { token: TaggedWord; breaksAfter: boolean }[]): { tokens: TaggedWord[]; chunks: Chunk[] } {
  const chunks: Chunk[] = [];
  let current: TaggedWord[] = [];
  const flush = () => {
    const trimmed = trimModifiers(current);
    if (trimmed.length > 0) chunks.push(...splitAtNewPhrase(trimmed));
    current = [];
  };
  for (const { token, breaksAfter } of tokens) {
    if (token.nounish && !isStopword(token.text)) current.push(token);
    else flush();
    if (breaksAfter) flush();
  }
  flush();
  return { tokens: tokens.map((t) => t.token), chunks };
}

function taggedTerms(sentence: string): TaggedTerm[] {
  const sentences = tagger()(sentence).json({ terms: { offset: false } }) as { terms: TaggedTerm[] }[];
  return sentences.flatMap((s) => s.terms);
}

/** Re-joins "IL" "-" "6" into one token; notes where punctuation ends a phrase. */
function joinHyphenated(terms: TaggedTerm[]): { token: TaggedWord; breaksAfter: boolean }[] {
  const out: { token: TaggedWord; breaksAfter: boolean }[] = [];
  let glue: { text: string; tags: Set<string> } | undefined;
  for (const term of terms) {
    const text = (glue ? glue.text : '') + term.text;
    const tags = new Set([...(glue?.tags ?? []), ...term.tags]);
    if (/^[-–/]$/.test(term.post.trim()) && !/\s/.test(term.post)) {
      glue = { text: text + term.post.trim(), tags };
      continue;
    }
    glue = undefined;
    const clean = text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!clean) continue;
    const nounish = [...tags].some((t) => NOUNISH.test(t)) || (/\d/.test(clean) && /\p{L}/u.test(clean));
    out.push({
      token: { text: clean, stem: stem(clean), nounish, adjective: tags.has('Adjective') && !tags.has('Noun'), position: out.length },
      breaksAfter: /[,.;:!?()[\]{}"“”]/.test(term.post) || /[()[\]"“”]/.test(term.pre),
    });
  }
  return out;
}

function trimModifiers(tokens: TaggedWord[]): TaggedWord[] {
  let start = 0;
  while (start < tokens.length && (EMPTY_MODIFIERS.has(tokens[start]!.text.toLowerCase()) || /^\d+(\.\d+)?$/.test(tokens[start]!.text))) start++;
  let end = tokens.length;
  while (end > start && /^\d+(\.\d+)?%?$/.test(tokens[end - 1]!.text)) end--;
  return tokens.slice(start, end);
}

/** "breast cancer primary tumors" → "breast cancer" + "primary tumors": an adjective after a noun starts a new phrase. */
function splitAtNewPhrase(tokens: TaggedWord[]): Chunk[] {
  const chunks: Chunk[] = [];
  let current: TaggedWord[] = [];
  for (const token of tokens) {
    const previous = current.at(-1);
    if (previous && token.adjective && !previous.adjective) {
      chunks.push({ tokens: current });
      current = [];
    }
    current.push(token);
  }
  if (current.length) chunks.push({ tokens: current });
  return chunks;
}

export function isEmptyModifier(word: string): boolean {
  return EMPTY_MODIFIERS.has(word.toLowerCase());
}
