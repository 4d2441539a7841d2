import { tenantRecordsChoiceSchema, type TenantRecordsChoice, type TenantSummary } from '@credence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog } from '../../components/ui/Dialog';
import { applyServerErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast-store';
import { useRemoveTenant } from './queries';
import { ApprovalAsked } from '../../components/approvals/ApprovalAsked';
import { useNeedsApproval } from '../../lib/approvals';
import { useT } from '../../i18n/use-t';

type RemoveFormValues = { confirmLabel: string; records: TenantRecordsChoice };

/**
 * Removing a tenant deletes its wallet on the agent: irreversible, as the wallet upgrade is. Said plainly,
 * the name typed again, and the fate of Credence's own records of it chosen (kept read-only, or erased).
 */
export function RemoveTenantDialog({ tenant, onClose }: { tenant: TenantSummary; onClose: () => void }) {
  const remove = useRemoveTenant();
  const t = useT();
  const needsApproval = useNeedsApproval('tenant-remove');
  const approvalAsked = remove.data && 'asked' in remove.data ? remove.data.asked : undefined;
  // Already removed from the agent, its records kept: what is left to do is erasing them.
  const eraseOnly = tenant.access === 'removed';
  const schema = z.object({
    confirmLabel: z.string().refine((v) => v.trim() === tenant.label, 'Type the name exactly as shown'),
    records: tenantRecordsChoiceSchema,
  });
  const { register, handleSubmit, setError, watch, formState } = useForm<RemoveFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { confirmLabel: '', records: eraseOnly ? 'erase' : 'keep' },
  });
  const errors = formState.errors;
  const typed = watch('confirmLabel').trim() === tenant.label;
  const submit = handleSubmit((body) =>
    remove.mutate(
      { walletId: tenant.walletId, body },
      {
        onSuccess: (answer) => {
          if ('asked' in answer) return;
          toast.success(
            body.records === 'keep' ? `${tenant.label} is removed; its records are kept for export.` : `${tenant.label} and its records are removed.`,
          );
          onClose();
        },
        onError: (error) => applyServerErrors(error, setError, (path) => (path === 'confirmLabel' || path === 'records' ? path : '')),
      },
    ),
  );
  return (
    <Dialog open title={eraseOnly ? `Erase the records of ${tenant.label}?` : `Remove ${tenant.label}?`} onClose={onClose}>
      {approvalAsked ? (
        <ApprovalAsked approvalId={approvalAsked} onClose={onClose} />
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)}>
          {eraseOnly ? (
            <p>
              Credence’s register and audit log of this organisation are deleted: <strong>it cannot be undone</strong>. Export what you need first.
            </p>
          ) : (
            <p>
              This deletes the organisation’s wallet on the agent: <strong>it cannot be undone</strong>. Its connections, credentials, definitions and exchanges
              there are lost, its staff can no longer sign in, and holders can no longer reach it.
            </p>
          )}
          {errors.root?.message && (
            <p className="form-error" role="alert">
              {errors.root.message}
            </p>
          )}
          <fieldset hidden={eraseOnly}>
            <legend>Credence’s own records of {tenant.label} (its register and audit log)</legend>
            <label className="check">
              <input type="radio" value="keep" {...register('records')} /> Keep them, read-only, for you to export
            </label>
            <label className="check">
              <input type="radio" value="erase" {...register('records')} /> Erase them
            </label>
          </fieldset>
          <div className="field">
            <label htmlFor="remove-confirm">Type the organisation’s name, {tenant.label}, to confirm</label>
            <input
              id="remove-confirm"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={!!errors.confirmLabel}
              aria-describedby={errors.confirmLabel ? 'remove-confirm-error' : undefined}
              {...register('confirmLabel')}
            />
            {errors.confirmLabel && (
              <p id="remove-confirm-error" className="field-error" role="alert">
                {errors.confirmLabel.message}
              </p>
            )}
          </div>
          <div className="dialog-buttons">
            <button type="button" className="button subtle" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button danger" disabled={!typed || remove.isPending}>
              {needsApproval && !eraseOnly
                ? t('approvals.ask')
                : remove.isPending
                  ? 'Removing…'
                  : eraseOnly
                    ? 'Erase records (irreversible)'
                    : 'Remove tenant (irreversible)'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
