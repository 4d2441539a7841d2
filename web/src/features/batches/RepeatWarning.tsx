import { batchProgressText, type IssueBatch } from '@credence/shared';
import { Link } from 'react-router';
import { formatDateTime, timeAgo } from '../../lib/format';

/**
 * The same file for the same credential was sent less than a day ago: said before anything is sent, with the
 * earlier batch one click away, and sent again only once the clerk ticks that each person should get a second one.
 */
export function RepeatWarning({ earlier, confirmed, onConfirm }: { earlier: IssueBatch; confirmed: boolean; onConfirm: (confirmed: boolean) => void }) {
  return (
    <div className="callout callout-attention" role="status">
      <p>
        <strong>This file was already sent {timeAgo(earlier.created_at)}.</strong>{' '}
        <Link to={`/credentials/batches/${earlier.id}`}>
          {earlier.credential_name} to {earlier.row_count === 1 ? '1 connection' : `${earlier.row_count.toLocaleString('en-GB')} connections`}
        </Link>
        , by {earlier.created_by}, {formatDateTime(earlier.created_at)} ({batchProgressText(earlier)}). Sent again, each person receives a second credential.
      </p>
      <label className="check">
        <input type="checkbox" checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} /> Send it again: each person should receive a second
        credential
      </label>
    </div>
  );
}
