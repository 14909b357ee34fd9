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

/**
 * What a claim (a citing sentence) credits the cited paper with: a finding ("X showed that …",
 * "improves accuracy to 90%") or a method, resource or idea it uses or describes ("we use the
 * Charniak parser", "X proposed a model of …"). Findings are supported by results; methods by the
 * paper's description of itself (abstract, introduction, method sections).
 */
export type ClaimKind = 'finding' | 'method';

const METHOD_CUE =
  /\b(?:use[sd]?|using|employ(?:s|ed|ing)?|adopt(?:s|ed|ing)?|follow(?:s|ed|ing)?|appl(?:y|ies|ied)|based on|propos(?:e|es|ed)|introduc(?:e|es|ed)|present(?:s|ed)?|describ(?:e|es|ed)|implement(?:s|ed|ation)?|algorithm|approach|method|model|framework|toolkit|parser|tagger|corpus|treebank|dataset|features?|defin(?:e|ed|ition)|formalism|procedure|technique)\b/i;
const FINDING_CUE =
  /\b(?:show(?:s|ed|n)?|f(?:ind|ound)|demonstrat(?:e|es|ed)|report(?:s|ed)?|observ(?:e|es|ed)|reveal(?:s|ed)?|conclud(?:e|es|ed)|improv(?:e|es|ed|ement)|outperform(?:s|ed)?|achiev(?:e|es|ed)|increas(?:e|es|ed)|reduc(?:e|es|ed)|higher|lower|better|worse|significant(?:ly)?|associated|effective|accuracy|precision|recall|error rate|\d+(?:\.\d+)?\s?%)/i;

export function claimKind(claim: string): ClaimKind {
  const finding = claim.match(new RegExp(FINDING_CUE.source, 'gi'))?.length ?? 0;
  const method = claim.match(new RegExp(METHOD_CUE.source, 'gi'))?.length ?? 0;
  return method > finding ? 'method' : 'finding';
}
