// When routing is unsure, both servers are searched from the start instead of betting on one.
// One definition, used by the search stage (search.ts) for every routing decision, LLM or not.
//
// The heuristic router reports as its confidence the primary's share of the two best servers'
// probability, p1 / (p1 + p2) (heuristic.ts): below 0.68 the secondary is at least about half as
// probable as the primary. The line was chosen on the dev split (scripts/train-router.ts prints
// the table): the most claims with the right server searched first while at most one single
// sentence in five is a close call. There, a sentence alone: right server first 91.5% (84.5% on
// the primary alone), close calls 18.8%; with its paper's title: 92.3% (87.9%), 15.9%. (0.6, the
// line before: 89.9%, 11.7% alone.) An LLM's own confidence (0.75 when it gives none) meets the
// same line.

/** Below this routing confidence the primary and secondary repositories are searched together. */
export const CONCURRENT_BELOW_CONFIDENCE = 0.68;
