import { consoleApiRefs, type ApprovalKind, type ApprovalWhat, type RouteRef } from '@credence/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';
import { callApi, urlFor } from './api-client';
import { consoleConfigQueries } from './console-config';
import type { MessageKey } from '../i18n/catalogue';
import type { MessageValues } from '../i18n/active-intl';

/** Requests for a second person's approval (decision 040): this tenant's, as the reader may see them. */
export const approvalQueries = {
  all: () => ['approvals'] as const,
  list: () =>
    queryOptions({
      queryKey: [...approvalQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => callApi(consoleApiRefs.approvals, {}, { signal }),
      refetchInterval: 30_000,
    }),
};

/** Whether this console holds `kind` for a second person's approval (APPROVALS): the page then asks for approval. */
export function useNeedsApproval(kind: ApprovalKind): boolean {
  return useQuery(consoleConfigQueries.current()).data?.approvals?.includes(kind) ?? false;
}

/** What an action answered: done (its own answer), or held for approval (202 `{ approval_id }`). */
export type AskedOr<T> = { asked: string } | { done: T };

/**
 * Calls an action that may be held for approval. Its answer, when held, is not the action's own (the contract's
 * response), so it is read here rather than through callApi's check.
 */
export async function callOrAsk<T>(route: RouteRef, input: { body?: unknown; params?: Record<string, string> }): Promise<AskedOr<T>> {
  const answer = await apiFetch<unknown>(urlFor(route, input as never), { method: route.method, json: input.body });
  if (typeof answer === 'object' && answer !== null && typeof (answer as { approval_id?: unknown }).approval_id === 'string') {
    return { asked: (answer as { approval_id: string }).approval_id };
  }
  return { done: answer as T };
}

/** What a request will do, in the reader's words: its message key and the values it names. */
export function approvalWhatMessage(what: ApprovalWhat, dateOf: (iso: string) => string): [MessageKey, MessageValues] {
  switch (what.kind) {
    case 'revoke':
      return what.holder
        ? ['approvals.what.revoke', { credential: what.credential ?? '', holder: what.holder }]
        : ['approvals.what.revokeUnnamed', { credential: what.credential ?? '' }];
    case 'bulk-revoke':
      return [
        'approvals.what.bulkRevoke',
        {
          count: what.count ?? 0,
          credential: what.credential ?? '',
          named: what.credential ? 'yes' : 'no',
          before: what.issuedBefore ? dateOf(what.issuedBefore) : '',
          dated: what.issuedBefore ? 'yes' : 'no',
        },
      ];
    case 'bulk-issue':
      return ['approvals.what.bulkIssue', { count: what.count ?? 0, file: what.fileName ?? '', named: what.fileName ? 'yes' : 'no' }];
    case 'wallet-upgrade':
      return ['approvals.what.walletUpgrade', { wallet: what.wallet ?? '' }];
    case 'tenant-remove':
      return [what.records === 'erase' ? 'approvals.what.tenantRemoveErase' : 'approvals.what.tenantRemoveKeep', { tenant: what.tenant ?? '' }];
  }
}
