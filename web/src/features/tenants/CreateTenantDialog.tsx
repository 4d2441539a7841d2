import { tenantCreateBodySchema, tenantWalletTypes, type TenantWalletType } from '@credence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog } from '../../components/ui/Dialog';
import { applyServerErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast-store';
import { useCreateTenant } from './queries';
import { walletTypeInWords } from './tenant-words';

const createFormSchema = z.object({ label: tenantCreateBodySchema.shape.label, walletType: z.enum(tenantWalletTypes) });
type CreateFormValues = z.infer<typeof createFormSchema>;

const TYPE_HINTS: Record<TenantWalletType, string> = {
  'askar-anoncreds': 'Recommended: the wallet most agents use today.',
  'kanon-anoncreds': 'Keeps the wallet in the agent’s PostgreSQL database.',
  askar: 'Deprecated: only for an organisation that must still issue the old way; it will need an upgrade later.',
};

/** "Create tenant": a new organisation's wallet, whose events Credence receives; Credence keeps its access key. */
export function CreateTenantDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="Create a tenant" onClose={onClose}>
      {open && <CreateTenantForm onClose={onClose} />}
    </Dialog>
  );
}

function CreateTenantForm({ onClose }: { onClose: () => void }) {
  const create = useCreateTenant();
  const { register, handleSubmit, setError, formState } = useForm<CreateFormValues>({
    resolver: zodResolver(createFormSchema),
    defaultValues: { label: '', walletType: 'askar-anoncreds' },
  });
  const errors = formState.errors;
  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (made) => {
        toast.success(`${made.label} is ready: add its users with --tenant "${made.label}".`);
        onClose();
      },
      onError: (error) => applyServerErrors(error, setError, (path) => (path === 'label' || path === 'walletType' ? path : '')),
    }),
  );
  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      {errors.root?.message && (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      )}
      <div className="field">
        <label htmlFor="tenant-label">Organisation name</label>
        <input
          id="tenant-label"
          autoComplete="off"
          aria-invalid={!!errors.label}
          aria-describedby={errors.label ? 'tenant-label-error' : undefined}
          {...register('label')}
        />
        {errors.label && (
          <p id="tenant-label-error" className="field-error" role="alert">
            {errors.label.message}
          </p>
        )}
      </div>
      <fieldset>
        <legend>Wallet type</legend>
        {tenantWalletTypes.map((type) => (
          <label key={type} className="check tenant-type-choice">
            <input type="radio" value={type} {...register('walletType')} /> {walletTypeInWords(type)}
            {type === 'askar' && ' (deprecated)'}
            <span className="muted small"> — {TYPE_HINTS[type]}</span>
          </label>
        ))}
      </fieldset>
      <p className="muted small">Its events are sent to Credence; Credence keeps its access key, which never reaches a browser.</p>
      <div className="dialog-buttons">
        <button type="button" className="button subtle" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create tenant'}
        </button>
      </div>
    </form>
  );
}
