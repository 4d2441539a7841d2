import { formatValue, kindOf, labelOf, type AdvisedAction, type AttributeLabels, type IssuedStatus, type RegisterAttribute } from '@credence/shared';
import { Link } from 'react-router';
import { formatDateTime, shortId, timeAgo } from '../../lib/format';
import { useFromHere } from '../ui/BackLink';
import { RevokedMark, revokedTwice } from '../ui/IssuedStatusBadge';
import { StateBadge } from '../ui/StateBadge';

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
      // Not "Next step: Failed": what to do is to read why, on the exchange's page.
      <span className="text-danger" title={errorMsg}>
        See why it failed
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

/**
 * A few of the values, enough to tell two credentials of one person apart: under the labels set for
 * the credential's definition (else derived from the names), a date as a date.
 */
export function AttributeValues({ attributes, shown = 4, labels }: { attributes: RegisterAttribute[]; shown?: number; labels?: AttributeLabels | undefined }) {
  if (attributes.length === 0) return <span className="muted">—</span>;
  return (
    <span className="register-values">
      {attributes.slice(0, shown).map((a) => (
        <span key={a.name}>
          <span className="muted">{labelOf(a.name, labels)}:</span> {formatValue(a.name, a.value, kindOf(a.name, labels))}
        </span>
      ))}
      {attributes.length > shown && <span className="muted">+{attributes.length - shown} more</span>}
    </span>
  );
}

/** The register's state of an exchange, and whether the agent still has it. */
export function KeptState({ state, removed, revoked }: { state: string; removed: boolean; revoked?: { credExId: string; status: IssuedStatus | null } }) {
  return (
    <span className="register-status">
      {!revokedTwice(state, revoked?.status) && <StateBadge state={state} />}
      {revoked && <RevokedMark credExId={revoked.credExId} status={revoked.status} />}
      {removed && <span className="muted small">Removed from the agent</span>}
    </span>
  );
}

/** The connection's name as the register kept it (also after the connection is gone), else as known now. */
export function KeptConnection({
  id,
  label,
  labelOf,
}: {
  id: string | null;
  label: string | null;
  labelOf: (id: string | null | undefined) => string | undefined;
}) {
  if (!id) return <span className="muted">No connection (QR code)</span>;
  return label ?? <ConnectionName id={id} labelOf={labelOf} />;
}
