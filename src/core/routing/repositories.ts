// Which preprint server serves each discipline, and how the secondary server is chosen.
import type { Discipline, Repository } from '../types';

export const DISCIPLINES: readonly Discipline[] = [
  'computer-science',
  'physics',
  'mathematics',
  'statistics',
  'biology',
  'medicine',
];

export const REPOSITORY_OF: Record<Discipline, Repository> = {
  'computer-science': 'arxiv',
  physics: 'arxiv',
  mathematics: 'arxiv',
  statistics: 'arxiv',
  biology: 'biorxiv',
  medicine: 'medrxiv',
};

/** The natural second server of each discipline, used when no scores say otherwise (LLM answers). */
export const DEFAULT_SECONDARY: Record<Discipline, Repository> = {
  'computer-science': 'biorxiv', // computational biology is where CS work most often lands off arXiv
  physics: 'biorxiv', // biophysics
  mathematics: 'biorxiv', // mathematical biology
  statistics: 'medrxiv', // biostatistics and epidemiological methods
  biology: 'medrxiv',
  medicine: 'biorxiv',
};

/**
 * Sums discipline probabilities per repository. The primary is the repository of the best
 * discipline; the secondary is the most probable OTHER repository, so a CS claim about protein
 * folding gets bioRxiv as secondary while one about compilers gets whichever of bioRxiv and
 * medRxiv scores higher (and the low confidence makes the second search unlikely to matter).
 */
export function repositoryProbabilities(classes: readonly Discipline[], posterior: readonly number[]): Map<Repository, number> {
  const byRepo = new Map<Repository, number>([
    ['arxiv', 0],
    ['biorxiv', 0],
    ['medrxiv', 0],
  ]);
  classes.forEach((c, i) => byRepo.set(REPOSITORY_OF[c], byRepo.get(REPOSITORY_OF[c])! + posterior[i]!));
  return byRepo;
}

export function secondaryFor(primary: Repository, byRepo: Map<Repository, number>): Repository {
  const others = [...byRepo.entries()].filter(([repo]) => repo !== primary).sort((a, b) => b[1] - a[1]);
  return others[0]![0];
}
