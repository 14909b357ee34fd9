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

export interface TitledWork {
  title: string;
  venue?: string;
}

/**
 * True when the title and venue read as the life sciences': their words lean clearly to them and the
 * router sends them to bioRxiv or medRxiv, as the audit reads a cited work (audit/calibration.ts).
 * A computing venue of the table, or a preprint server, is never the life sciences'.
 */
export function readsAsLifeSciences(work: TitledWork): boolean {
  if (work.venue && (isComputerScienceVenue(work.venue) || isPreprintVenue(work.venue))) return false;
  const text = [work.title, work.venue].filter(Boolean).join('. ');
  if (textLean(stems(text, SCORING_TOKENS)) < CLEAR_LEAN) return false;
  return routeHeuristically({ text, context: {} }).primary !== 'arxiv';
}
