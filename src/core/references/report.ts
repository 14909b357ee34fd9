// A reference check as Markdown a reviewer can paste into a review: the flagged references first
// (mismatch, not found, impossible date), each with its printed text, what the authority holds
// instead and a link; then the unreadable and the unchecked; then the count of the verified.
import { unidentifiedWhy } from './untitled';
import { authorityLabel, isFlagged } from '../bibcheck/verdict';
import type { CheckedReference, ReferenceCheck } from './check';
import { plural } from '../text/plural';

export function verdictOf(reference: CheckedReference): string {
  return reference.result?.verdict.verdict ?? 'unreadable';
}

/** Where a reference is: its printed number, key and page or line (`file:line` when the file is named). */
export function placeOf(reference: CheckedReference, file?: string): string {
  const { item } = reference;
  const line = item.line !== undefined && !item.page ? (file !== undefined ? `${file}:${item.line + 1}` : `line ${item.line + 1}`) : undefined;
  return [item.number ? `[${item.number}]` : undefined, item.key, item.page ? `p. ${item.page}` : undefined, line]
    .filter(Boolean)
    .join(' · ');
}

/** `notices`: what reading the list said (volumes left out, GROBID down), so the report loses none of it. */
export function markdownReport(check: ReferenceCheck, source: string, notices: readonly string[] = []): string {
  const flagged = check.references.filter((r) => r.result && isFlagged(r.result.verdict.verdict));
  const unreadable = check.references.filter((r) => !r.result);
  const unavailable = check.references.filter((r) => r.result?.verdict.verdict === 'unavailable');
  const counts = Object.entries(check.summary).map(([v, n]) => `${v} ${n}`).join(' · ');
  const out = [`# Reference check: ${source}`, '', `${plural(check.references.length, 'reference')}: ${counts}.`, ''];
  if (notices.length) out.push(...notices.map((n) => `> ${n}`), '');
  out.push(`## Flagged (${flagged.length})`, '');
  if (!flagged.length) out.push('No reference was flagged.', '');
  for (const r of flagged) out.push(...flaggedSection(r));
  if (unreadable.length) {
    out.push(`## Unreadable (${unreadable.length})`, '', 'These could not be identified; they were not checked.', '');
    for (const r of unreadable) out.push(`- ${placeOf(r)} ${quote(r.item.text)}: ${unidentifiedWhy(r.fields)}`);
    out.push('');
  }
  if (unavailable.length) {
    out.push(`## Not checked: an authority did not answer (${unavailable.length})`, '');
    for (const r of unavailable) out.push(`- ${placeOf(r)} ${quote(r.item.text)}: ${r.result!.message}`);
    out.push('');
  }
  return out.join('\n');
}

function flaggedSection(r: CheckedReference): string[] {
  const v = r.result!.verdict;
  const lines = [`### ${placeOf(r) || 'Reference'}: ${v.kind ? `${v.verdict} (${v.kind})` : v.verdict}`, '', `> ${r.item.text}`, '', v.message];
  const differing = v.evidence.filter((e) => e.status === 'differs');
  for (const e of differing) lines.push(`- ${e.field}: printed "${e.entry ?? ''}", ${v.authority ?? 'authority'} has "${e.authority ?? ''}"${e.note ? ` (${e.note})` : ''}`);
  const found = v.record;
  if (found) {
    const link = found.url ?? (found.doi ? `https://doi.org/${found.doi}` : undefined);
    const who = found.authors.slice(0, 3).join(', ') + (found.authors.length > 3 ? ' et al.' : '');
    lines.push(`- Found instead: ${who ? `${who}, ` : ''}"${found.title}"${found.venue ? `, ${found.venue}` : ''}${found.year ? ` (${found.year})` : ''}${link ? ` — <${link}>` : ''}`);
  } else if (v.searched.length) {
    lines.push(`- Searched: ${v.searched.map((s) => `${authorityLabel(s.authority)} (${s.query})`).join('; ')}`);
  }
  return [...lines, ''];
}

function quote(text: string): string {
  return `"${text.length > 200 ? `${text.slice(0, 200)}…` : text}"`;
}
