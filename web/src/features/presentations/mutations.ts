import type { PresCreateRequestBody, PresExRecord, PresSendPresentationBody, PresSendRequestBody } from '@credence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { markDeleted } from '../../lib/deleted-records';
import type { PresentationActionId } from './actions';
import { presentationQueries } from './queries';

const base = '/api/present-proof-2.0';

/** One protocol step (or remove) on a presentation exchange, then refresh what shows it. */
export function usePresentationAction(presExId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: ({ action, body = {} }: { action: Exclude<PresentationActionId, 'prepare-presentation'> | 'send-presentation'; body?: object }) => {
      const path = `${base}/records/${encodeURIComponent(presExId)}`;
      return action === 'remove' ? apiFetch<object>(path, { method: 'DELETE' }) : apiFetch<PresExRecord>(`${path}/${action}`, { method: 'POST', json: body });
    },
    // A refetch of the record in flight would answer 404 once it is removed: stop it first.
    onMutate: ({ action }) => (action === 'remove' ? queryClient.cancelQueries({ queryKey: presentationQueries.detail(presExId).queryKey }) : undefined),
    onSuccess: (answer, { action }) => {
      // Marked deleted rather than dropped: dropping a query its page still shows would refetch it (404).
      if (action === 'remove') markDeleted(presExId);
      else if (answer && 'pres_ex_id' in answer) queryClient.setQueryData(presentationQueries.detail(presExId).queryKey, answer as PresExRecord);
      void queryClient.invalidateQueries({ queryKey: presentationQueries.lists() });
      if (action !== 'remove') void queryClient.invalidateQueries({ queryKey: presentationQueries.detail(presExId).queryKey });
    },
  });
}

export type SendPresentationBody = PresSendPresentationBody;

export function useProofRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: ({ endpoint, body }: { endpoint: string; body: PresSendRequestBody | PresCreateRequestBody }) => apiFetch<PresExRecord>(endpoint, { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presentationQueries.lists() }),
  });
}
