import { connectionLabel, type ConnectionRecord } from '@credence/shared';

export const CONNECTIONS_PAGE_SIZE = 25;

/** Connections whose label or alias holds `search` (any case), in `state` when given, newest first. */
export function filterConnections(connections: readonly ConnectionRecord[], search: string, state: string | undefined): ConnectionRecord[] {
  const needle = search.trim().toLocaleLowerCase();
  return connections
    .filter((c) => !state || c.state === state || (state === 'active' && c.state === 'completed'))
    .filter((c) => !needle || [c.their_label, c.alias].some((text) => text?.toLocaleLowerCase().includes(needle)))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || connectionLabel(a).localeCompare(connectionLabel(b)));
}
