// Noun-phrase chunks without the part-of-speech tagger. compromise builds its lexicon in a new
// process in 250–600 ms, and the first search request must leave within ~100 ms of the claim. In
// a claim the words that name the topic are nouns and their modifiers; what breaks a noun phrase
// is a function word (the stopword list), a verb or an adverb. Verbs of scientific prose come
// from a short closed list and from their endings (-ed, -ing, -ly, -es after a noun), which is
// enough to split a claim where the tagger would: queries/bench shows the first results do not
// get worse (bench/queries.ts).
import { isCollocation } from '../models';
import { stem } from '../text/stem';
import { isStopword } from '../text/stopwords';
import type { Chunk, TaggedWord } from './chunks';
import { chunkTokens } from './chunks';

/** Verbs and auxiliaries of claims that no ending gives away. */
const VERBS = new Set(
  ('is are was were be been being am has have had do does did can could may might must shall should will would ' +
    'show shows indicate indicates suggest suggests reveal reveals demonstrate demonstrates cause causes lead leads ' +
    'increase increases decrease decreases reduce reduces improve improves predict predicts affect affects ' +
    'require requires enable enables promote promotes inhibit inhibits induce induces prevent prevents ' +
    'regulate regulates mediate mediates contribute contributes depend depends remain remains become becomes ' +
    'exist exists occur occurs appear appears seem seems provide provides allow allows make makes take takes ' +
    'give gives raise raises lower lowers protect protects correlate correlates associate associates ' +
    'describe describes explain explains determine determines drive drives control controls ' +
    'lack lacks have possess possesses contain contains display displays exhibit exhibits yield yields ' +
    'get gets got found find finds made known shown seen given taken ' +
    'acquire acquires exert exerts maintain maintains convert converts favor favors favour favours ' +
    'undergo undergoes activate activates repress represses suppress suppresses enhance enhances ' +
    'impair impairs alter alters modulate modulates bind binds encode encodes confer confers ' +
    'attenuate attenuates exacerbate exacerbates accelerate accelerates restore restores elevate elevates ' +
    'accumulate accumulates generate generates produce produces facilitate facilitates stimulate stimulates ' +
    'interact interacts interfere interferes differ differs prefer prefers persist persists fail fails ' +
    'tend tends achieve achieves lose loses prolong prolongs worsen worsens diminish diminishes ' +
    'abolish abolishes disrupt disrupts recruit recruits involve involves include includes resemble resembles ' +
    'exceed exceeds outperform outperforms underlie underlies precede precedes vary varies emerge emerges ' +
    'arise arises evolve evolves elicit elicits sustain sustains ameliorate ameliorates mitigate mitigates ' +
    'counteract counteracts potentiate potentiates impede impedes hinder hinders predispose predisposes')
    .split(' '),
);

/** Conjunctions and prepositions the stopword list lacks: they end a noun phrase as a verb does. */
const CONNECTIVES = new Set(['when', 'whenever', 'during', 'although', 'though', 'whereas', 'until', 'unless', 'despite', 'toward', 'towards', 'versus', 'whereby', 'thereby', 'wherein']);

/** Modals, forms of "be" that take a participle, and subject pronouns: the next word is a verb. */
const BE = new Set(['be', 'been', 'being']);
const BEFORE_A_VERB = new Set(['can', 'could', 'may', 'might', 'must', 'shall', 'should', 'will', 'would', ...BE, 'we', 'they', 'it', 'he', 'she']);

/** Prepositions after which an -ing word that follows a noun names a process ("prime editing in"). */
const GERUND_BEFORE = new Set(['in', 'for']);

/** Words that open a noun phrase: the word before one, between two nouns, is a verb. */
const DETERMINERS = new Set(['the', 'a', 'an', 'its', 'their', 'this', 'these', 'those', 'both', 'several', 'many', 'most']);
const PREPOSITIONS = new Set(['in', 'for', 'among', 'across', 'within', 'after', 'before', 'with', 'without', 'by', 'at', 'on', 'from', 'under', 'over', 'between', 'during', 'through']);

/** Endings of adjectives, which modify the noun after them ("nuclear", "pulmonary", "genetic"). */
const ADJECTIVE_ENDING = /(al|ic|ical|ous|ive|ary|ful|less|able|ible|ar|ent|ant|ile|oid)$/;
/** Nouns with an adjective's ending, common in claims. */
const NOT_ADJECTIVES = new Set(['patient', 'patients', 'agent', 'agents', 'trial', 'signal', 'animal', 'potential', 'variant', 'mutant', 'infant', 'student', 'plant', 'fluid']);

interface Token {
  token: TaggedWord;
  breaksAfter: boolean;
}

/** Tokens and noun-phrase chunks of one sentence, as chunkSentence gives them, with no tagger. */
export function quickChunkSentence(sentence: string): { tokens: TaggedWord[]; chunks: Chunk[] } {
  return chunkTokens(quickTokens(sentence));
}

function quickTokens(sentence: string): Token[] {
  const out: Token[] = [];
  const pieces = sentence.split(/\s+/).filter(Boolean);
  pieces.forEach((piece, index) => {
    const clean = piece.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!clean) {
      if (out.length && /[,.;:!?()[\]{}"“”]/.test(piece)) out.at(-1)!.breaksAfter = true;
      return;
    }
    const trailing = piece.slice(piece.lastIndexOf(clean) + clean.length);
    const leading = piece.slice(0, piece.indexOf(clean));
    if (out.length && /[()[\]"“”]/.test(leading)) out.at(-1)!.breaksAfter = true;
    const next = pieces[index + 1]?.replace(/^[^\p{L}\p{N}]+/u, '') ?? '';
    const word = classify(clean, out.at(-1)?.token, next, opensWithPreposition(out));
    out.push({ token: { ...word, position: out.length }, breaksAfter: /[,.;:!?()[\]{}"“”]/.test(trailing) });
  });
  return out;
}

function classify(text: string, previous: TaggedWord | undefined, next: string, afterPreposition: boolean): Omit<TaggedWord, 'position'> {
  const lower = text.toLowerCase();
  const base = { text, stem: stem(text) };
  if (/\d/.test(text) || /^\p{Lu}{2,}/u.test(text) || /^\p{Lu}\p{Ll}*\p{Lu}/u.test(text)) {
    // Numbers, acronyms and gene or compound names ("IL-6", "CD4", "ALDH1", "mRNA").
    return { ...base, nounish: true, adjective: false };
  }
  if (endsPhrase(lower)) return { ...base, nounish: false, adjective: false };
  // "… can be built with", "the entities they mention": what follows a modal, "be" or a subject
  // pronoun is a verb, whatever its ending; after "be" an adjective may name the topic ("be diagnostic").
  if (previous && announcesVerb(previous.text.toLowerCase(), lower)) return { ...base, nounish: false, adjective: false };
  if (/ly$/.test(lower) && lower.length > 4 && !/(ology|ply|ly{2})$/.test(lower)) return { ...base, nounish: false, adjective: false };
  if (/(ed|ing)$/.test(lower) && lower.length > 5) {
    // A participle before a noun modifies it ("infected cells", "signalling pathways"), one
    // after a noun may be part of its name ("machine learning"); elsewhere it is the verb.
    if (previous?.nounish) {
      // "... coupling of GLP-1R", "prime editing in haploid cells": a participle before "of", or an
      // -ing word before "in" or "for", is a noun.
      const after = bareWord(next);
      const named = isCollocation(`${previous.stem} ${base.stem}`) || after === 'of' || (/ing$/.test(lower) && GERUND_BEFORE.has(after));
      return { ...base, nounish: named, adjective: false };
    }
    const modifies = looksNounish(next);
    return { ...base, nounish: modifies, adjective: modifies };
  }
  // "X causes Y": a plural-looking word after a noun phrase whose stem is a verb of the list.
  if (previous?.nounish && /s$/.test(lower) && VERBS.has(lower.replace(/e?s$/, ''))) return { ...base, nounish: false, adjective: false };
  // "TSDB damages the membrane": an -s word between a subject and a determiner is its verb. After the
  // preposition that opens a sentence the words name no subject ("In older adults the risk …").
  if (previous?.nounish && !afterPreposition && /[^isu]s$/.test(lower) && DETERMINERS.has(bareWord(next))) return { ...base, nounish: false, adjective: false };
  const adjective = ADJECTIVE_ENDING.test(lower) && !NOT_ADJECTIVES.has(lower);
  return { ...base, nounish: true, adjective };
}

/** Whether `previous` makes `word` a verb: a modal or a subject pronoun does, and "be" does unless `word` is an adjective. */
function announcesVerb(previous: string, word: string): boolean {
  return BEFORE_A_VERB.has(previous) && !(BE.has(previous) && ADJECTIVE_ENDING.test(word));
}

/** Whether the noun phrase the tokens end with follows the preposition that opens the sentence
 * ("In older adults the risk …"), so that it names no subject. */
function opensWithPreposition(out: Token[]): boolean {
  let index = out.length - 1;
  while (index >= 0 && out[index]!.token.nounish && !out[index]!.breaksAfter) index -= 1;
  return index === 0 && !out[0]!.breaksAfter && PREPOSITIONS.has(out[0]!.token.text.toLowerCase());
}

function bareWord(word: string): string {
  return word.replace(/[^\p{L}]+$/gu, '').toLowerCase();
}

/** Whether the next word could head a noun phrase (not a function word, verb or adverb). */
function looksNounish(word: string): boolean {
  const lower = word.replace(/[^\p{L}\p{N}-]+$/gu, '').toLowerCase();
  return lower.length > 0 && !endsPhrase(lower) && !/(ed|ing|ly)$/.test(lower);
}

/** A function word, a verb of the list or a connective: never part of a noun phrase. */
function endsPhrase(lower: string): boolean {
  return isStopword(lower) || VERBS.has(lower) || CONNECTIVES.has(lower);
}
