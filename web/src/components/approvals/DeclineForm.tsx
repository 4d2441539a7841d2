import { approvalDeclineBodySchema, consoleApiRefs, type Approval } from '@credence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { callApi } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useT } from '../../i18n/use-t';

/** Declining another person's request: the reason is required, and they read it. */
export function DeclineForm({ approval, what, onDone, onCancel }: { approval: Approval; what: string; onDone: () => void; onCancel: () => void }) {
  const t = useT();
  const form = useForm<{ reason: string }>({ resolver: zodResolver(approvalDeclineBodySchema), defaultValues: { reason: '' } });
  const { errors } = form.formState;
  const decline = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: (reason: string) => callApi(consoleApiRefs.declineApproval, { params: { id: approval.id }, body: { reason } }),
    onSuccess: onDone,
    onError: (error) => applyServerErrors(error, form.setError),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => decline.mutate(v.reason))}>
      <p>{what}</p>
      {errors.root?.message && (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      )}
      <div className="field">
        <label htmlFor="decline-reason">{t('approvals.decline.reason')}</label>
        <textarea
          id="decline-reason"
          rows={3}
          aria-invalid={!!errors.reason}
          aria-describedby={errors.reason ? 'decline-reason-error' : undefined}
          {...form.register('reason')}
        />
        {errors.reason && (
          <p id="decline-reason-error" className="field-error" role="alert">
            {t('approvals.decline.reasonRequired')}
          </p>
        )}
      </div>
      <div className="dialog-buttons">
        <button type="button" className="button" onClick={onCancel}>
          {t('approvals.cancel')}
        </button>
        <button type="submit" className="button danger" disabled={decline.isPending}>
          {t('approvals.decline')}
        </button>
      </div>
    </form>
  );
}
