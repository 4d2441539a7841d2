import type { PresExRecord } from '@credence/shared';
import { useNavigate } from 'react-router';
import { ExchangeActions } from '../../../components/exchange-actions/ExchangeActions';
import { presentationActions, type PresentationActionId } from '../actions';
import { usePresentationAction } from '../mutations';

export function PresentationActions({ record, onPrepare }: { record: PresExRecord; onPrepare: () => void }) {
  const navigate = useNavigate();
  const mutation = usePresentationAction(record.pres_ex_id);
  return (
    <ExchangeActions
      actions={presentationActions(record)}
      run={(action, body) => {
        const id = action.id as Exclude<PresentationActionId, 'prepare-presentation'>;
        return mutation.mutateAsync(id === 'problem-report' ? { action: id, ...(body && { body }) } : { action: id });
      }}
      pendingAction={mutation.isPending && mutation.variables?.action !== 'send-presentation' ? mutation.variables?.action : undefined}
      error={mutation.variables?.action === 'send-presentation' ? undefined : mutation.error}
      onLocal={(action) => {
        if (action.id !== 'prepare-presentation') return false;
        onPrepare();
        return true;
      }}
      onRemoved={() => navigate('/presentations', { replace: true })}
    />
  );
}
