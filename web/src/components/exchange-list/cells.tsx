import type { AdvisedAction } from '@credence/shared';
import { Link } from 'react-router';
import { formatDateTime, shortId, timeAgo } from '../../lib/format';
import { useFromHere } from '../ui/BackLink';

/** The row's link: when the exchange started, opening its page, whose back link returns to this list as it is (filters, page). */
export function StartedLink({ href, at, listLabel }: { href: string; at: string; listLabel: string }) {
  const state = useFromHere(listLabel);
  return (
    <Link to={href} state={state} title="Open this exchange">
      <time dateTime={at}>{formatDateTime(at)}</time>
    </Link>
  );
}

/** The connection's name, or a short id when the console does not know it. */
export function ConnectionName({ id, labelOf }: { id: string | null | undefined; labelOf: (id: string | null | undefined) => string | undefined }) {
  return (
    labelOf(id) ?? (
      <span className="mono" title={id ?? undefined}>
        {id ? shortId(id) : '—'}
      </span>
    )
  );
}

export function UpdatedAgo({ at }: { at: string }) {
  return <span title={formatDateTime(at)}>{timeAgo(at)}</span>;
}

/** "Failed" when the agent reported an error, else the spec's advised action for the state, if any. */
export function NextStep({ errorMsg, action }: { errorMsg: string | null | undefined; action: AdvisedAction | undefined }) {
  if (errorMsg) {
    return (
      <span className="text-danger" title={errorMsg}>
        Failed
      </span>
    );
  }
  return action ? (
    <span className="advice" title={action.advice}>
      {action.label}
    </span>
  ) : (
    <span className="muted">—</span>
  );
}
