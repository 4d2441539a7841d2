import { problemReportBodySchema, type CredExRecord, type ProblemReportBody } from '@credence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api';
import { credentialActions, type CredentialAction } from '../actions';
import { useCredentialAction } from '../mutations';

/** The steps a person can take on this exchange now: the advised one as the primary button. */
export function CredentialActions({ record }: { record: CredExRecord }) {
  const navigate = useNavigate();
  const mutation = useCredentialAction(record.cred_ex_id);
  const [dialog, setDialog] = useState<'problem-report' | 'remove' | null>(null);
  const actions = credentialActions(record);

  const run = (action: CredentialAction, body?: object) =>
    mutation.mutate(
      { action: action.id, ...(body && { body }) },
      {
        onSuccess: () => {
          setDialog(null);
          toast.success(action.done);
          if (action.id === 'remove') navigate('/credentials', { replace: true });
        },
      },
    );

  const error = mutation.error && isApiError(mutation.error) && mutation.error.status < 500 ? mutation.error : null;
  return (
    <section aria-label="Actions" className="actions">
      <div className="action-buttons">
        {actions.map((action) => (
          <button
            key={action.id}
            type="button"
            className={`button ${action.primary ? 'primary' : action.id === 'remove' ? 'danger' : ''}`}
            disabled={mutation.isPending}
            onClick={() => (action.id === 'remove' || action.id === 'problem-report' ? setDialog(action.id) : run(action))}
          >
            {mutation.isPending && mutation.variables?.action === action.id ? `${action.label}…` : action.label}
          </button>
        ))}
      </div>
      {error && !dialog && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      <Dialog open={dialog === 'remove'} title="Remove this exchange record?" onClose={() => setDialog(null)}>
        <p>The agent deletes its record of this exchange. The credential itself, if issued, is not revoked. This cannot be undone.</p>
        {error && <p className="form-error" role="alert">{error.message}</p>}
        <div className="dialog-buttons">
          <button type="button" className="button" onClick={() => setDialog(null)}>
            Keep it
          </button>
          <button type="button" className="button danger" disabled={mutation.isPending} onClick={() => run(actions.find((a) => a.id === 'remove')!)}>
            Remove record
          </button>
        </div>
      </Dialog>
      {dialog === 'problem-report' && (
        <AbandonDialog pending={mutation.isPending} error={error?.message} onCancel={() => setDialog(null)} onSubmit={(body) => run(actions.find((a) => a.id === 'problem-report')!, body)} />
      )}
    </section>
  );
}

function AbandonDialog({ pending, error, onCancel, onSubmit }: { pending: boolean; error: string | undefined; onCancel: () => void; onSubmit: (body: ProblemReportBody) => void }) {
  const { register, handleSubmit, formState } = useForm<ProblemReportBody>({ resolver: zodResolver(problemReportBodySchema), defaultValues: { description: '' } });
  return (
    <Dialog open title="Abandon this exchange?" onClose={onCancel}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <p>The peer is sent a problem report with your reason, and the exchange ends as abandoned.</p>
        <div className="field">
          <label htmlFor="abandon-reason">Reason</label>
          <textarea id="abandon-reason" rows={3} aria-invalid={!!formState.errors.description} aria-describedby="abandon-reason-error" {...register('description')} />
          {formState.errors.description && (
            <p className="field-error" id="abandon-reason-error">
              {formState.errors.description.message}
            </p>
          )}
        </div>
        {error && <p className="form-error" role="alert">{error}</p>}
        <div className="dialog-buttons">
          <button type="button" className="button" onClick={onCancel}>
            Keep going
          </button>
          <button type="submit" className="button danger" disabled={pending}>
            Abandon exchange
          </button>
        </div>
      </form>
    </Dialog>
  );
}
