// Routing with the configured LLM: one JSON call, validated strictly. Anything the model says
// that is not a known discipline or repository is rejected, and the caller falls back.
import { readScore } from '../llm/json';
import type { ChatMessage, LlmClient } from '../llm/types';
import type { Claim, Discipline, Repository, RoutingDecision } from '../types';
import { parseRepository } from '../identity/repository';
import { DEFAULT_SECONDARY, DISCIPLINES, REPOSITORY_OF } from './repositories';

/** Used when the model gives no confidence of its own. */
const DEFAULT_LLM_CONFIDENCE = 0.75;
const MAX_REASON_CHARS = 300;

export class RoutingAnswerError extends Error {
  override name = 'RoutingAnswerError';
}

const SYSTEM_PROMPT = `You route a scientific claim to the preprint server most likely to hold the papers that support it.
Disciplines: ${DISCIPLINES.join(', ')}.
Servers: arxiv (computer science, physics, mathematics, statistics), biorxiv (biology), medrxiv (medicine, clinical and public health research).
Answer with one JSON object and nothing else:
{"discipline": "<one discipline>", "primary": "<server>", "secondary": "<another server>", "reason": "<one short sentence>", "confidence": <0-1>}`;

function routingMessages(claim: Claim): ChatMessage[] {
  const context = [
    claim.context.title ? `Manuscript title: ${claim.context.title}` : '',
    claim.context.abstract ? `Manuscript abstract: ${claim.context.abstract}` : '',
    claim.context.sectionTitle ? `Section: ${claim.context.sectionTitle}` : '',
  ].filter(Boolean);
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: [...context, `Claim: ${claim.text}`].join('\n\n') },
  ];
}

export async function routeWithLlm(claim: Claim, llm: LlmClient, signal?: AbortSignal): Promise<RoutingDecision> {
  const answer = await llm.completeJson(routingMessages(claim), { signal, temperature: 0, maxTokens: 300 });
  return validateRouting(answer);
}

/** Throws RoutingAnswerError unless the answer names a known discipline and server. */
export function validateRouting(answer: unknown): RoutingDecision {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) {
    throw new RoutingAnswerError('the routing answer is not a JSON object');
  }
  const fields = answer as Record<string, unknown>;
  const discipline = readDiscipline(fields.discipline);
  if (!discipline) throw new RoutingAnswerError(`unknown discipline ${JSON.stringify(fields.discipline)}`);
  const primary = fields.primary === undefined ? REPOSITORY_OF[discipline] : readRepository(fields.primary);
  if (!primary) throw new RoutingAnswerError(`unknown primary server ${JSON.stringify(fields.primary)}`);
  let secondary = fields.secondary === undefined ? undefined : readRepository(fields.secondary);
  if (fields.secondary !== undefined && !secondary) {
    throw new RoutingAnswerError(`unknown secondary server ${JSON.stringify(fields.secondary)}`);
  }
  if (!secondary || secondary === primary) secondary = fallbackSecondary(discipline, primary);
  const stated = readScore(fields.confidence);
  const reason = typeof fields.reason === 'string' && fields.reason.trim() ? fields.reason.trim() : `The model judged the claim ${discipline}.`;
  return {
    discipline,
    primary,
    secondary,
    reason: reason.length > MAX_REASON_CHARS ? reason.slice(0, MAX_REASON_CHARS - 1) + '…' : reason,
    by: 'llm',
    confidence: Number.isNaN(stated) ? DEFAULT_LLM_CONFIDENCE : stated,
  };
}

const DISCIPLINE_ALIASES: Record<string, Discipline> = {
  cs: 'computer-science', computing: 'computer-science', 'computer-sciences': 'computer-science',
  math: 'mathematics', maths: 'mathematics', mathematic: 'mathematics',
  stats: 'statistics', statistic: 'statistics',
  bio: 'biology', 'life-sciences': 'biology', 'biological-sciences': 'biology',
  medical: 'medicine', 'clinical-medicine': 'medicine', 'health-sciences': 'medicine',
};

function readDiscipline(value: unknown): Discipline | undefined {
  if (typeof value !== 'string') return undefined;
  const key = value.trim().toLowerCase().replace(/[\s_]+/g, '-');
  return (DISCIPLINES as readonly string[]).includes(key) ? (key as Discipline) : DISCIPLINE_ALIASES[key];
}

function readRepository(value: unknown): Repository | undefined {
  return typeof value === 'string' ? parseRepository(value) : undefined;
}

function fallbackSecondary(discipline: Discipline, primary: Repository): Repository {
  const preferred = DEFAULT_SECONDARY[discipline];
  if (preferred !== primary) return preferred;
  return REPOSITORY_OF[discipline] !== primary ? REPOSITORY_OF[discipline] : primary === 'biorxiv' ? 'medrxiv' : 'biorxiv';
}
