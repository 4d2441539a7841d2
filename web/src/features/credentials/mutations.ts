import { type BoundOfferBody, type CreateOfferBody, type CredExDetail, type ProblemReportBody, type SendOfferBody, agentApiRefs } from '@credence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { markDeleted } from '../../lib/deleted-records';
import type { CredentialActionId } from './actions';
import type { OfferFormValues } from './offer-form';
import { credentialQueries } from './queries';

/** The protocol step behind each action a person can take on a record (remove and abandon apart). */
const steps = {
  'send-offer': agentApiRefs.offerOnProposal,
  'send-request': agentApiRefs.requestCredential,
  issue: agentApiRefs.issueCredential,
  store: agentApiRefs.storeCredential,
} as const;

function runAction(credExId: string, action: CredentialActionId, body: ProblemReportBody | undefined) {
  const params = { cred_ex_id: credExId };
  if (action === 'remove') return callApi(agentApiRefs.removeCredentialExchange, { params });
  if (action === 'problem-report') {
    if (!body) throw new Error('Abandoning an exchange needs a reason.');
    return callApi(agentApiRefs.reportCredentialProblem, { params, body });
  }
  return callApi(steps[action], { params, body: {} });
}

/** Runs one protocol step (or remove) on a record, then refreshes what shows it. */
export function useCredentialAction(credExId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: ({ action, body }: { action: CredentialActionId; body?: ProblemReportBody }) => runAction(credExId, action, body),
    // A refetch of the record in flight would answer 404 once it is removed: stop it first.
    onMutate: ({ action }) => (action === 'remove' ? queryClient.cancelQueries({ queryKey: credentialQueries.detail(credExId).queryKey }) : undefined),
    onSuccess: (answer, { action }) => {
      // Marked deleted rather than dropped: dropping a query its page still shows would refetch it (404).
      if (action === 'remove') markDeleted(credExId);
      // issue and store answer with the whole Detail: show it at once, then refetch for the rest.
      else if ('cred_ex_record' in answer) queryClient.setQueryData(credentialQueries.detail(credExId).queryKey, answer as CredExDetail);
      void queryClient.invalidateQueries({ queryKey: credentialQueries.lists() });
      if (action !== 'remove') void queryClient.invalidateQueries({ queryKey: credentialQueries.detail(credExId).queryKey });
    },
  });
}

/** Answers a holder's proposal: as proposed (empty body), or with a counter-offer (filter and preview). */
export function useProposalAnswer(credExId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: (body: BoundOfferBody) => callApi(agentApiRefs.offerOnProposal, { params: { cred_ex_id: credExId }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: credentialQueries.lists() });
      void queryClient.invalidateQueries({ queryKey: credentialQueries.detail(credExId).queryKey });
    },
  });
}

export function useOfferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    // The form's resolver has checked the body against the schema of the route its mode names.
    mutationFn: ({ mode, body }: { mode: OfferFormValues['mode']; body: SendOfferBody | CreateOfferBody }) =>
      mode === 'send' ? callApi(agentApiRefs.sendOffer, { body: body as SendOfferBody }) : callApi(agentApiRefs.createOffer, { body: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialQueries.lists() }),
  });
}
