// Trust as the chat reports it: the trust module's reading of a Crossref record (one place for
// what counts as retracted, withdrawn, under concern or corrected).
import { signalFromCrossref, signalFromText } from '../trust';
import type { CrossrefWork } from '../sources/crossref';
import type { TrustSignal } from '../types';

export type ChatTrust = TrustSignal;

/**
 * The signal of a Crossref record (and the title), `unknown` when nothing could be checked: no DOI
 * to ask with (`checked` false), or a DOI Crossref has no record of (`checked` true, no `work`).
 */
export function noticeOf(work: CrossrefWork | undefined, title = work?.title ?? '', checked = work !== undefined, doi?: string): ChatTrust {
  const signal = (work && signalFromCrossref(work)) ?? signalFromText({ title });
  if (signal)
    return { ...signal, notice: signal.notice && { doi: signal.notice.doi, date: signal.notice.date, source: signal.notice.source } };
  if (!checked) return { status: 'unknown', reason: 'no DOI, so Crossref could not be asked' };
  // Asked, but no record came back (Crossref does not know the DOI): nothing was checked, so
  // never "ok" — only a record without notices is ok.
  if (!work) return { status: 'unknown', reason: `Crossref has no record of ${doi ? `doi:${doi}` : 'its DOI'}, so no notice could be checked` };
  return { status: 'ok' };
}

export function describeTrust(trust: ChatTrust): string {
  const notice = trust.notice ? ` (notice doi:${trust.notice.doi}${trust.notice.date ? `, ${trust.notice.date}` : ''}${trust.notice.source ? `, ${trust.notice.source}` : ''})` : '';
  const reason = trust.reason ? `: ${trust.reason}` : '';
  return `${trust.status}${notice}${reason}`;
}
