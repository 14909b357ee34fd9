// What the cite-worthiness model reads in a sentence: features a writer could name (the section,
// cue words of earlier work, figures, named methods, hedges, first person, the place in the
// paragraph, whether the neighbours cite, how much the rest of the section and of the text
// cites). Training (models/train-citeworthiness.ts) and the editor compute them with this one
// function, so the fitted weights mean the same in both. What the rest of the paper says (its
// shares, the names and words its citing sentences use) is read by paperContext.ts.
import type { PaperContext } from './paperContext';

/** A sentence of prose with what is known around it; its own citations already removed. */
export interface SentenceInContext extends PaperContext {
  text: string;
  /** The (sub)section title, '' when unknown. */
  section: string;
  inAbstract: boolean;
  /** Place in the paragraph, 0-based, and the paragraph's sentence count. */
  index: number;
  count: number;
  previousCited: boolean;
  nextCited: boolean;
  /** How many of the paragraph's other sentences cite. */
  othersCited: number;
}

const SECTION_KINDS: [string, RegExp][] = [
  ['introduction', /introduc|motivation|overview/i],
  ['related', /related|background|prior|previous|literature|state of the art|review|history/i],
  ['method', /method|approach|model|framework|setup|design|implementation|architecture|preliminar|notation|formulation|theory|definition/i],
  ['results', /result|experiment|evaluation|analysis|simulation|performance|benchmark|observation|data/i],
  ['conclusion', /discussion|conclu|summary|outlook|future|limitation/i],
];

const CUES: [string, RegExp][] = [
  ['has been shown', /\b(has|have|had) (also |previously |recently |already |been |\w+ly )*(shown|reported|demonstrated|observed|found|proposed|studied|investigated|suggested|established|argued|developed|applied|used|introduced|discussed|considered|explored|proven|identified|documented)\b/i],
  ['earlier work', /\b(previous|prior|earlier|recent|existing|several|many|numerous|other|various|some|few|past) (works?|stud(y|ies)|research(ers)?|approaches|methods|authors|papers|literature|investigations|efforts|models|experiments|analyses|reports|findings|techniques)\b|\bin the literature\b|\bstudies (have|has|show|suggest)\b/i],
  ['et al.', /\bet al\b|\b[A-Z][a-z]+ and [A-Z][a-z]+ \(?\d{4}\)?/],
  ['attribution', /\b(proposed|introduced|developed|reported|shown|demonstrated|described|suggested|observed|found|presented|derived|defined) (by|in|earlier)\b|\baccording to\b|\bas in\b|\bfollowing\b|\bsee\b/i],
  ['well known', /\b(well[- ]known|widely|commonly|extensively|popular|state[- ]of[- ]the[- ]art|standard|classic(al)?|seminal|pioneering|conventional|traditional(ly)?|known to)\b/i],
  ['example list', /\b(e\.g\.|for example|for instance|such as|including|among others|etc\.)/i],
  ['hedge', /\b(may|might|could|possibly|likely|suggests?|appears?|seems?|believed|thought to|potentially|is expected)\b/i],
  ['contrast', /\b(however|although|whereas|unlike|in contrast|despite|nevertheless)\b/i],
];

/** The paper's own contribution and notation: the writer is the source. */
const OWN_WORK = /\b(we (propose|present|introduce|show|develop|describe|derive|prove|obtain|find|found|consider|study|use|define|denote|report|demonstrate|focus|investigate|assume|apply|compute|analy[sz]e|construct|design|implement|evaluate|compare|observe|note|choose|set|train|test|now|first|then|also|can|will|have|are|see)|in this (paper|work|article|study|section|chapter|thesis|letter|note|manuscript)|our (results?|method|approach|model|work|analysis|findings|contributions?|experiments?|framework|algorithm|system|data|proposed|main|goal|aim)|here,? we|this (paper|work|article|study|thesis|letter)|the present (work|paper|study))\b/i;
/**
 * The paper's own work told in the past tense ("We recruited 40 participants", "we measured the
 * …", "In our dataset, …", "Our experiments show …"): what the authors did and found. Counted only
 * when the sentence names no one else's method, tool or work (namesOtherWork): "We used BERT" may
 * need BERT's citation. In the unarXive and CL-SciSumm training text about 6% of such sentences
 * that name nothing cite, 23% of those that name something, 11% of all sentences.
 */
const DONE_VERBS =
  'recruited measured collected performed conducted ran trained recorded computed calculated obtained estimated fitted analy[sz]ed ' +
  'tested selected sampled carried\\s+out evaluated used applied observed found identified compared generated simulated implemented ' +
  'extracted annotated labell?ed assessed quantified examined investigated excluded included enrolled designed constructed built ' +
  'created chose determined defined asked surveyed interviewed developed detected confirmed noticed noted tried focused considered ' +
  'treated injected incubated cultured transfected isolated sequenced randomi[sz]ed scored counted validated verified achieved saw ' +
  'split divided removed filtered merged combined ranked pooled normali[sz]ed classified grouped modell?ed derived plotted repeated';
const OUR_MATERIAL =
  'data\\s?sets? data experiments? study studies samples? cohort simulations? analys[ie]s corpus setting setup population participants ' +
  'measurements? results cases? survey trial observations?';
const OUR_FINDING = 'experiments? results? findings data analys[ie]s simulations? measurements? observations? study experimental\\s+results';
const SHOW_VERBS =
  'show shows showed indicate indicates indicated suggest suggests suggested reveal reveals revealed confirm confirms confirmed ' +
  'demonstrate demonstrates demonstrated';
const alternatives = (words: string) => words.split(' ').join('|');
const OWN_WORK_DONE = new RegExp(
  [
    `\\bwe (?:\\w+ly |also |then |first |further |next |thus |therefore |subsequently |additionally )?(?:${alternatives(DONE_VERBS)})\\b`,
    `\\b(?:in|from|on|across|for|with|of) our (?:${alternatives(OUR_MATERIAL)})\\b`,
    `\\bour (?:${alternatives(OUR_FINDING)}) (?:also |further |clearly )?(?:${alternatives(SHOW_VERBS)})\\b`,
  ].join('|'),
  'i',
);
/** Others named as a source: "et al.", "Merlo and Stevenson", "proposed by", "following Abney". */
const OTHERS_NAMED = /\bet al\b|\b\p{Lu}\p{Ll}+ (?:and|&) \p{Lu}\p{Ll}+\b|\b(?:proposed|introduced|developed|described|suggested) by\b|\baccording to\b|\b(?:following|after|as in) \p{Lu}/u;
const FIRST_PERSON = /\b(we|our|us|ours|I|my)\b/;
const DEFINITION = /^(let|denote|define|assume|suppose|consider|recall that)\b|\b(we denote|is denoted|we define|is defined|are defined|we write|is given by|we call|is called|where [a-z]\b)/i;
const INTERNAL_REFERENCE = /\b(Fig(ure)?s?\.?|Tables?|Tab\.|Eqs?\.|Equations?|Sections?|Sec\.|Appendix|Theorem|Lemma|Proposition|Corollary|Definition|Algorithm|Chapter)\b/;
const PERCENT = /\d\s*(%|percent\b)|\bpercent(age)?\b/i;
const UNIT = /\d(\.\d+)?\s*(k?m|cm|mm|nm|µm|kg|g|mg|s|ms|ns|h|min|Hz|kHz|MHz|GHz|eV|keV|MeV|GeV|TeV|K|°C|°|W|kW|MW|V|mV|A|mA|T|mT|pc|kpc|Mpc|Gyr|Myr|yr|years?|days?|months?|million|billion|thousand|times|fold|x)\b/;
const YEAR = /\b(19[5-9]\d|20[0-4]\d)\b/;
const NUMBER = /\b\d+([.,]\d+)?\b/;
/** A result or tool named after its author or with its version: Hoeffding's inequality, the Wald test, PYTHIA 8.306. */
const NAMED_RESULT = /\b(?!(?:The|This|That|These|Those|Our|Their|Its|Each|Every|Such|Any|Another|Same|New|Proposed|Standard|Linear|General)\b)\p{Lu}\p{Ll}+(?:[-–]\p{Lu}\p{Ll}+)*(?:'s|’s)? (inequality|theorem|lemma|law|equations?|method|algorithm|formula|test|conjecture|principle|rule|bound|estimator|criterion|model|transform|distribution|approximation|scheme|index|effect|limit|mechanism|hypothesis|function)\b|\b\p{Lu}[\p{L}-]+ v?\d+\.\d+(\.\d+)*\b/u;
/**
 * A sentence that goes on about the work its previous sentence cites ("They …", "Their argument …",
 * "This approach …", "In that work, …"): the citation stands before it. Counted only when the previous
 * sentence cites ("This approach" after an uncited sentence is the paper's own).
 */
const BACK_REFERENCE = /^(?:they|their|these authors|the authors|his|her|th(?:is|eir|ese) (?:approach|method|technique|algorithm|idea)s?|in (?:their|that) (?:work|paper|study))\b/i;
const PRONOUN_START = /^(this|these|they|it|such|those|their|its)\b/i;
/** Acronyms and names with inner capitals or digits: BERT, ResNet-50, GPT-3, ImageNet, LIGO. */
const ACRONYM = /\b([A-Z][A-Za-z]*[A-Z][A-Za-z0-9]*|[A-Z]+-?\d+[A-Za-z0-9]*|[a-z]+[A-Z][A-Za-z0-9]*)\b/g;
const CAPITALISED = /(?<=\s)[A-Z][a-z]{2,}\b/g;
const NOT_NAMES = new Set(['We', 'Our', 'The', 'This', 'These', 'In', 'However', 'For', 'It', 'Fig', 'Figure', 'Table', 'Section', 'Eq', 'Equation', 'Appendix', 'Theorem', 'Lemma', 'Proposition', 'Corollary', 'Definition', 'Algorithm', 'Chapter']);

export const FEATURE_NAMES: readonly string[] = [
  'bias',
  ...SECTION_KINDS.map(([kind]) => `section: ${kind}`),
  'abstract',
  ...CUES.map(([name]) => `cue: ${name}`),
  'own work',
  'own work done, naming no other work',
  'first person',
  'definition',
  'internal reference',
  'percentage',
  'number with unit',
  'year',
  'number',
  'acronyms or tool names',
  'capitalised names',
  'named result or tool',
  'starts with a pronoun',
  'first in paragraph',
  'last in paragraph',
  'alone in paragraph',
  'previous sentence cites',
  'next sentence cites',
  'both neighbours cite',
  'refers back to the work the previous sentence cites',
  'share of the paragraph citing',
  'share of the section citing',
  'share of the paper citing',
  'length',
  'first mention of a name cited elsewhere',
  'names something cited elsewhere',
  "words of the paper's citing sentences",
  "like the paper's citing sentences",
];

/** The words each cue matched ("has been quantitatively shown"), by feature name: what the reason credits. */
export function cueWords(text: string): Map<string, string> {
  const matched = new Map<string, string>();
  for (const [name, pattern] of CUES) {
    const found = pattern.exec(text)?.[0];
    if (found) matched.set(`cue: ${name}`, found);
  }
  return matched;
}

export function sectionKind(section: string): string | undefined {
  return SECTION_KINDS.find(([, pattern]) => pattern.test(section))?.[0];
}

/** The feature vector, in FEATURE_NAMES order. */
export function featuresOf(s: SentenceInContext): number[] {
  const text = s.text;
  const kind = sectionKind(s.section);
  const words = text.split(/\s+/).filter(Boolean).length;
  const names = (text.match(CAPITALISED) ?? []).filter((w) => !NOT_NAMES.has(w)).length;
  const acronyms = (text.match(ACRONYM) ?? []).length;
  const own = OWN_WORK.test(text);
  const namedResult = NAMED_RESULT.test(text);
  return [
    1,
    ...SECTION_KINDS.map(([k]) => (kind === k && !s.inAbstract ? 1 : 0)),
    s.inAbstract ? 1 : 0,
    ...CUES.map(([, pattern]) => (pattern.test(text) ? 1 : 0)),
    own ? 1 : 0,
    OWN_WORK_DONE.test(text) && !namesOtherWork(s, acronyms, namedResult) ? 1 : 0,
    FIRST_PERSON.test(text) ? 1 : 0,
    DEFINITION.test(text) ? 1 : 0,
    INTERNAL_REFERENCE.test(text) ? 1 : 0,
    PERCENT.test(text) ? 1 : 0,
    UNIT.test(text) ? 1 : 0,
    YEAR.test(text) ? 1 : 0,
    NUMBER.test(text) ? 1 : 0,
    Math.log1p(acronyms),
    Math.log1p(names),
    namedResult ? 1 : 0,
    PRONOUN_START.test(text) ? 1 : 0,
    s.index === 0 && s.count > 1 ? 1 : 0,
    s.index === s.count - 1 && s.count > 1 ? 1 : 0,
    s.count === 1 ? 1 : 0,
    s.previousCited ? 1 : 0,
    s.nextCited ? 1 : 0,
    s.previousCited && s.nextCited ? 1 : 0,
    s.previousCited && BACK_REFERENCE.test(text) ? 1 : 0,
    s.count > 1 ? s.othersCited / (s.count - 1) : 0,
    s.sectionShare,
    s.paperShare,
    Math.log1p(words) / 4,
    s.firstMention,
    s.nameLean,
    s.termLean,
    s.similarLean,
  ];
}

/** A method, tool or work of others named in the sentence: an acronym or tool name, a name cited elsewhere, "et al.", "proposed by". */
function namesOtherWork(s: SentenceInContext, acronyms: number, namedResult: boolean): boolean {
  return acronyms > 0 || s.citedName !== '' || namedResult || OTHERS_NAMED.test(s.text);
}
