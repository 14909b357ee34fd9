// Fields that arrive for a candidate after it was found (BibTeX, support scores), kept apart from
// the ranked list so that a re-ranking never loses them. The pipeline's store and the results
// panel fold patches with these same functions.
import { largerCount } from '../identity/citationCount';
import type { Candidate, CandidatePatch } from '../types';

export type { CandidatePatch };

export type PatchesById = Readonly<Record<string, CandidatePatch>>;

/** The patches with `patch` folded into `id`'s; fields left undefined keep their earlier value. */
export function addPatch(patches: PatchesById, id: string, patch: CandidatePatch): PatchesById {
  const merged: CandidatePatch = { ...patches[id], ...definedOnly(patch) };
  // Each source counts a different literature: the largest count any gave stays, with its source.
  const citedBy = largerCount(patches[id]?.citedBy, patch.citedBy);
  if (citedBy) merged.citedBy = citedBy;
  // New BibTeX supersedes an earlier failure to get one.
  if (patch.bibtex !== undefined) {
    delete merged.bibtexError;
    delete merged.bibtexWhy;
  }
  return { ...patches, [id]: merged };
}

/** Each candidate with its patch applied. */
export function withPatches(candidates: Candidate[], patches: PatchesById): Candidate[] {
  return candidates.map((c) => withPatch(c, patches[c.id]));
}

export function withPatch(candidate: Candidate, patch: CandidatePatch | undefined): Candidate {
  if (!patch) return candidate;
  const merged = { ...candidate, ...patch };
  if (patch.bibtex !== undefined) {
    delete merged.bibtexError;
    delete merged.bibtexWhy;
  }
  // A count that arrives later (Crossref's, from the trust lookup) never hides a larger one the record's own index gave.
  if (patch.citedBy) merged.citedBy = largerCount(candidate.citedBy, patch.citedBy);
  return merged;
}

/**
 * The id a card named `id` has now: the renames merges made (old id → new id) are followed until a
 * card that is shown, or one never renamed. The store and the panel both follow them, so a lookup,
 * a click or an answer about a card a merge renamed since reaches it; a cycle stops where it closes.
 */
export function currentCardId(id: string, renamedTo: (id: string) => string | undefined, isShown: (id: string) => boolean): string {
  const seen = new Set<string>();
  for (let next = renamedTo(id); next !== undefined && !isShown(id) && !seen.has(id); next = renamedTo(id)) {
    seen.add(id);
    id = next;
  }
  return id;
}

/** The fields that hold a value: a later `undefined` must not erase an earlier one. */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
