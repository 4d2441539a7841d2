import type { CreateOfferBody, CredExDetail, CredExRecord, SendOfferBody } from '@credence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { markDeleted } from '../../lib/deleted-records';
import type { CredentialActionId } from './actions';
import { credentialQueries } from './queries';

const base = '/api/issue-credential-2.0';

/** Runs one protocol step (or remove) on a record, then refreshes what shows it. */
export function useCredentialAction(credExId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: ({ action, body = {} }: { action: CredentialActionId; body?: object }) => {
      const path = `${base}/records/${encodeURIComponent(credExId)}`;
      return action === 'remove'
        ? apiFetch<object>(path, { method: 'DELETE' })
        : apiFetch<CredExDetail | CredExRecord | object>(`${path}/${action}`, { method: 'POST', json: body });
    },
    // A refetch of the record in flight would answer 404 once it is removed: stop it first.
    onMutate: ({ action }) => (action === 'remove' ? queryClient.cancelQueries({ queryKey: credentialQueries.detail(credExId).queryKey }) : undefined),
    onSuccess: (answer, { action }) => {
      // Marked deleted rather than dropped: dropping a query its page still shows would refetch it (404).
      if (action === 'remove') markDeleted(credExId);
      // issue and store answer with the whole Detail: show it at once, then refetch for the rest.
      else if (answer && 'cred_ex_record' in answer) queryClient.setQueryData(credentialQueries.detail(credExId).queryKey, answer as CredExDetail);
      void queryClient.invalidateQueries({ queryKey: credentialQueries.lists() });
      if (action !== 'remove') void queryClient.invalidateQueries({ queryKey: credentialQueries.detail(credExId).queryKey });
    },
  });
}

export function useOfferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: ({ endpoint, body }: { endpoint: string; body: SendOfferBody | CreateOfferBody }) =>
      apiFetch<CredExRecord>(endpoint, { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialQueries.lists() }),
  });
}
