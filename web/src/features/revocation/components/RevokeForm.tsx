import { type IssuedCredential, type RevokeInput, consoleApiRefs } from '@credence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ApprovalAsked } from '../../../components/approvals/ApprovalAsked';
import { callOrAsk, useNeedsApproval } from '../../../lib/approvals';
import { useT } from '../../../i18n/use-t';
import { useAttributeLabels } from '../../../lib/attribute-labels';
import { applyServerErrors } from '../../../lib/form-errors';
import { useConnections } from '../../../lib/connections';
import { credentialWords } from '../../../lib/credential-words';
import { credentialKeys, registerKeys, revocationKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast-store';
import { useSettledValue } from '../../../lib/use-settled-value';
import { revocationQueries } from '../queries';
import { revokeResolver, revokeStatement, toRevokeBody, type RevokeFormValues } from '../revoke-form';
import { NamedCredential } from './NamedCredential';
import { RegisterFinding } from './RegisterFinding';
import { RevokedPublish } from './RevokedPublish';

/** How long the typed registry and id stay unchanged before the register is asked whose they are. */
const LOOKUP_AFTER_MS = 300;

interface RevokeFormProps {
  /** Prefilled from a credential exchange; without it, the form asks for registry and id. */
  exchange?: { cred_ex_id: string; connection_id?: string | null | undefined };
  /**
   * Prefilled from the register: the registry and id the agent needs, which stay valid after the
   * agent removed the exchange (revoking by exchange id would then fail).
   */
  issued?: Pick<IssuedCredential, 'rev_reg_id' | 'cred_rev_id' | 'filter_kind' | 'connection_id' | 'holder_label'> &
    Partial<Pick<IssuedCredential, 'cred_ex_id' | 'schema_id' | 'cred_def_id' | 'attributes'>>;
  onDone?: () => void;
  onCancel?: () => void;
}

export function RevokeForm({ exchange, issued, onDone, onCancel }: RevokeFormProps) {
  const queryClient = useQueryClient();
  const connections = useConnections();
  const form = useForm<RevokeFormValues>({
    resolver: revokeResolver,
    defaultValues: {
      by: exchange ? 'exchange' : 'pair',
      cred_ex_id: exchange?.cred_ex_id ?? '',
      rev_reg_id: issued?.rev_reg_id ?? '',
      cred_rev_id: issued?.cred_rev_id ?? '',
      filter_kind: issued?.filter_kind ?? '',
      publish: 'later',
      notify: false,
      connection_id: exchange?.connection_id ?? issued?.connection_id ?? '',
      notify_version: 'v1_0',
      comment: '',
    },
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const values = useWatch({ control }) as RevokeFormValues;
  const errors = formState.errors;
  // Revoked and left pending: the dialog offers to publish it now, as after a bulk revocation.
  const [leftPending, setLeftPending] = useState(false);
  // However the dialog closes once left pending (Publish later, Escape, the close button), the register is refreshed.
  useEffect(() => {
    if (!leftPending) return;
    return () => void queryClient.invalidateQueries({ queryKey: registerKeys.all() });
  }, [leftPending, queryClient]);
  // From an exchange: the register says whose credential it is and two of its values.
  const fromExchange = useQuery({ ...revocationQueries.issuedBy(exchange?.cred_ex_id ?? ''), enabled: !!exchange });
  const known = issued ?? fromExchange.data?.results[0];
  const t = useT();
  // APPROVALS=revoke: the revocation waits for another admin, and the dialog says so.
  const needsApproval = useNeedsApproval('revoke');
  const [askedFor, setAskedFor] = useState<string | undefined>();
  const mutation = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: (body: RevokeInput) => callOrAsk(consoleApiRefs.revoke, { body }),
    onSuccess: (answer) => {
      if ('asked' in answer) {
        setAskedFor(answer.asked);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: revocationKeys.all() });
      // Left pending, the register (and the Issued row this dialog may live in) is refreshed once the admin has chosen when to publish.
      if (values.publish === 'now') void queryClient.invalidateQueries({ queryKey: registerKeys.all() });
      if (exchange) {
        void queryClient.invalidateQueries({ queryKey: credentialKeys.detail(exchange.cred_ex_id) });
        // The exchange's page marks it revoked at once, and offers no second "Revoke…".
        void queryClient.invalidateQueries({ queryKey: registerKeys.issuedStatus(exchange.cred_ex_id) });
      }
      if (values.publish === 'now') {
        toast.success('Credential revoked and published');
        onDone?.();
      } else setLeftPending(true);
    },
    onError: (error) => applyServerErrors(error, setError),
  });
  // Typed by hand: the register says whose credential the registry and id name (the agent accepts any id).
  const typed = { revRegId: values.rev_reg_id?.trim() ?? '', credRevId: values.cred_rev_id?.trim() ?? '' };
  const settled = { revRegId: useSettledValue(typed.revRegId, LOOKUP_AFTER_MS), credRevId: useSettledValue(typed.credRevId, LOOKUP_AFTER_MS) };
  // Asked once the ids stop changing, and shown only for the ids as they now read.
  const lookUp =
    !exchange &&
    !issued &&
    settled.revRegId === typed.revRegId &&
    settled.credRevId === typed.credRevId &&
    typed.revRegId !== '' &&
    /^\d{1,10}$/.test(typed.credRevId);
  const typedLookup = useQuery({ ...revocationQueries.named(settled.revRegId, settled.credRevId), enabled: lookUp });
  const found = lookUp && typedLookup.data ? typedLookup.data.results[0] : undefined;
  const holder = connections.labelOf(values.connection_id || exchange?.connection_id) ?? known?.holder_label ?? found?.holder_label ?? undefined;
  const labels = useAttributeLabels().labelsFor(known?.cred_def_id);
  const toName = known && { holder_label: known.holder_label ?? holder ?? null, schema_id: known.schema_id ?? null, values: known.attributes };
  const named = toName ? credentialWords(toName, labels).sentence : undefined;

  if (askedFor) return <ApprovalAsked approvalId={askedFor} onClose={onDone} />;
  if (leftPending)
    return (
      <RevokedPublish
        named={named ?? (holder ? `the credential of ${holder}` : 'the credential')}
        revRegId={known?.rev_reg_id ?? (values.by === 'pair' ? values.rev_reg_id.trim() : undefined) ?? undefined}
        onDone={() => {
          setLeftPending(false);
          form.reset();
          mutation.reset();
          onDone?.();
        }}
      />
    );

  return (
    <form className="revoke-form" noValidate onSubmit={handleSubmit((v) => mutation.mutate(toRevokeBody(v)))}>
      {errors.root?.message && (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      )}
      {known && toName && (
        <NamedCredential
          credential={toName}
          labels={labels}
          ids={{ rev_reg_id: known.rev_reg_id, cred_rev_id: known.cred_rev_id, cred_ex_id: known.cred_ex_id ?? exchange?.cred_ex_id }}
        />
      )}
      {!exchange && !issued && (
        <div className="filter-grid">
          <div className="field">
            <label htmlFor="rev-reg-id">Revocation registry id</label>
            <input id="rev-reg-id" spellCheck={false} aria-invalid={!!errors.rev_reg_id} {...register('rev_reg_id')} />
            {errors.rev_reg_id && <p className="field-error">{errors.rev_reg_id.message}</p>}
          </div>
          <div className="field">
            <label htmlFor="cred-rev-id">Credential revocation id</label>
            <input id="cred-rev-id" inputMode="numeric" aria-invalid={!!errors.cred_rev_id} {...register('cred_rev_id')} />
            {errors.cred_rev_id && <p className="field-error">{errors.cred_rev_id.message}</p>}
          </div>
        </div>
      )}
      {!exchange && !issued && (
        <details className="technical-details">
          <summary>Technical details</summary>
          <div className="field">
            <label htmlFor="filter-kind">Credential format (filter)</label>
            <select id="filter-kind" {...register('filter_kind')}>
              <option value="">As the registry id says</option>
              <option value="indy">indy</option>
              <option value="anoncreds">anoncreds</option>
            </select>
          </div>
        </details>
      )}
      {lookUp && typedLookup.data && <RegisterFinding credential={found} credRevId={typed.credRevId} />}
      {lookUp && typedLookup.isError && <p className="muted small">Credence’s register could not be asked whose credential this is.</p>}
      <fieldset>
        <legend>When</legend>
        <label className="check">
          <input type="radio" value="now" {...register('publish')} /> Publish now
        </label>
        <label className="check">
          <input type="radio" value="later" {...register('publish')} /> Leave pending (publish later with others)
        </label>
      </fieldset>
      <label className="check">
        <input type="checkbox" {...register('notify')} /> Notify the holder
      </label>
      {values.notify && (
        <div className="filter-grid">
          <div className="field">
            <label htmlFor="notify-connection">Holder’s connection</label>
            <select id="notify-connection" aria-invalid={!!errors.connection_id} {...register('connection_id')}>
              <option value="">{exchange ? 'The exchange’s connection' : 'Choose the holder’s connection'}</option>
              {connections.options.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
            {errors.connection_id && <p className="field-error">{errors.connection_id.message}</p>}
          </div>
          <div className="field">
            <label htmlFor="notify-version">Notification protocol</label>
            <select id="notify-version" {...register('notify_version')}>
              <option value="v1_0">v1.0</option>
              <option value="v2_0">v2.0</option>
            </select>
          </div>
        </div>
      )}
      <div className="field">
        <label htmlFor="revoke-comment">Reason (optional, sent with the notification)</label>
        <textarea id="revoke-comment" rows={2} aria-invalid={!!errors.comment} {...register('comment')} />
        {errors.comment && <p className="field-error">{errors.comment.message}</p>}
      </div>
      <p className="callout callout-attention" aria-live="polite">
        {revokeStatement(values, holder, named)}
        {needsApproval && ` ${t('approvals.needed')}`}
      </p>
      <div className="dialog-buttons">
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
        {needsApproval ? (
          <button type="submit" className="button danger" disabled={mutation.isPending}>
            {mutation.isPending ? t('approvals.asking') : t('approvals.ask')}
          </button>
        ) : (
          <button type="submit" className="button danger" disabled={mutation.isPending}>
            {mutation.isPending ? 'Revoking…' : 'Revoke credential'}
          </button>
        )}
      </div>
    </form>
  );
}
