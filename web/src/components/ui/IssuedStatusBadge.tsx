import type { IssuedStatus } from '@credence/shared';

/** How a status reads, everywhere it appears. */
export const STATUS_TEXT: Record<IssuedStatus, string> = {
  issued: 'Issued',
  'revoked-pending': 'Revoked — not yet published',
  revoked: 'Revoked',
};

const STATUS_TONE: Record<IssuedStatus, string> = { issued: 'success', 'revoked-pending': 'danger', revoked: 'danger' };

/** An issued credential's status; a revoked one is unmistakable (red, outlined, marked ✗). */
export function IssuedStatusBadge({ status }: { status: IssuedStatus }) {
  return (
    <span className={`badge badge-${STATUS_TONE[status]}${status === 'issued' ? '' : ' badge-revoked'}`}>
      {status !== 'issued' && <span aria-hidden="true">✗ </span>}
      {STATUS_TEXT[status]}
    </span>
  );
}
