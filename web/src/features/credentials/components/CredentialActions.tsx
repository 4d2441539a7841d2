import type { CredExRecord } from '@credence/shared';
import { useNavigate } from 'react-router';
import { ExchangeActions } from '../../../components/exchange-actions/ExchangeActions';
import { credentialActions, type CredentialActionId } from '../actions';
import { useCredentialAction } from '../mutations';

/** The steps a person can take on this credential exchange now: the advised one as the primary button. */
export function CredentialActions({ record }: { record: CredExRecord }) {
  const navigate = useNavigate();
  const mutation = useCredentialAction(record.cred_ex_id);
  return (
    <ExchangeActions
      actions={credentialActions(record)}
      run={(action, body) => mutation.mutateAsync({ action: action.id as CredentialActionId, ...(body && { body }) })}
      pendingAction={mutation.isPending ? mutation.variables?.action : undefined}
      error={mutation.error}
      onRemoved={() => navigate('/credentials', { replace: true })}
    />
  );
}
