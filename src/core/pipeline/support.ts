// The support stage: full text (GROBID, pdfjs or the abstract) and paragraph-level scores for
// each candidate. The top K get their full text, with bounded concurrency; the rest are scored
// on their abstract so every candidate carries a score. LLM judging shares one call budget.
import PQueue from 'p-queue';
import type { Candidate, Claim, PaperRecord, Query } from '../types';
import type { PipelineDeps } from '../deps';
import type { Run } from './run';
import type { CandidateStore } from '../candidates/store';
import { getFulltext, abstractOnlyDocument, type FulltextResult } from '../fulltext';
import { LlmCallBudget, scoreCandidate } from '../scoring';

interface SupportDeps extends PipelineDeps {
  /** Where each candidate's scores go, as a patch. */
  store: CandidateStore;
  /** Resolves when the candidate's second-source answer is in (it may name a JATS full text). */
  enriched: (id: string) => Promise<void>;
  /** Told which record each full text was read for (a kept result must hold what a repeat reads). */
  reading?: (id: string, record: PaperRecord) => void;
}

/** Scores every candidate, patching the store with each one's full-text kind and scores. */
export async function supportStage(
  candidates: Candidate[],
  claim: Claim,
  queries: Query[],
  deps: SupportDeps,
  run: Run,
): Promise<void> {
  const { settings } = deps;
  const budget = new LlmCallBudget(settings['scoring.maxLlmCalls']);
  const queue = new PQueue({ concurrency: Math.max(1, settings['fulltext.concurrency']) });
  const fullTextFor = new Set(
    settings['fulltext.enabled'] ? candidates.slice(0, settings['fulltext.topK']).map((c) => c.id) : [],
  );
  // Only full-text work is bounded; abstract-only scoring is quick and need not wait behind PDFs.
  await Promise.all(
    candidates.map((candidate) => {
      const score = () => supportOne(candidate, fullTextFor.has(candidate.id), claim, queries, deps, budget, run);
      return fullTextFor.has(candidate.id) ? queue.add(score) : score();
    }),
  );
  run.signal?.throwIfAborted();
}

async function supportOne(
  candidate: Candidate,
  wantFullText: boolean,
  claim: Claim,
  queries: Query[],
  deps: SupportDeps,
  budget: LlmCallBudget,
  run: Run,
): Promise<void> {
  const fulltext: FulltextResult = wantFullText
    ? await getFulltext(withCardsArxivId(await readRecord(candidate, deps), candidate), {
      http: deps.http,
      settings: deps.settings,
      signal: run.signal,
    })
    : { kind: 'abstract', document: abstractOnlyDocument(candidate.abstract ? candidate : await readRecord(candidate, deps)) };
  if (fulltext.warning) run.warn(`“${shorten(candidate.title)}”: ${fulltext.warning}`);
  if (fulltext.transient) run.transient ??= fulltext.warning ?? 'full text';
  // The same for every paper (e.g. "GROBID is not running"), so said once per run.
  if (fulltext.notice) run.warn(fulltext.notice);
  const scored = await scoreCandidate(
    { claim, queries, document: fulltext.document, retrievalScore: candidate.retrievalScore },
    { llm: deps.llm, budget, settings: deps.settings, signal: run.signal, warn: run.warn, cacheDir: deps.http.cacheDir },
  );
  const ofVersion = fulltext.arxivVersion ? { fulltextArxivVersion: fulltext.arxivVersion } : {};
  deps.store.patch(candidate.id, { ...scored, fulltext: fulltext.kind, ...ofVersion });
}

/**
 * The candidate's record once its enrichment and lookups are in: the bioRxiv API names the version
 * and the JATS, OpenAlex or PubMed an abstract the search's record lacked.
 */
async function readRecord(candidate: Candidate, deps: SupportDeps): Promise<PaperRecord> {
  await deps.enriched(candidate.id);
  const record = deps.store.record(candidate.id) ?? candidate;
  deps.reading?.(candidate.id, record);
  return record;
}

/**
 * The record with the arXiv id its card learnt from another record of the same work (a DBLP
 * proceedings record merged with its CoRR twin), so that open version can be read.
 */
function withCardsArxivId(record: PaperRecord, card: Candidate): PaperRecord {
  return record.arxivId || !card.arxivId ? record : { ...record, arxivId: card.arxivId };
}

function shorten(title: string): string {
  return title.length > 60 ? title.slice(0, 57) + '…' : title;
}
