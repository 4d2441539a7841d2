import { agentApiRefs, type ConnectionRecord } from '@credence/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { InvitationQr } from '../../components/ui/InvitationQr';
import { useT } from '../../i18n/use-t';
import { callApi } from '../../lib/api-client';
import { connectionQueries } from '../../lib/connections';
import { invitationUrlOf } from './invitation-url';
import { SimulateScan } from './SimulateScan';

/** The agent's record of the invitation behind a connection; under the connection's key, so its events refresh it. */
export const pendingInvitationQuery = (connId: string) =>
  queryOptions({
    queryKey: [...connectionQueries.detailKey(connId), 'invitation'] as const,
    queryFn: ({ signal }) => callApi(agentApiRefs.outOfBandRecords, { query: { connection_id: connId, limit: 1 } }, { signal }),
  });

/**
 * A connection still waiting for its holder: its invitation's QR code again, so the clerk shows the same
 * one rather than making another invitation. Once used, the agent drops the record and the code goes.
 */
export function PendingInvitation({ connection }: { connection: ConnectionRecord }) {
  const t = useT();
  const waiting = connection.state === 'invitation';
  const record = useQuery({ ...pendingInvitationQuery(connection.connection_id), enabled: waiting });
  if (!waiting || record.isPending) return null;
  const oob = record.data?.results[0];
  const url = oob ? invitationUrlOf(oob) : undefined;
  return (
    <section className="card" aria-labelledby="pending-invitation-title">
      <h2 id="pending-invitation-title">{t('pendingInvitation.title')}</h2>
      {url ? (
        <div className="invitation-layout">
          <InvitationQr url={url} label={t('invite.qrLabel')} />
          <div>
            <p>{t('pendingInvitation.showAgain')}</p>
            <p className="muted small">{oob?.multi_use ? t('invite.anyone') : t('invite.once')}</p>
            <SimulateScan invitationUrl={url} multiUse={oob?.multi_use ?? false} />
          </div>
        </div>
      ) : (
        <p className="muted">{record.isError ? t('pendingInvitation.couldNotSay', { reason: record.error.message }) : t('pendingInvitation.gone')}</p>
      )}
    </section>
  );
}
