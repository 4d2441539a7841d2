import { consoleApiRefs } from '@credence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callApi } from '../../lib/api-client';
import { approvalQueries } from '../../lib/approvals';
import { toast } from '../../lib/toast-store';
import { useT } from '../../i18n/use-t';

/**
 * Said once an action was held for a second person: nothing has happened yet; another admin approves it from
 * their Needs me. The requester may withdraw it here.
 */
export function ApprovalAsked({ approvalId, onClose }: { approvalId: string; onClose?: (() => void) | undefined }) {
  const t = useT();
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: () => callApi(consoleApiRefs.withdrawApproval, { params: { id: approvalId }, body: {} }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: approvalQueries.all() });
      toast.success(t('approvals.withdrawn'));
      onClose?.();
    },
  });
  return (
    <div className="approval-asked">
      <p className="callout callout-attention" role="status">
        <strong>{t('approvals.asked.title')}</strong> {t('approvals.asked.body')}
      </p>
      <p className="muted small">
        {t('approvals.asked.where')} <Link to="/queue">{t('needsMe.title')}</Link>
      </p>
      <div className="dialog-buttons">
        <button type="button" className="button" disabled={withdraw.isPending || withdraw.isSuccess} onClick={() => withdraw.mutate()}>
          {withdraw.isPending ? t('approvals.withdrawing') : t('approvals.withdraw')}
        </button>
        {onClose && (
          <button type="button" className="button primary" onClick={onClose}>
            {t('approvals.asked.close')}
          </button>
        )}
      </div>
    </div>
  );
}
