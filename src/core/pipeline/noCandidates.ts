// What a search that found nothing says: an answer that found nothing says something about the
// queries; a lane that could not be searched (down, rate limited, junk) says nothing about them.
import type { LaneReport } from '../types';
import { repositoryLabel } from '../identity/repository';
import { joinNames } from '../bibtex/unavailableWords';

export function noCandidatesWarning(lanes: LaneReport[]): string {
  const failed = lanes.filter((l) => !l.searched && l.failed !== undefined);
  if (failed.length === 0) return 'No candidates found. Try editing the queries.';
  const names = (some: LaneReport[]) => joinNames(some.map((l) => repositoryLabel(l.lane)));
  const empty = lanes.filter((l) => l.searched);
  return `No candidates: ${names(failed)} could not be searched (see the warnings above)${empty.length ? `, and ${names(empty)} found nothing` : ''}.`;
}
