// Trust as the chat reports it. (Placeholder adapter over Crossref notices until src/core/trust
// lands; replaced by it at merge.)
import type { CrossrefWork } from '../sources/crossref';

export interface ChatTrust {
  status: 'retracted' | 'withdrawn' | 'concern' | 'corrected' | 'ok' | 'unknown';
  notice?: { doi: string; date?: string; source?: string };
  reason?: string;
}

const STATUS_OF = { retraction: 'retracted', withdrawal: 'withdrawn', expression_of_concern: 'concern', correction: 'corrected' } as const;
const SEVERITY: ChatTrust['status'][] = ['retracted', 'withdrawn', 'concern', 'corrected'];

export function noticeOf(work: CrossrefWork | undefined, title = work?.title ?? '', checked = work !== undefined): ChatTrust {
  const notices = (work?.updatedBy ?? []).flatMap((n) => (n.type in STATUS_OF ? [{ ...n, status: STATUS_OF[n.type as keyof typeof STATUS_OF] }] : []));
  notices.sort((a, b) => SEVERITY.indexOf(a.status) - SEVERITY.indexOf(b.status));
  const worst = notices[0];
  if (worst) return { status: worst.status, notice: { doi: worst.doi, date: worst.date, source: worst.source } };
  if (/^\s*retracted\b/i.test(title)) return { status: 'retracted', reason: 'its title says RETRACTED' };
  if (/^\s*withdrawn\b/i.test(title)) return { status: 'withdrawn', reason: 'its title says WITHDRAWN' };
  return checked ? { status: 'ok' } : { status: 'unknown', reason: 'no DOI, so Crossref could not be asked' };
}

export function describeTrust(trust: ChatTrust): string {
  const notice = trust.notice ? ` (notice doi:${trust.notice.doi}${trust.notice.date ? `, ${trust.notice.date}` : ''}${trust.notice.source ? `, ${trust.notice.source}` : ''})` : '';
  const reason = trust.reason ? `: ${trust.reason}` : '';
  return `${trust.status}${notice}${reason}`;
}
