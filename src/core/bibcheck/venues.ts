// Venues held against the authority's, up to form: an abbreviation against the full name ("CVPR"
// vs "2023 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)", "J. Mach.
// Learn. Res." vs "Journal of Machine Learning Research"), ordinals, years and "Proceedings of".
// A venue no authority record and no entry of the table below knows is reported as one that
// may not exist; the table names the venues whose many spellings a string rule cannot join.
import { latexToPlainText } from '../latex/plainText';
import { abbreviatedJournals, expandJournalMacro } from './journalMacros';
import { decodeEntities } from './titles';

/** Canonical id → the names people and authorities write for it. */
const KNOWN_VENUES: Record<string, string[]> = {
  neurips: ['NeurIPS', 'NIPS', 'Advances in Neural Information Processing Systems', 'Neural Information Processing Systems', 'Conference on Neural Information Processing Systems'],
  iclr: ['ICLR', 'International Conference on Learning Representations'],
  icml: ['ICML', 'International Conference on Machine Learning'],
  cvpr: ['CVPR', 'Conference on Computer Vision and Pattern Recognition', 'IEEE/CVF Conference on Computer Vision and Pattern Recognition', 'IEEE Conference on Computer Vision and Pattern Recognition', 'Computer Vision and Pattern Recognition'],
  iccv: ['ICCV', 'International Conference on Computer Vision', 'IEEE/CVF International Conference on Computer Vision'],
  eccv: ['ECCV', 'European Conference on Computer Vision', 'Computer Vision – ECCV'],
  aaai: ['AAAI', 'AAAI Conference on Artificial Intelligence', 'Proceedings of the AAAI Conference on Artificial Intelligence'],
  ijcai: ['IJCAI', 'International Joint Conference on Artificial Intelligence'],
  acl: ['ACL', 'Annual Meeting of the Association for Computational Linguistics'],
  emnlp: ['EMNLP', 'Conference on Empirical Methods in Natural Language Processing', 'Empirical Methods in Natural Language Processing'],
  naacl: ['NAACL', 'NAACL-HLT', 'North American Chapter of the Association for Computational Linguistics'],
  uai: ['UAI', 'Conference on Uncertainty in Artificial Intelligence', 'Uncertainty in Artificial Intelligence'],
  aistats: ['AISTATS', 'International Conference on Artificial Intelligence and Statistics'],
  colt: ['COLT', 'Conference on Learning Theory'],
  kdd: ['KDD', 'SIGKDD', 'ACM SIGKDD Conference on Knowledge Discovery and Data Mining', 'Knowledge Discovery and Data Mining'],
  www: ['WWW', 'The Web Conference', 'World Wide Web Conference'],
  sigir: ['SIGIR'],
  wacv: ['WACV', 'Winter Conference on Applications of Computer Vision'],
  interspeech: ['Interspeech', 'INTERSPEECH'],
  icassp: ['ICASSP', 'International Conference on Acoustics, Speech and Signal Processing'],
  corl: ['CoRL', 'Conference on Robot Learning'],
  icra: ['ICRA', 'International Conference on Robotics and Automation'],
  iros: ['IROS', 'International Conference on Intelligent Robots and Systems'],
  jmlr: ['JMLR', 'J. Mach. Learn. Res.', 'Journal of Machine Learning Research'],
  tmlr: ['TMLR', 'Trans. Mach. Learn. Res.', 'Transactions on Machine Learning Research'],
  mlj: ['Mach. Learn.', 'Machine Learning', 'Mach Learn'],
  tpami: ['TPAMI', 'PAMI', 'IEEE Trans. Pattern Anal. Mach. Intell.', 'IEEE Transactions on Pattern Analysis and Machine Intelligence'],
  ijcv: ['IJCV', 'Int. J. Comput. Vis.', 'International Journal of Computer Vision'],
  tacl: ['TACL', 'Trans. Assoc. Comput. Linguistics', 'Transactions of the Association for Computational Linguistics'],
  nature: ['Nature'],
  science: ['Science'],
  pnas: ['PNAS', 'Proc. Natl. Acad. Sci. USA', 'Proceedings of the National Academy of Sciences'],
  natmi: ['Nat. Mach. Intell.', 'Nature Machine Intelligence'],
  arxiv: ['arXiv', 'CoRR', 'ArXiv', 'arXiv preprint', 'Computing Research Repository'],
};

const NOISE = new Set(['proceedings', 'proc', 'of', 'the', 'annual', 'international', 'in', 'on', 'and', 'ieee', 'cvf', 'acm', 'conference', 'conf', 'workshop', 'symposium', 'volume', 'vol', 'part', 'long', 'papers', 'findings']);

/** Text with a LaTeX command, group or maths; anything else is plain already. */
const LATEX_MARKUP = /[\\{}$~]/;

function words(written: string): string[] {
  // Crossref writes "Astronomy &amp; Astrophysics": the entity is the character, not a word.
  const venue = expandJournalMacro(decodeEntities(written));
  // The LaTeX parser only where there is LaTeX: the table's plain names are read at first use.
  return (LATEX_MARKUP.test(venue) ? latexToPlainText(venue) : venue)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\b(19|20)\d\d\b/g, ' ')
    .replace(/\b\d+(st|nd|rd|th)\b/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The key of a name: its words less the noise ("Proceedings of the", years, ordinals). */
function keyOf(venue: string): string {
  return words(venue).filter((w) => !NOISE.has(w) && !/^\d+$/.test(w)).join(' ');
}

/**
 * Fewer words left out: "International Conference on Machine Learning" and the journal "Machine Learning", one
 * key above, stay two venues ("international conference machine learning", "machine learning").
 */
const STRICT_NOISE = new Set(['proceedings', 'proc', 'of', 'the', 'in', 'on', 'and', 'for', 'ieee', 'cvf', 'acm']);

function strictWords(venue: string): string[] {
  return words(venue).filter((w) => !STRICT_NOISE.has(w) && !/^\d+$/.test(w));
}

let canonical: Map<string, string> | undefined;
let strictCanonical: Map<string, string> | undefined;

/** The table by key, built on first use: a search that checks no venue never pays for it. */
function canonicalTable(): Map<string, string> {
  if (canonical) return canonical;
  canonical = new Map();
  strictCanonical = new Map();
  const venues = { ...KNOWN_VENUES, ...abbreviatedJournals() };
  for (const [id, names] of Object.entries(venues)) {
    for (const name of names) {
      canonical.set(keyOf(name), id);
      strictCanonical.set(strictWords(name).join(' '), id);
    }
  }
  return canonical;
}

/** Acronyms a full name carries in parentheses: "… Recognition (CVPR)" → "cvpr". */
function parenthesised(venue: string): string[] {
  return [...venue.matchAll(/\(([^()]+)\)/g)].map((m) => keyOf(m[1]!)).filter(Boolean);
}

/** The table's id for a venue name, if it names a known venue. */
export function canonicalVenue(venue: string): string | undefined {
  const table = canonicalTable();
  const strict = strictWords(venue);
  const exact = strictCanonical!.get(strict.join(' '));
  if (exact) return exact;
  const key = keyOf(venue);
  const direct = table.get(key) ?? table.get(keyOf(venue.replace(/\([^()]*\)/g, ' ')));
  if (direct) return direct;
  for (const inner of parenthesised(venue)) {
    const found = table.get(inner);
    if (found) return found;
  }
  // "CVPR 2023", "NeurIPS'22", "Proc. ICML": one known acronym among the words.
  const tokens = key.split(' ');
  if (tokens.length <= 3) for (const t of tokens) if (table.has(t) && t.length >= 3) return table.get(t);
  // "Computer Vision – ECCV 2022", "2023 IEEE/CVF ... (CVPR)" already handled; a known full
  // name inside a longer one ("Proceedings of the 40th International Conference on Machine
  // Learning, PMLR") is the last try.
  for (const [name, id] of table) if (name.split(' ').length >= 3 && ` ${key} `.includes(` ${name} `)) return id;
  return isoAbbreviated(strict);
}

/**
 * A venue in ISO 4's abbreviations, as IEEE prints proceedings ("Proc. Int. Conf. Mach. Learn.", "Proc. Adv. Neural
 * Inf. Process. Syst."): the table's name whose every word the abbreviation's word in its place begins.
 */
function isoAbbreviated(strict: string[]): string | undefined {
  if (strict.length < 2) return undefined;
  for (const [name, id] of strictCanonical!) {
    const full = name.split(' ');
    if (full.length === strict.length && strict.every((w, i) => full[i]!.startsWith(w))) return id;
  }
  return undefined;
}

/** "J. Mach. Learn. Res." against "Journal of Machine Learning Research": each word a prefix. */
function abbreviates(short: string, full: string): boolean {
  const s = words(short).filter((w) => !NOISE.has(w));
  const f = words(full).filter((w) => !NOISE.has(w));
  if (!s.length || s.length !== f.length) return false;
  return s.every((w, i) => f[i]!.startsWith(w));
}

/** True when two venue names name the same venue. */
export function sameVenue(a: string, b: string): boolean {
  const ka = keyOf(a);
  const kb = keyOf(b);
  if (!ka || !kb) return false;
  if (ka === kb) return true;
  const ca = canonicalVenue(a);
  const cb = canonicalVenue(b);
  if (ca && cb) return ca === cb;
  if (parenthesised(a).includes(kb) || parenthesised(b).includes(ka)) return true;
  return abbreviates(a, b) || abbreviates(b, a) || isAcronymOf(a, b) || isAcronymOf(b, a);
}

/** Words an acronym takes no letter from: "Journal of the American Medical Association" is JAMA. */
const ACRONYM_SKIPS = new Set(['of', 'the', 'and', 'for', 'on', 'in', 'ieee', 'acm']);

/**
 * "JNER" for "Journal of NeuroEngineering and Rehabilitation", "NEJM", "JAMA", "BMJ", "JACS": a
 * venue written as capitals only, the initials of the other's words (a capital inside a word, as in
 * "NeuroEngineering", starts a word too).
 */
function isAcronymOf(short: string, full: string): boolean {
  const acronym = short.trim();
  if (!/^[A-Z]{3,8}$/.test(acronym)) return false;
  const parts = full.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[^A-Za-z]+/).filter((w) => w && !ACRONYM_SKIPS.has(w.toLowerCase()));
  return parts.length >= 2 && parts.map((w) => w[0]!.toUpperCase()).join('') === acronym;
}

/** Book series that hold many venues' proceedings: they neither confirm nor refute a venue. */
const SERIES = /^(lecture notes in (computer science|artificial intelligence|networks and systems|electrical engineering)|communications in computer and information science|advances in intelligent systems and computing|proceedings of machine learning research|ceur workshop proceedings|lecture notes in business information processing|smart innovation, systems and technologies|studies in computational intelligence)$/i;

export function isSeriesName(venue: string): boolean {
  return SERIES.test(latexToPlainText(venue).trim());
}

/** True when a venue is the arXiv / CoRR preprint server rather than a place of publication. */
export function isPreprintVenue(venue: string): boolean {
  return canonicalVenue(venue) === 'arxiv' || /^arxiv\b|\barxiv preprint\b|^corr\b|^preprint$/i.test(venue.trim());
}

/** Venues of the table outside computer science, where Crossref rather than DBLP is the authority. */
const OTHER_FIELDS = new Set(['nature', 'science', 'pnas', ...Object.keys(abbreviatedJournals())]);

/** True for a computer-science venue of the table (DBLP's ground). */
export function isComputerScienceVenue(venue: string): boolean {
  const id = canonicalVenue(venue);
  return id !== undefined && id !== 'arxiv' && !OTHER_FIELDS.has(id);
}

/** True when the table knows the venue (a venue it does not know may still exist). */
export function isKnownVenue(venue: string): boolean {
  return canonicalVenue(venue) !== undefined;
}
