import {
  advisedCredentialAction,
  advisedPresentationAction,
  INVITATION_FETCHED_TOPIC,
  roleMayUse,
  type ConsoleEvent,
  type ConsoleRole,
} from '@credence/shared';
import type { QueryClient } from '@tanstack/react-query';
import { markDeleted } from '../../lib/deleted-records';
import { humanize } from '../../lib/format';
import { connectionQueries } from '../../lib/connections';
import { batchKeys, credentialKeys, invitationFetchedKey, presentationKeys, registerKeys, revocationKeys, schemaKeys } from '../../lib/query-keys';

/**
 * Invalidates, and makes sure a first load already in flight is repeated: its answer may predate the
 * event, and TanStack Query joins (rather than restarts) a fetch that has no data yet.
 */
export function invalidateAfterEvent(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll({ queryKey })) {
    if (query.state.fetchStatus !== 'fetching' || query.state.data !== undefined) continue;
    const unsubscribe = cache.subscribe((event) => {
      if (event.query !== query || query.state.fetchStatus !== 'idle') return;
      unsubscribe();
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    });
  }
  void queryClient.invalidateQueries({ queryKey });
}

/**
 * What an event changes in the cache: the record's detail is refetched, lists are invalidated.
 * Stale events (older than what was seen) and v1 events (no v1 views here) change nothing.
 */
export function applyEvent(queryClient: QueryClient, event: ConsoleEvent): void {
  // A wallet fetched a counter's short URL: the counter page says "scanned" at once.
  if (event.topic === INVITATION_FETCHED_TOPIC && event.subject_id) queryClient.setQueryData(invitationFetchedKey(event.subject_id), true);
  // A legacy revocation registry moved on (init → generated → posted → active): the definitions page follows it.
  if (event.topic === 'revocation_registry') invalidateAfterEvent(queryClient, schemaKeys.registries());
  if (event.kind === 'connection') {
    if (event.stale) return;
    // Few and small: every list of connections (the page, the pickers) is refreshed, and the one changed.
    invalidateAfterEvent(queryClient, connectionQueries.lists());
    if (event.topic === 'connections' && event.subject_id) {
      const key = connectionQueries.detailKey(event.subject_id);
      // A removed connection is not fetched again (it would be a 404); its page says it is gone.
      if (event.state === 'deleted') markDeleted(event.subject_id);
      else invalidateAfterEvent(queryClient, key);
    }
    return;
  }
  const keys = event.kind === 'credential' ? credentialKeys : event.kind === 'presentation' ? presentationKeys : null;
  // The register keeps every exchange (v1 too, and what the agent deleted) and each revocation; the
  // exchange lists read from it.
  if (!event.stale && (keys || event.kind === 'revocation')) {
    invalidateAfterEvent(queryClient, registerKeys.all());
    if (keys) invalidateAfterEvent(queryClient, keys.lists());
    // A batch counts its rows issued from the register; the pending revocations (and their count in the navigation) follow revocations.
    if (event.kind === 'credential') invalidateAfterEvent(queryClient, batchKeys.all());
    if (event.kind === 'revocation') invalidateAfterEvent(queryClient, revocationKeys.all());
  }
  if (event.stale || event.version === 'v1' || !event.subject_id) {
    if (event.topic === 'issuer_cred_rev' && typeof event.payload.cred_ex_id === 'string') {
      invalidateAfterEvent(queryClient, credentialKeys.detail(event.payload.cred_ex_id));
    }
    return;
  }
  if (!keys) return;
  if (event.state === 'deleted') {
    // A page showing it says it was deleted (its query is then disabled); no one else needs it.
    markDeleted(event.subject_id);
    queryClient.removeQueries({ queryKey: keys.detail(event.subject_id), type: 'inactive' });
  } else {
    invalidateAfterEvent(queryClient, keys.detail(event.subject_id));
  }
}

export interface Advice {
  message: string;
  href: string;
  label: string;
}

/**
 * The spec's advised action for the state an exchange reached, for a user whose role can take it:
 * "Request received from Faber College — Issue credential".
 */
export function adviceFor(event: ConsoleEvent, role: ConsoleRole, connectionLabel: (id: string) => string | undefined): Advice | undefined {
  if (event.stale || event.version !== 'v2' || !event.subject_id || !event.state) return undefined;
  const who = typeof event.payload.connection_id === 'string' ? connectionLabel(event.payload.connection_id) : undefined;
  const from = who ? ` from ${who}` : '';
  if (event.kind === 'credential' && roleMayUse(role, 'credentials')) {
    const action = advisedCredentialAction(event.state);
    if (action) return { message: `${humanize(event.state)}${from}`, href: `/credentials/${event.subject_id}`, label: action.label };
  }
  if (event.kind === 'presentation' && roleMayUse(role, 'presentations')) {
    const action = advisedPresentationAction(event.state);
    if (action) return { message: `${humanize(event.state)}${from}`, href: `/presentations/${event.subject_id}`, label: action.label };
  }
  return undefined;
}
