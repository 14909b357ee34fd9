// How a listed sentence's reason is worded wherever it is shown (the CLI's report, the editor's
// Uncited Claims view and its diagnostics): a footnote's sentence says it is in a footnote, since its
// text alone does not tell the writer where to look, and a named theorem's title gives its own reason.
import type { SentenceCoverage } from './index';

/** "states a result of earlier work, in a footnote"; "names a published result" for a theorem's title. */
export function listedReason(s: Pick<SentenceCoverage, 'reason' | 'role'>): string {
  return s.role === 'footnote' ? `${s.reason}, in a footnote` : s.reason;
}

/** The Information diagnostic's message: "May need a citation (0.68): states a result of earlier work, in a footnote." */
export function needMessage(s: Pick<SentenceCoverage, 'reason' | 'role' | 'score'>): string {
  return `May need a citation (${s.score.toFixed(2)}): ${listedReason(s)}.`;
}
