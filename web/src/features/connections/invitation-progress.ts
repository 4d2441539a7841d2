import { connectionLabel, type ConnectionRecord } from '@credence/shared';

export type InvitationProgress =
  | { step: 'waiting' }
  | { step: 'connecting'; connection: ConnectionRecord; name: string }
  | { step: 'connected'; connection: ConnectionRecord; name: string }
  | { step: 'failed'; connection: ConnectionRecord; name: string };

/**
 * Where an invitation stands, from the connections the agent made with it (same invitation message
 * id). A multi-use invitation keeps a record in `invitation` state and makes one connection per use.
 */
export function invitationProgress(
  connections: readonly ConnectionRecord[],
  invitationMsgId: string | undefined,
  connectionId?: string,
): {
  latest: InvitationProgress;
  made: ConnectionRecord[];
} {
  const mine = connections.filter(
    (c) => (invitationMsgId !== undefined && c.invitation_msg_id === invitationMsgId) || (connectionId !== undefined && c.connection_id === connectionId),
  );
  const made = mine.filter((c) => c.state !== 'invitation' && c.state !== 'start').sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const newest = made[0];
  if (!newest) return { latest: { step: 'waiting' }, made };
  const name = connectionLabel(newest);
  const step =
    newest.state === 'active' || newest.state === 'completed'
      ? 'connected'
      : newest.state === 'abandoned' || newest.state === 'error'
        ? 'failed'
        : 'connecting';
  return { latest: { step, connection: newest, name }, made };
}
