import {
  type PresCreateRequestBody,
  type PresExRecord,
  type PresSendPresentationBody,
  type PresSendRequestBody,
  type ProblemReportBody,
  agentApiRefs,
} from '@credence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { markDeleted } from '../../lib/deleted-records';
import type { ProofRequestFormValues } from './proof-request-form';
import { presentationQueries } from './queries';

type PresentationCall =
  | { action: 'remove' | 'send-request' | 'verify-presentation' }
  | { action: 'problem-report'; body?: ProblemReportBody }
  | { action: 'send-presentation'; body: PresSendPresentationBody };

function runAction(presExId: string, call: PresentationCall) {
  const params = { pres_ex_id: presExId };
  switch (call.action) {
    case 'remove':
      return callApi(agentApiRefs.removePresentationExchange, { params });
    case 'send-request':
      return callApi(agentApiRefs.requestOnProposal, { params, body: {} });
    case 'verify-presentation':
      return callApi(agentApiRefs.verifyPresentation, { params, body: {} });
    case 'send-presentation':
      return callApi(agentApiRefs.sendPresentation, { params, body: call.body });
    case 'problem-report':
      if (!call.body) throw new Error('Abandoning an exchange needs a reason.');
      return callApi(agentApiRefs.reportPresentationProblem, { params, body: call.body });
  }
}

/** One protocol step (or remove) on a presentation exchange, then refresh what shows it. */
export function usePresentationAction(presExId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: (call: PresentationCall) => runAction(presExId, call),
    // A refetch of the record in flight would answer 404 once it is removed: stop it first.
    onMutate: ({ action }) => (action === 'remove' ? queryClient.cancelQueries({ queryKey: presentationQueries.detail(presExId).queryKey }) : undefined),
    onSuccess: (answer, { action }) => {
      // Marked deleted rather than dropped: dropping a query its page still shows would refetch it (404).
      if (action === 'remove') markDeleted(presExId);
      else if ('pres_ex_id' in answer) queryClient.setQueryData(presentationQueries.detail(presExId).queryKey, answer as PresExRecord);
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
    // The form's resolver has checked the body against the schema of the route its mode names.
    mutationFn: ({ mode, body }: { mode: ProofRequestFormValues['mode']; body: PresSendRequestBody | PresCreateRequestBody }) =>
      mode === 'send'
        ? callApi(agentApiRefs.sendPresentationRequest, { body: body as PresSendRequestBody })
        : callApi(agentApiRefs.createPresentationRequest, { body: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presentationQueries.lists() }),
  });
}
