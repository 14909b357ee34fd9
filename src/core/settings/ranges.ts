// Ranges of the numeric settings. A value outside its range is clamped with a warning rather than
// refused: `maxResults: 1e9` would otherwise be sent to arXiv, and `http.timeoutMs: -1` would fail
// every request. The floors are the least that can work at all (a loopback stand-in answers in a
// few ms, which the tests use); package.json states the sensible minimum the editor's UI offers.

export interface NumberRange {
  min: number;
  max: number;
  /** Sizes in MB may be fractions (a test's 0.1 MB limit); everything else is a whole number. */
  fractions?: boolean;
}

/** Every numeric setting lies within its range. */
export const NUMBER_RANGES: Readonly<Record<string, NumberRange>> = {
  'llm.timeoutMs': { min: 100, max: 600_000 },
  'llm.contextTokens': { min: 0, max: 10_000_000 },
  'grobid.concurrency': { min: 1, max: 32 },
  'sources.arxiv.intervalMs': { min: 0, max: 60_000 },
  'sources.dblp.intervalMs': { min: 0, max: 60_000 },
  'sources.semanticscholar.intervalMs': { min: 0, max: 60_000 },
  'http.timeoutMs': { min: 50, max: 600_000 },
  'http.retries': { min: 0, max: 10 },
  'http.maxResponseMb': { min: 0.01, max: 1_000, fractions: true },
  'run.deadlineMs': { min: 100, max: 3_600_000 },
  'cache.ttlHours': { min: 0, max: 8_760 },
  'cache.maxSizeMb': { min: 1, max: 100_000 },
  // The search stage asks for at most 50 records a page.
  maxResults: { min: 1, max: 50 },
  'fulltext.maxPdfMb': { min: 0.01, max: 500, fractions: true },
  'fulltext.maxPages': { min: 1, max: 10_000 },
  'fulltext.maxTextChars': { min: 10_000, max: 100_000_000 },
  'fulltext.maxParseMemoryMb': { min: 64, max: 16_384 },
  'fulltext.topK': { min: 0, max: 50 },
  'fulltext.concurrency': { min: 1, max: 32 },
  'scoring.llmParagraphs': { min: 0, max: 50 },
  'scoring.maxLlmCalls': { min: 0, max: 1_000 },
  'coverage.llmRerankTop': { min: 1, max: 100 },
};

/** The value as a whole number within the key's range; `warn` says what was changed and why. */
export function clampSetting(key: string, value: number, warn: (message: string) => void): number {
  const range = NUMBER_RANGES[key];
  if (!range) return value;
  const whole = range.fractions ? value : Math.round(value);
  const clamped = Math.min(range.max, Math.max(range.min, whole));
  if (clamped !== value) {
    const why =
      clamped === whole ? 'a whole number' : clamped === range.min ? `at least ${range.min}` : `at most ${range.max}`;
    warn(`Setting "${key}" is ${value}; it must be ${why}, so ${clamped} is used.`);
  }
  return clamped;
}
