// The statistical tables the stages share, below all of them: the router's term weights and
// the document frequencies of ~4,000 real preprint abstracts. Both are written by
// models/train-router.ts and frozen with the tokenizer rules in text/tokens.ts (TRAINED_TOKENS).
// Routing and query writing both read them from here, so neither stage reaches into the other.
import abstractDf from './abstractDf.json';
import routerJson from './router.json';
import collocationsJson from './collocations.json';
import type { Discipline } from '../types';
import { packTerms, unpackTerms, type PackedTerms, type TermWeights } from './routerTerms';

export type { TermWeights } from './routerTerms';

export type ContextSource = 'title' | 'abstract' | 'section';

export interface RouterModel {
  version: number;
  classes: Discipline[];
  /** Intercept per class (nats). */
  bias: number[];
  /** Terms' integer weights are weights in nats times this. */
  scale: number;
  /** Divides the summed logits; fitted on the dev split so confidences are roughly calibrated. */
  temperature: number;
  /** What the mean of each context source's term weights counts beside the claim's summed ones. */
  contextWeights: Record<ContextSource, number>;
  terms: TermWeights;
  /** How the model was built and how it scored on its dev split (for the record). */
  meta: Record<string, unknown>;
}

export interface DocumentFrequencies {
  docs: number;
  df: Record<string, number>;
  bigrams: Record<string, number>;
}

/** router.json as written: the model with its terms packed (routerTerms.ts). */
export type RouterFile = Omit<RouterModel, 'terms'> & PackedTerms;

export function encodeRouterModel({ terms, ...model }: RouterModel): RouterFile {
  return { ...model, ...packTerms(terms, model.classes.length) };
}

export function decodeRouterModel({ termList, weights, ...model }: RouterFile): RouterModel {
  return { ...model, terms: unpackTerms({ termList, weights }, model.classes.length) };
}

export const ROUTER_MODEL = decodeRouterModel(routerJson as unknown as RouterFile);
export const ABSTRACT_DF = abstractDf as DocumentFrequencies;

let openText: Set<string> | undefined;
/**
 * Whether scientific text writes these two stems together ("machine learning", "folic acid"): the
 * router's most frequent bigrams, or the pairs of open text at large (collocations.json, written by
 * models/build-collocations.ts). The latter are read on first use: a new process that writes no
 * query never splits the table.
 */
export function isCollocation(pair: string): boolean {
  if (ABSTRACT_DF.bigrams[pair]) return true;
  openText ??= new Set(collocationsJson.pairs.split('|'));
  return openText.has(pair);
}
