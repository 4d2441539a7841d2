import {
  advisedCredentialAction,
  advisedPresentationAction,
  credentialStates,
  presentationStates,
  roleMayUse,
  schemaIdOf,
  type AdvisedAction,
  type ConsoleRole,
  consoleApiRefs,
  agentApiRefs,
} from '@credence/shared';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { schemaLabel } from '../../lib/format';
import { credentialKeys, presentationKeys } from '../../lib/query-keys';
import type { MessageKey } from '../../i18n/catalogue';
import { readProposal, type ProposalSummary } from './proposal-words';

/** One exchange waiting on us: what to do, with whom, since when. */
export interface QueueItem {
  id: string;
  href: string;
  kind: 'credential' | 'presentation';
  /** The credential's or the request's own name, when the record gives one (data: never translated). */
  what: string | undefined;
  /** A presentation proposal's content, for the page to say in words when the record names nothing. */
  proposal?: ProposalSummary | undefined;
  state: string;
  connectionId: string | null | undefined;
  waitingSince: string;
  action: AdvisedAction;
  /** Which group it is listed in: its kind and state. */
  group: QueueGroupKey;
}

/**
 * What waits, by kind: the console's own role's work (issue, verify, review a proposal), then the holder's
 * (an offer or a proof request received, a credential to store), which an issuer or verifier clerk sees only
 * when asked.
 */
export const queueGroups = [
  { key: 'credential:request-received', title: 'needsMe.group.requestsToIssue', holder: false },
  { key: 'credential:proposal-received', title: 'needsMe.group.credentialProposals', holder: false },
  { key: 'presentation:presentation-received', title: 'needsMe.group.presentationsToVerify', holder: false },
  { key: 'presentation:proposal-received', title: 'needsMe.group.presentationProposals', holder: false },
  { key: 'credential:offer-received', title: 'needsMe.group.offersReceived', holder: true },
  { key: 'credential:credential-received', title: 'needsMe.group.credentialsToStore', holder: true },
  { key: 'presentation:request-received', title: 'needsMe.group.proofRequestsToAnswer', holder: true },
] as const satisfies readonly { key: string; title: MessageKey; holder: boolean }[];
export type QueueGroupKey = (typeof queueGroups)[number]['key'];
export type QueueOrder = 'oldest' | 'newest';

const isHolderState = (kind: QueueItem['kind'], state: string) => queueGroups.some((g) => g.holder && g.key === `${kind}:${state}`);

export interface QueueGroup<Item extends QueueItem = QueueItem> {
  key: QueueGroupKey;
  /** Its title's key in the catalogues. */
  title: MessageKey;
  holder: boolean;
  items: Item[];
}

/** The items in their groups (empty groups left out), each sorted as chosen: the longest waiting first by default. */
export function groupQueue<Item extends QueueItem>(items: Item[], order: QueueOrder): QueueGroup<Item>[] {
  const sorted = order === 'newest' ? oldestFirst(items).reverse() : oldestFirst(items);
  return queueGroups
    .map((g) => ({ key: g.key, title: g.title, holder: g.holder, items: sorted.filter((i) => i.group === g.key) }))
    .filter((g) => g.items.length > 0);
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
        what: schemaLabel(schemaIdOf(r)),
        state: r.state,
        connectionId: r.connection_id,
        waitingSince: r.updated_at,
        action: advisedCredentialAction(r.state)!,
        group: `credential:${r.state}` as QueueGroupKey,
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
        what: requestName(r.by_format),
        proposal: readProposal(r.by_format),
        state: r.state,
        connectionId: r.connection_id,
        waitingSince: r.updated_at,
        action: advisedPresentationAction(r.state)!,
        group: `presentation:${r.state}` as QueueGroupKey,
      })),
  });

function requestName(byFormat: Record<string, Record<string, unknown>> | null | undefined): string | undefined {
  const request = byFormat?.pres_request;
  const name = request ? (Object.values(request)[0] as { name?: unknown } | undefined)?.name : undefined;
  return typeof name === 'string' && name ? name : undefined;
}

/**
 * The items a clerk's words pick out: each word found, in any case, in the person's name or the credential's,
 * so "Student ID Alice" narrows to Alice's Student ID requests (and "Issue all requested" to those).
 */
export function matchingItems<Item extends QueueItem>(items: Item[], words: string, labelOf: (id: string | null | undefined) => string | undefined): Item[] {
  const wanted = words.toLowerCase().split(/\s+/).filter(Boolean);
  if (wanted.length === 0) return items;
  return items.filter((item) => {
    const text = `${labelOf(item.connectionId) ?? ''} ${item.what ?? ''}`.toLowerCase();
    return wanted.every((word) => text.includes(word));
  });
}

/** Oldest first: who has waited longest is served first. */
export function oldestFirst<Item extends QueueItem>(items: Item[]): Item[] {
  return [...items].sort((a, b) => a.waitingSince.localeCompare(b.waitingSince));
}

/** The states whose exchanges this role must act on; a holder's chores only when asked. */
export function queueStates(role: ConsoleRole | undefined, withHolder: boolean) {
  const mine = (kind: QueueItem['kind'], states: readonly string[]) => states.filter((s) => withHolder || !isHolderState(kind, s));
  return {
    credential: role && roleMayUse(role, 'credentials') ? mine('credential', credentialActionStates) : [],
    presentation: role && roleMayUse(role, 'presentations') ? mine('presentation', presentationActionStates) : [],
  };
}

/** The holder's chores this role could see: what "Show holder tasks" would add. */
export function holderStates(role: ConsoleRole | undefined) {
  const all = queueStates(role, true);
  const own = queueStates(role, false);
  return {
    credential: all.credential.filter((s) => !own.credential.includes(s)),
    presentation: all.presentation.filter((s) => !own.presentation.includes(s)),
  };
}

/** Everything waiting on this role (and on its wallet as a holder, when asked), oldest first, and whether it is all loaded. */
export function useQueue(role: ConsoleRole | undefined, withHolder = false) {
  const states = queueStates(role, withHolder);
  const queries = [...states.credential.map(credentialsIn), ...states.presentation.map(presentationsIn)];
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

/** How many wait on this role's own work (the navigation's badge), or, with `states`, on those states (the holder's chores). */
export function useWaitingCount(role: ConsoleRole | undefined, states = queueStates(role, false)) {
  const queries = [...states.credential.map((s) => waitingIn('credential', s)), ...states.presentation.map((s) => waitingIn('presentation', s))];
  return useQueries({
    queries: queries,
    combine: (results) => ({
      count: results.reduce((sum, r) => sum + (r.data ?? 0), 0),
      isPending: results.some((r) => r.isPending),
    }),
  });
}
