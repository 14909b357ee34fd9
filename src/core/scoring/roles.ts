// What a sentence does in a paper: sets the study up (aims, background, methods) or reports what
// was found. A claim's words come back in both, but only findings support it: "To determine
// whether X causes Y" restates the claim without backing it. Cues are the labels of structured
// abstracts and the usual phrasing of aims and findings.

export type SentenceRole = 'setup' | 'finding' | 'neutral';

const SETUP_LABEL =
  /^(?:BACKGROUND|CONTEXT|IMPORTANCE|INTRODUCTION|RATIONALE|OBJECTIVES?|AIMS?|PURPOSE|GOALS?|HYPOTHES[IE]S|DESIGN|SETTINGS?|PARTICIPANTS|PATIENTS|SUBJECTS|POPULATION|METHODS?|MATERIALS?|(?:MAIN )?OUTCOMES?(?: AND)? MEASURES?|MEASUREMENTS?|INTERVENTIONS?|EXPOSURES?|DATA (?:SOURCES?|EXTRACTION|COLLECTION)|STUDY (?:SELECTION|DESIGN)|ELIGIBILITY|TRIAL REGISTRATION|REGISTRATION|FUNDING)\b(?! AND FINDINGS)/;
const FINDING_LABEL = /^(?:RESULTS?|FINDINGS|CONCLUSIONS?|INTERPRETATION|SIGNIFICANCE|IMPLICATIONS)\b/;

const AIM_PHRASE =
  /^(?:to (?:determine|assess|investigate|examine|evaluate|explore|test|identify|compare|estimate|characteri[sz]e|clarify|understand|address|study)\b|(?:we|this study|this paper|here we) (?:aimed|sought|set out|asked|investigated whether|examined whether|tested whether|hypothesi[sz]ed)\b|(?:the|our) (?:aim|objective|purpose|goal)s? (?:of|was|is|were)\b)/i;
const FINDING_PHRASE =
  /\b(?:we (?:show|showed|shown|find|found|demonstrate|demonstrated|report|observed?|identif(?:y|ied)|reveal(?:ed)?|conclude)|(?:these|our|the) (?:results|data|findings|observations|analyses) (?:show|showed|suggest|suggested|indicate|indicated|demonstrate|demonstrated|reveal|revealed|support|provide)|95% ?ci|confidence interval|odds ratio|hazard ratio|relative risk|p ?[<=≤] ?0?\.\d)/i;

export function sentenceRole(sentence: string): SentenceRole {
  const text = sentence.trimStart();
  if (FINDING_LABEL.test(text)) return 'finding';
  if (SETUP_LABEL.test(text) || AIM_PHRASE.test(text)) return 'setup';
  if (FINDING_PHRASE.test(text)) return 'finding';
  return 'neutral';
}
