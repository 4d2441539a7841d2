import { agentError } from '../agent-errors.js';
import type { SandboxConnection } from '../connections.js';
import type { EmitWebhook } from '../events.js';
import type { SandboxStore } from '../store.js';

/** ConnRecord.State: the stored (RFC 160) name and the RFC 23 one. */
const STATES = {
  start: 'start',
  invitation: 'invitation',
  request: 'request',
  response: 'response',
  active: 'completed',
  error: 'abandoned',
} as const;
export type ConnectionState = keyof typeof STATES;

/**
 * ConnRecord.rfc23_state (connections/models/conn_record.py rfc23strict): request, invitation and
 * response take `-sent` or `-received` after who sent them; `their_role` inviter is RFC 23's responder.
 */
export function rfc23State(state: ConnectionState, theirRole: string): string {
  const name = STATES[state];
  if (state === 'start' || state === 'active' || state === 'error') return name;
  const theyRespond = theirRole === 'inviter';
  if (state === 'request') return `${name}${theyRespond ? '-sent' : '-received'}`;
  return `${name}${theyRespond ? '-received' : '-sent'}`;
}

/** Saving and removing connection records, each with the `connections` webhook the agent sends. */
export class ConnectionRecords {
  constructor(private readonly deps: { store: SandboxStore; emit: EmitWebhook; stamp: () => string }) {}

  /** BaseRecord.save: a webhook when the record is new or its state changed. */
  save(connection: SandboxConnection, state: ConnectionState): void {
    const isNew = !this.deps.store.connections.has(connection.connection_id);
    const changed = connection.state !== state;
    connection.state = state;
    connection.rfc23_state = rfc23State(state, connection.their_role);
    connection.updated_at = this.deps.stamp();
    if (isNew) connection.created_at = connection.updated_at;
    this.deps.store.connections.set(connection.connection_id, connection);
    if (isNew || changed) this.deps.emit('connections', { ...connection });
  }

  /**
   * DELETE /connections/{conn_id} (connections/routes.py): any id, unknown → 404. delete_record emits the
   * record in state `deleted` without saving it: updated_at unchanged, and no rfc23_state, since the
   * property fails for `deleted` and marshmallow leaves the field out.
   */
  remove(id: string): Record<string, never> {
    const connection = this.deps.store.connections.get(id);
    if (!connection) throw agentError(404, `Record not found: connection/${id}`);
    this.deps.store.connections.delete(id);
    const { rfc23_state: _dropped, ...payload } = connection;
    this.deps.emit('connections', { ...payload, state: 'deleted' });
    return {};
  }
}
