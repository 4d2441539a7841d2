import { isAnoncredsWallet, REGISTRY_SIZE, type AnoncredsCredDefBody, type CredDefSendBody, agentApiRefs } from '@credence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { callApi } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { ownDefinitionQueries } from '../../../lib/own-definitions';
import { schemaKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast-store';
import { credDefFieldPath, credDefResolver, emptyCredDefForm, toCredDefBody, type CredDefFormValues } from '../definition-forms';
import { fetchIssuerDid, type OwnSchema } from '../queries';

export interface CreatedCredDef {
  credDefId: string;
  revocable: boolean;
  label: string;
}

/** Creates a credential definition on one of this agent's schemas; the page then follows its registries. */
export function CredDefForm({
  walletType,
  schemas,
  schemaId,
  onCreated,
}: {
  walletType: string | null;
  schemas: OwnSchema[];
  schemaId: string;
  onCreated: (created: CreatedCredDef) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<CredDefFormValues>({ resolver: credDefResolver(walletType), defaultValues: emptyCredDefForm(schemaId) });
  const { register, handleSubmit, formState, setError, control } = form;
  const revocable = useWatch({ control, name: 'revocable' });
  const errors = formState.errors;
  const mutation = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: async (values: CredDefFormValues) => {
      if (isAnoncredsWallet(walletType)) {
        const did = await fetchIssuerDid();
        const answer = await callApi(agentApiRefs.createAnoncredsCredDef, { body: toCredDefBody(values, walletType, did) as AnoncredsCredDefBody });
        return answer.credential_definition_state?.credential_definition_id ?? '';
      }
      const answer = await callApi(agentApiRefs.createCredDef, { body: toCredDefBody(values, walletType) as CredDefSendBody });
      return answer.credential_definition_id ?? answer.sent?.credential_definition_id ?? '';
    },
    onSuccess: (credDefId, values) => {
      void queryClient.invalidateQueries({ queryKey: schemaKeys.all() });
      void queryClient.invalidateQueries({ queryKey: ownDefinitionQueries.all() });
      const schema = schemas.find((s) => s.schemaId === values.schema_id);
      const label = `${schema ? `${schema.name} ${schema.version}` : values.schema_id} · ${values.tag.trim()}`;
      toast.success(`Credential definition ${label} created`);
      onCreated({ credDefId, revocable: values.revocable, label });
    },
    onError: (error) => applyServerErrors(error, setError, credDefFieldPath),
  });

  return (
    <form className="card definition-form" aria-labelledby="new-cred-def-title" noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))}>
      <h2 id="new-cred-def-title">New credential definition</h2>
      <p className="muted small">What issuers offer: a schema signed with this agent’s keys. A revocable one gets revocation registries of the size chosen.</p>
      {errors.root?.message && (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      )}
      <div className="filter-grid">
        <div className="field">
          <label htmlFor="cred-def-schema">Schema</label>
          <select id="cred-def-schema" aria-invalid={!!errors.schema_id} {...register('schema_id')}>
            <option value="">Choose a schema</option>
            {schemas.map((s) => (
              <option key={s.schemaId} value={s.schemaId}>
                {s.name} {s.version}
              </option>
            ))}
          </select>
          {errors.schema_id && (
            <p className="field-error" role="alert">
              {errors.schema_id.message}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="cred-def-tag">Tag</label>
          <input id="cred-def-tag" spellCheck={false} aria-invalid={!!errors.tag} {...register('tag')} />
          {errors.tag && (
            <p className="field-error" role="alert">
              {errors.tag.message}
            </p>
          )}
        </div>
      </div>
      <label className="check">
        <input type="checkbox" {...register('revocable')} /> Support revocation
      </label>
      {revocable && (
        <div className="field">
          <label htmlFor="cred-def-size">Credentials per revocation registry</label>
          <input id="cred-def-size" inputMode="numeric" aria-invalid={!!errors.size} aria-describedby="cred-def-size-hint" {...register('size')} />
          <p className="muted small" id="cred-def-size-hint">
            Between {REGISTRY_SIZE.min} and {REGISTRY_SIZE.max.toLocaleString('en')}. A new registry takes over when one is full.
          </p>
          {errors.size && (
            <p className="field-error" role="alert">
              {errors.size.message}
            </p>
          )}
        </div>
      )}
      <div className="actions">
        <button type="submit" className="button primary" disabled={mutation.isPending || schemas.length === 0}>
          {mutation.isPending ? 'Creating the credential definition…' : 'Create credential definition'}
        </button>
      </div>
    </form>
  );
}
