import { formatValue, kindOf, labelOf, type AttributeLabels, type IssuedStatus, type RegisterAttribute } from '@credence/shared';
import { Link } from 'react-router';
import { useFormat, useT } from '../../i18n/use-t';
import { advisedActionAdvice, advisedActionLabel } from '../../lib/advised-action-words';
import { shortId } from '../../lib/format';
import { useFromHere } from '../ui/BackLink';
import { RevokedMark, revokedTwice } from '../ui/IssuedStatusBadge';
import { StateBadge } from '../ui/StateBadge';

/** The row's link: when the exchange started, opening its page, whose back link returns to this list as it is (filters, page). */
export function StartedLink({ href, at, listLabel }: { href: string; at: string; listLabel: string }) {
  const t = useT();
  const format = useFormat();
  const state = useFromHere(listLabel);
  return (
    <Link to={href} state={state} title={t('cells.openExchange')}>
      <time dateTime={at}>{format.dateTime(at)}</time>
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
  const format = useFormat();
  return <span title={format.dateTime(at)}>{format.timeAgo(at)}</span>;
}

/** "Failed" when the agent reported an error, else the spec's advised action for the state (none once the agent removed it). */
export function NextStep({ errorMsg, kind, state }: { errorMsg: string | null | undefined; kind: 'credential' | 'presentation'; state: string | undefined }) {
  const t = useT();
  if (errorMsg) {
    return (
      // Not "Next step: Failed": what to do is to read why, on the exchange's page.
      <span className="text-danger" title={errorMsg}>
        {t('cells.seeWhyFailed')}
      </span>
    );
  }
  const label = state === undefined ? undefined : advisedActionLabel(kind, state);
  const advice = state === undefined ? undefined : advisedActionAdvice(kind, state);
  return label ? (
    <span className="advice" title={advice && t(advice)}>
      {t(label)}
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
  const t = useT();
  if (attributes.length === 0) return <span className="muted">—</span>;
  return (
    <span className="register-values">
      {attributes.slice(0, shown).map((a) => (
        <span key={a.name}>
          <span className="muted">{labelOf(a.name, labels)}:</span> {formatValue(a.name, a.value, kindOf(a.name, labels))}
        </span>
      ))}
      {attributes.length > shown && <span className="muted">{t('cells.moreValues', { count: attributes.length - shown })}</span>}
    </span>
  );
}

/** The register's state of an exchange, and whether the agent still has it. */
export function KeptState({ state, removed, revoked }: { state: string; removed: boolean; revoked?: { credExId: string; status: IssuedStatus | null } }) {
  const t = useT();
  return (
    <span className="register-status">
      {!revokedTwice(state, revoked?.status) && <StateBadge state={state} />}
      {revoked && <RevokedMark credExId={revoked.credExId} status={revoked.status} />}
      {removed && <span className="muted small">{t('cells.removedFromAgent')}</span>}
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
  const t = useT();
  if (!id) return <span className="muted">{t('cells.noConnection')}</span>;
  return label ?? <ConnectionName id={id} labelOf={labelOf} />;
}
