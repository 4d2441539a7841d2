import {
  advisedCredentialAction,
  advisedPresentationAction,
  credentialStates,
  presentationStates,
  roleMayUse,
  schemaIdOf,
  type AdvisedAction,
  type UserRole,
  consoleApiRefs,
  agentApiRefs,
} from '@credence/shared';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { schemaLabel } from '../../lib/format';
import { credentialKeys, presentationKeys } from '../../lib/query-keys';

/** One exchange waiting on us: what to do, with whom, since when. */
export interface QueueItem {
  id: string;
  href: string;
  kind: 'credential' | 'presentation';
  what: string;
  state: string;
  connectionId: string | null | undefined;
  waitingSince: string;
  action: AdvisedAction;
}

/** The states the spec advises an action for (its table), per area. */
export const credentialActionStates = credentialStates.filter((s) => advisedCredentialAction(s));
export const presentationActionStates = presentationStates.filter((s) => advisedPresentationAction(s));

// The agent filters by one state at a time: one call per advised state. Under the lists' keys, so the
// live events that refresh the lists refresh the queue too.
const credentialsIn = (state: string) =>
  queryOptions({
    queryKey: [...credentialKeys.lists(), 'queue', state] as const,
    queryFn: ({ signal }) => callApi(agentApiRefs.credentialExchanges, { query: { state: state as never, limit: 1000 } }, { signal }),
    select: (data): QueueItem[] =>
      data.results.map(({ cred_ex_record: r }) => ({
        id: r.cred_ex_id,
        href: `/credentials/${r.cred_ex_id}`,
        kind: 'credential',
        what: schemaLabel(schemaIdOf(r)) ?? 'Credential exchange',
        state: r.state,
        connectionId: r.connection_id,
        waitingSince: r.updated_at,
        action: advisedCredentialAction(r.state)!,
      })),
  });

const presentationsIn = (state: string) =>
  queryOptions({
    queryKey: [...presentationKeys.lists(), 'queue', state] as const,
    queryFn: ({ signal }) => callApi(agentApiRefs.presentationExchanges, { query: { state: state as never, limit: 1000 } }, { signal }),
    select: (data): QueueItem[] =>
      data.results.map((r) => ({
        id: r.pres_ex_id,
        href: `/presentations/${r.pres_ex_id}`,
        kind: 'presentation',
        what: requestName(r.by_format) ?? 'Presentation exchange',
        state: r.state,
        connectionId: r.connection_id,
        waitingSince: r.updated_at,
        action: advisedPresentationAction(r.state)!,
      })),
  });

function requestName(byFormat: Record<string, Record<string, unknown>> | null | undefined): string | undefined {
  const request = byFormat?.pres_request;
  const name = request ? (Object.values(request)[0] as { name?: unknown } | undefined)?.name : undefined;
  return typeof name === 'string' && name ? name : undefined;
}

/** Oldest first: who has waited longest is served first. */
export function oldestFirst(items: QueueItem[]): QueueItem[] {
  return [...items].sort((a, b) => a.waitingSince.localeCompare(b.waitingSince));
}

/** Everything waiting on this role, oldest first, and whether it is all loaded. */
export function useQueue(role: UserRole | undefined) {
  const queries = [
    ...(role && roleMayUse(role, 'credentials') ? credentialActionStates.map(credentialsIn) : []),
    ...(role && roleMayUse(role, 'presentations') ? presentationActionStates.map(presentationsIn) : []),
  ];
  return useQueries({
    queries: queries as ReturnType<typeof credentialsIn>[],
    combine: (results) => ({
      items: oldestFirst(results.flatMap((r) => r.data ?? [])),
      isPending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
}

/**
 * How many exchanges wait on this role: for the navigation's badge on every page, counted by the
 * register (its totals by state, without those the agent removed) rather than by reading every
 * waiting record from the agent — up to 1,000 per state, megabytes on every page load. The Needs me
 * page itself lists them from the agent. Under the lists' keys, so live events refresh it too.
 */
const waitingIn = (kind: 'credential' | 'presentation', state: string) =>
  queryOptions({
    queryKey: [...(kind === 'credential' ? credentialKeys.lists() : presentationKeys.lists()), 'waiting', state] as const,
    queryFn: ({ signal }) => callApi(consoleApiRefs.registerExchanges, { query: { kind, state: state, removed: false, limit: 1, offset: 0 } }, { signal }),
    select: (page) => page.total,
  });

export function useWaitingCount(role: UserRole | undefined) {
  const queries = [
    ...(role && roleMayUse(role, 'credentials') ? credentialActionStates.map((s) => waitingIn('credential', s)) : []),
    ...(role && roleMayUse(role, 'presentations') ? presentationActionStates.map((s) => waitingIn('presentation', s)) : []),
  ];
  return useQueries({
    queries: queries,
    combine: (results) => ({
      count: results.reduce((sum, r) => sum + (r.data ?? 0), 0),
      isPending: results.some((r) => r.isPending),
    }),
  });
}
