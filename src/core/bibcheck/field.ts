// Which bibliography holds a work found by its title. DBLP indexes computing; PubMed (through
// Europe PMC) indexes the life sciences. A clinical reference asked of DBLP three times (the title,
// then each half) spends three of DBLP's one-a-second slots on a search that cannot find it.
import { routeHeuristically } from '../routing/heuristic';
import { textLean } from '../scoring/termStats';
import { SCORING_TOKENS, stems } from '../text/tokens';
import { isComputerScienceVenue, isPreprintVenue } from './venues';

/**
 * How clearly the words must lean (termStats.textLean) before the router is asked. Read on the
 * fixture papers' GROBID reference lists: four NLP works the router sends to the life sciences
 * lean 0.55–0.62 ("Long short-term memory. Neural computation", "Mining association rules …
 * large databases") and are kept out; two more (a WSDM and a JASIST paper, 0.81 and 0.87) are
 * not. 47 of the 49 neuro-rehabilitation references lean 0.8–2.8.
 */
const CLEAR_LEAN = 0.75;

/**
 * The share of a list's titled works that must read as the life sciences' for the list to be a
 * life-sciences list. Read on the fixture papers: the BMC paper's list as pdf.js reads it 0.71
 * (GROBID's TEI 0.96), the two NLP papers' 0.07–0.11.
 */
const LIFE_LIST_SHARE = 0.5;

/** Works read to tell a list's field: enough to tell, and a 2,000-entry file routes no more. */
const LIST_SAMPLE = 200;

export interface TitledWork {
  title: string;
  venue?: string;
}

/**
 * True when the title and venue read as the life sciences': their words lean clearly to them and the
 * router sends them to bioRxiv or medRxiv, as the audit reads a cited work (audit/calibration.ts).
 * A computing venue of the table, or a preprint server, is never the life sciences'.
 */
export function readsAsLifeSciences(work: TitledWork, inLifeSciencesList = false): boolean {
  if (work.venue && (isComputerScienceVenue(work.venue) || isPreprintVenue(work.venue))) return false;
  const text = [work.title, work.venue].filter(Boolean).join('. ');
  const lean = textLean(stems(text, SCORING_TOKENS));
  // In a clinical paper's list, a work whose words do not lean to computing is read with its
  // neighbours: a PDF prints NLM's venue abbreviations ("J Neuroeng Rehabil", "Clin Neurophysiol"),
  // whose stems lean less than the names, and the router reads electrodes and stimulation as physics.
  if (inLifeSciencesList) return lean >= 0;
  if (lean < CLEAR_LEAN) return false;
  return routeHeuristically({ text, context: {} }).primary !== 'arxiv';
}

/** True when at least half of the list's works (its first 200) read as the life sciences' on their own. */
export function listReadsAsLifeSciences(works: Iterable<TitledWork>): boolean {
  let titled = 0;
  let life = 0;
  for (const work of works) {
    if (!work.title) continue;
    titled++;
    if (readsAsLifeSciences(work)) life++;
    if (titled >= LIST_SAMPLE) break;
  }
  return titled > 0 && life >= LIFE_LIST_SHARE * titled;
}
