// The codicon of each audit status in the summary view. Apart from the view (which needs `vscode`),
// so a unit test can hold each name to the codicons that exist: an unknown name draws nothing.
import type { AuditStatus } from '../../core/audit/types';

export const STATUS_ICONS: Record<AuditStatus, string> = {
  supported: 'pass',
  weak: 'question',
  unsupported: 'warning',
  unresolved: 'search-stop',
  missing: 'error',
  unavailable: 'debug-disconnect',
  unscored: 'circle-slash',
};
