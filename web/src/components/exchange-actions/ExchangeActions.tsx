import { problemReportBodySchema, type ProblemReportBody } from '@credence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { translate } from '../../i18n/active-intl';
import { useT } from '../../i18n/use-t';
import { isApiError } from '../../lib/api';
import { Dialog } from '../ui/Dialog';
import { toast } from '../../lib/toast-store';

export interface ExchangeAction {
  id: string;
  label: string;
  /** The spec's advised action for this state: shown first, as the primary button. */
  primary: boolean;
  /** What a person sees once it worked. */
  done: string;
}

interface ExchangeActionsProps {
  actions: ExchangeAction[];
  /** Runs an action; resolves when the agent accepted it. */
  run: (action: ExchangeAction, body?: ProblemReportBody) => Promise<unknown>;
  pendingAction: string | undefined;
  error: unknown;
  /** Lets the page handle an action itself (e.g. open a form); returns true when it did. */
  onLocal?: (action: ExchangeAction) => boolean;
  onRemoved: () => void;
}

/**
 * The buttons of an exchange's detail page. "Abandon…" asks for the reason sent in the problem
 * report; "Remove…" asks for confirmation. 4xx answers stay here, next to the buttons.
 */
export function ExchangeActions({ actions, run, pendingAction, error, onLocal, onRemoved }: ExchangeActionsProps) {
  const t = useT();
  const [dialog, setDialog] = useState<'problem-report' | 'remove' | null>(null);
  const execute = (action: ExchangeAction, body?: ProblemReportBody) =>
    run(action, body).then(
      () => {
        setDialog(null);
        toast.success(action.done);
        if (action.id === 'remove') onRemoved();
      },
      () => undefined,
    );
  const clientError = isApiError(error) && error.status < 500 ? error.message : undefined;
  const find = (id: string) => actions.find((a) => a.id === id)!;

  return (
    <section aria-label={t('exchangeAction.label')} className="actions">
      <div className="action-buttons">
        {actions.map((action) => (
          <button
            key={action.id}
            type="button"
            className={`button ${action.primary ? 'primary' : action.id === 'remove' ? 'danger' : ''}`}
            disabled={pendingAction !== undefined}
            onClick={() => {
              if (action.id === 'remove' || action.id === 'problem-report') setDialog(action.id);
              else if (!onLocal?.(action)) void execute(action);
            }}
          >
            {pendingAction === action.id ? t('exchangeAction.pending', { action: action.label }) : action.label}
          </button>
        ))}
      </div>
      {clientError && !dialog && (
        <p className="form-error" role="alert">
          {clientError}
        </p>
      )}
      <Dialog open={dialog === 'remove'} title={t('exchangeAction.removeTitle')} onClose={() => setDialog(null)}>
        <p>{t('exchangeAction.removeBody')}</p>
        {clientError && (
          <p className="form-error" role="alert">
            {clientError}
          </p>
        )}
        <div className="dialog-buttons">
          <button type="button" className="button" onClick={() => setDialog(null)}>
            {t('exchangeAction.keep')}
          </button>
          <button type="button" className="button danger" disabled={pendingAction !== undefined} onClick={() => void execute(find('remove'))}>
            {t('exchangeAction.removeRecord')}
          </button>
        </div>
      </Dialog>
      {dialog === 'problem-report' && (
        <AbandonDialog
          pending={pendingAction !== undefined}
          error={clientError}
          onCancel={() => setDialog(null)}
          onSubmit={(body) => void execute(find('problem-report'), body)}
        />
      )}
    </section>
  );
}

function AbandonDialog({
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  pending: boolean;
  error: string | undefined;
  onCancel: () => void;
  onSubmit: (body: ProblemReportBody) => void;
}) {
  const t = useT();
  const { register, handleSubmit, formState } = useForm<ProblemReportBody>({
    resolver: zodResolver(problemReportBodySchema),
    defaultValues: { description: '' },
  });
  return (
    <Dialog open title={t('exchangeAction.abandonTitle')} onClose={onCancel}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <p>{t('exchangeAction.abandonBody')}</p>
        <div className="field">
          <label htmlFor="abandon-reason">{t('exchangeAction.reason')}</label>
          <textarea
            id="abandon-reason"
            rows={3}
            aria-invalid={!!formState.errors.description}
            aria-describedby="abandon-reason-error"
            {...register('description')}
          />
          {formState.errors.description && (
            <p className="field-error" id="abandon-reason-error">
              {formState.errors.description.message}
            </p>
          )}
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-buttons">
          <button type="button" className="button" onClick={onCancel}>
            {t('exchangeAction.keepGoing')}
          </button>
          <button type="submit" className="button danger" disabled={pending}>
            {t('exchangeAction.abandonExchange')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Abandon (while not finished) and remove (always), after a feature's protocol steps; worded in the language in use when called (at render). */
export function closingActions(state: string): ExchangeAction[] {
  const finished = state === 'done' || state === 'abandoned' || state === 'credential-revoked';
  return [
    ...(finished ? [] : [{ id: 'problem-report', label: translate('exchangeAction.abandon'), primary: false, done: translate('exchangeAction.abandoned') }]),
    { id: 'remove', label: translate('exchangeAction.remove'), primary: false, done: translate('exchangeAction.removed') },
  ];
}
