import type { IssuedStatus } from '@credence/shared';
import { Link } from 'react-router';

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

/**
 * A credential revoked after its exchange ended (the exchange's own state still says "Done"): marked
 * where the exchange is shown, linked to its row on the Issued credentials page. Nothing while valid.
 */
export function RevokedMark({ credExId, status }: { credExId: string; status: IssuedStatus | null | undefined }) {
  if (!status || status === 'issued') return null;
  return (
    <Link to={`/issued?cred_ex_id=${encodeURIComponent(credExId)}`} className="revoked-mark" title="See it on the Issued credentials page">
      <IssuedStatusBadge status={status} />
    </Link>
  );
}

/** The exchange's state already says revoked, and the mark beside it would say it again: the mark (linked, and precise about publication) is kept. */
export function revokedTwice(state: string, status: IssuedStatus | null | undefined): boolean {
  return state === 'credential-revoked' && !!status && status !== 'issued';
}
