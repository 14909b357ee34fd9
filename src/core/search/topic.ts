// The topic of the sentence an informal citation sits in. "Wang et al. (2024) showed that
// diffusion models memorise their training images" names a surname shared by thousands of
// authors and a year; what tells the right paper from the others is the rest of the sentence.
// Its content words become the query's keywords: they rank the author's works of those years
// (sent as OR-ed terms, never AND-ed, since the paper's title paraphrases the sentence at best)
// while the author and the years still filter.
import type { MatchMode, PaperRecord, Query } from '../types';
import { SCORING_TOKENS, stems, tokenize } from '../text/tokens';
import { recogniseInformalCitation, type InformalCitation } from '../informal/recognise';

/** Enough words to tell papers apart; more only dilute the ranking. */
const MAX_TOPIC_WORDS = 6;

/** Words of reporting and hedging that say nothing about a paper's subject. */
const REPORTING = new Set(
  ('show showed shown shows find found finds report reported reports propose proposed proposes ' +
    'demonstrate demonstrated demonstrates suggest suggested suggests argue argued argues claim claimed ' +
    'claims observe observed observes introduce introduced introduces present presented presents ' +
    'describe described describes note noted notes study studied studies work works paper papers ' +
    'recent recently previous previously prior also et al first later earlier similar similarly ' +
    'using used use based approach method methods result results')
    .split(' '),
);

/**
 * Content words of `selection` outside the citation itself, in order, without the cited
 * authors' names, reporting verbs or numbers; at most six.
 */
export function sentenceTopic(selection: string, citation: Pick<InformalCitation, 'span' | 'authors'>): string[] {
  const outside = selection.slice(0, citation.span.start) + ' ' + selection.slice(citation.span.end);
  const names = new Set(citation.authors.flatMap((a) => a.toLowerCase().split(/\s+/)));
  const seen = new Set<string>();
  const words: string[] = [];
  for (const token of tokenize(outside, SCORING_TOKENS)) {
    const word = outside.slice(token.start, token.end);
    const lower = word.toLowerCase();
    if (names.has(lower) || REPORTING.has(lower) || /^\d/.test(word) || word.length < 3) continue;
    if (seen.has(token.stem)) continue;
    seen.add(token.stem);
    words.push(word);
    if (words.length === MAX_TOPIC_WORDS) break;
  }
  return words;
}

/**
 * The author/year query of a citation, with the sentence's topic as keywords when it names no
 * title. The topic is read from `visibleText`, the selection as prose (LaTeX, comments and
 * hidden text gone: the claim's text), so nothing hidden and no cite key leaves the machine.
 */
export function withSentenceTopic(query: Query, visibleText: string): Query {
  const citation = recogniseInformalCitation(visibleText);
  if (query.keywords.length > 0 || !citation || citation.titleWords) return query;
  const topic = sentenceTopic(visibleText, citation);
  return topic.length > 0 ? { ...query, keywords: topic } : query;
}

/**
 * How an author search combines its keywords: title words of a named paper ("the BERT paper")
 * must all match; several topic words rank (any of them), the author and years filter.
 */
export function authorSearchMode(query: Query): MatchMode {
  return isTopicQuery(query) ? 'any' : 'all';
}

/** Whether the query's keywords are a sentence's topic (they rank) rather than a title's words (they filter). */
export function isTopicQuery(query: Query): boolean {
  return query.keywords.length > 2;
}

/**
 * Records best first by how many of the topic's stems their title (and abstract) hold; ties
 * keep the order they came in (the host's own ranking).
 */
export function rankByTopic<T extends Pick<PaperRecord, 'title' | 'abstract'>>(records: T[], topic: string[]): T[] {
  const wanted = new Set(stems(topic.join(' '), SCORING_TOKENS));
  if (wanted.size === 0) return records;
  const score = (record: T) => {
    const title = new Set(stems(record.title, SCORING_TOKENS));
    const abstract = new Set(stems(record.abstract ?? '', SCORING_TOKENS));
    let total = 0;
    for (const stem of wanted) total += title.has(stem) ? 2 : abstract.has(stem) ? 1 : 0;
    return total;
  };
  return records
    .map((record, index) => ({ record, index, score: score(record) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.record);
}
