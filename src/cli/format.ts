// Human-readable output of the CLI: progress lines for stderr and the final list for stdout.
import type { Candidate, CandidatePatch, FindResult, LaneReport, PipelineEvent } from '../core/types';
import { citedByText, REPOSITORY_LABEL as REPO_LABEL, repositoryLabel } from '../core/identity/repository';
import { namedInClaimText } from '../core/ranking/namedInClaim';
import { passageOrderNote } from '../core/scoring/passageOrder';
import { plural } from '../core/text/plural';
import { venueFromJournalRef } from '../core/bibtex/journalRef';


export function describeEvent(event: PipelineEvent): string | undefined {
  switch (event.type) {
    case 'routing': {
      const r = event.routing;
      return `• ${r.discipline} → ${REPO_LABEL[r.primary]} (then ${REPO_LABEL[r.secondary]}), by ${r.by}: ${r.reason}`;
    }
    case 'lanes':
      return `• ${lanesLine(event.lanes)}`;
    case 'queries':
      return `• queries: ${event.queries.join(' | ')}`;
    case 'candidates':
      return `• ${plural(event.candidates.length, 'candidate')} so far`;
    case 'patch':
      return describePatch(event.id, event.patch);
    case 'warning':
      return `! ${event.message}`;
    default:
      return undefined;
  }
}

/** "searched arXiv, DBLP; skipped OpenAlex (no API key: DOI lookups only)". */
export function lanesLine(lanes: LaneReport[]): string {
  const searched = lanes.filter((l) => l.searched).map((l) => repositoryLabel(l.lane));
  const skipped = lanes.filter((l) => !l.searched).map((l) => `${repositoryLabel(l.lane)}${l.note ? ` (${l.note})` : ''}`);
  return `searched ${searched.join(', ') || 'nothing'}${skipped.length ? `; skipped ${skipped.join(', ')}` : ''}`;
}

function describePatch(id: string, patch: CandidatePatch): string | undefined {
  if (patch.bibtexError) return `• ${patch.bibtexWhy ? `No BibTeX for ${id}: ${patch.bibtexWhy}` : patch.bibtexError}`;
  if (patch.citeKey) return `• BibTeX ready: ${patch.citeKey}`;
  if (patch.score !== undefined) {
    // A record with no abstract is scored on its title (scoring/lexical.ts documentUnits), not on an abstract.
    const read = patch.paragraphs?.[0]?.section === 'Title'
      ? 'title only'
      : `${patch.fulltext ?? 'abstract'}${patch.fulltextArxivVersion ? ` of its arXiv version, arXiv:${patch.fulltextArxivVersion}` : ''}`;
    return `• scored ${id}: ${patch.score.toFixed(2)} (${patch.support?.label ?? 'unknown'}, ${read})`;
  }
  return undefined;
}

export function formatFindResult(result: FindResult): string {
  const lines: string[] = [];
  if (result.candidates.length === 0) {
    lines.push('No candidates found.');
  }
  result.candidates.forEach((candidate, index) => lines.push(...formatCandidate(candidate, index + 1), ''));
  if (result.warnings.length > 0) {
    lines.push('Warnings:', ...result.warnings.map((w) => `  - ${w}`));
  }
  lines.push(`(${result.timings.totalMs} ms)`);
  return lines.join('\n') + '\n';
}

/** "!! RETRACTED 2010-02-06 (retraction-watch): https://doi.org/…", or nothing for an ok work. */
export function trustLine(c: Candidate): string | undefined {
  const t = c.trust;
  if (!t || t.status === 'ok') return undefined;
  const notice = t.notice ? ` ${t.notice.date ?? ''} (${t.notice.source ?? 'notice'}): https://doi.org/${t.notice.doi}` : '';
  const mark = t.status === 'retracted' || t.status === 'withdrawn' ? '!! ' : '! ';
  return `${mark}${t.status.toUpperCase()}${notice}${t.reason ? ` — ${t.reason}` : ''}`;
}

/** "Published: Acta Astron. 56, 1–50 (2006), doi:…": arXiv's journal_ref ("ActaAstron.56:1-50,2006") as a reader writes it. */
export function publishedLine(c: Candidate): string | undefined {
  const v = c.versionOfRecord;
  return v && `Published: ${[venueFromJournalRef(v.journal), v.year, v.doi && `doi:${v.doi}`].filter(Boolean).join(', ')}`;
}

function formatCandidate(c: Candidate, n: number): string[] {
  const authors = c.authors.length > 3 ? `${c.authors.slice(0, 3).join(', ')} et al.` : c.authors.join(', ');
  const id = c.arxivId ? `arXiv:${c.arxivId}` : c.doi ? `doi:${c.doi}` : c.id;
  const sources = c.sources.map((s) => repositoryLabel(s)).join(', ');
  const lexical = c.support?.lexical ? ` (lexical: ${c.support.lexical})` : '';
  const score = c.score !== undefined ? `  support ${c.score.toFixed(2)} ${c.support?.label ?? ''}${lexical}` : '';
  const out = [
    `${n}. ${c.title} (${c.year ?? 'n.d.'})`,
    `   ${authors} — ${sources}, ${id}${score}`,
  ];
  if (c.url) out.push(`   ${c.url}`);
  const ids = [
    c.namedInClaim && namedInClaimText(c.namedInClaim),
    c.pmid && `PMID:${c.pmid}`,
    c.pmcid,
    c.openAccess === undefined ? undefined : c.openAccess ? 'open access' : 'not open access',
    c.fulltextArxivVersion && `passages from its arXiv version (arXiv:${c.fulltextArxivVersion})`,
    c.citedBy && citedByText(c.citedBy),
  ];
  if (ids.some(Boolean)) out.push(`   ${ids.filter(Boolean).join(' · ')}`);
  const trust = trustLine(c);
  if (trust) out.push(`   ${trust}`);
  const published = publishedLine(c);
  if (published) out.push(`   ${published}`);
  // Said when it is a choice (a preprint with a published version) or when a preprint is what is cited.
  const of = c.bibtexOf && (c.versionOfRecord || c.bibtexOf === 'preprint') ? ` (${c.bibtexOf} version's BibTeX)` : '';
  out.push(c.citeKey ? `   \\cite{${c.citeKey}}${of}` : `   (no BibTeX: ${c.bibtexWhy ?? c.bibtexError ?? 'no authority had it'})`);
  if ((c.paragraphs?.length ?? 0) > 1) out.push(`   (${passageOrderNote(c.paragraphs!)})`);
  for (const p of c.paragraphs ?? []) out.push(...passageLines(p, '   '));
  return out;
}

/** A passage as the CLI quotes it, "> [0.91] Results: …" cut to a line, and the words that matched under it. */
export function passageLines(p: { score: number; section: string; text: string; reason?: string }, indent: string): string[] {
  const text = p.text.length > 220 ? p.text.slice(0, 217) + '…' : p.text;
  const quoted = `${indent}> [${p.score.toFixed(2)}] ${p.section}: ${text}`;
  return p.reason === undefined ? [quoted] : [quoted, `${indent}  ${p.reason}`];
}
