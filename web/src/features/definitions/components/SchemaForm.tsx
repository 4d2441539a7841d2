import { isAnoncredsWallet, type AnoncredsSchemaBody, type SchemaSendBody, agentApiRefs } from '@credence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFieldArray, useForm } from 'react-hook-form';
import { callApi } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { schemaKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast-store';
import { fetchIssuerDid } from '../queries';
import { emptySchemaForm, schemaFieldPath, schemaResolver, toSchemaBody, type SchemaFormValues } from '../definition-forms';

/** Creates a schema: name, version, attribute names (one row each). Bad input stays as typed, each field says why. */
export function SchemaForm({ walletType, onCreated }: { walletType: string | null; onCreated: (schemaId: string) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<SchemaFormValues>({ resolver: schemaResolver(walletType), defaultValues: emptySchemaForm() });
  const { register, handleSubmit, formState, setError, control, reset } = form;
  const rows = useFieldArray({ control, name: 'attributes' });
  const errors = formState.errors;
  const mutation = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: async (values: SchemaFormValues) => {
      if (isAnoncredsWallet(walletType)) {
        const did = await fetchIssuerDid();
        const answer = await callApi(agentApiRefs.createAnoncredsSchema, { body: toSchemaBody(values, walletType, did) as AnoncredsSchemaBody });
        return answer.schema_state?.schema_id ?? '';
      }
      const answer = await callApi(agentApiRefs.createSchema, { body: toSchemaBody(values, walletType) as SchemaSendBody });
      return answer.schema_id ?? answer.sent?.schema_id ?? '';
    },
    onSuccess: (schemaId, values) => {
      void queryClient.invalidateQueries({ queryKey: schemaKeys.all() });
      toast.success(`Schema ${values.name.trim()} ${values.version.trim()} created`);
      reset(emptySchemaForm());
      onCreated(schemaId);
    },
    onError: (error) => applyServerErrors(error, setError, schemaFieldPath),
  });

  return (
    <form className="card definition-form" aria-labelledby="new-schema-title" noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))}>
      <h2 id="new-schema-title">New schema</h2>
      <p className="muted small">The list of attributes a credential holds. Once written to the ledger it cannot be changed: a change is a new version.</p>
      {errors.root?.message && (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      )}
      <div className="filter-grid">
        <div className="field">
          <label htmlFor="schema-name">Name</label>
          <input id="schema-name" placeholder="Student ID" aria-invalid={!!errors.name} aria-describedby="schema-name-error" {...register('name')} />
          {errors.name && (
            <p className="field-error" id="schema-name-error" role="alert">
              {errors.name.message}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="schema-version">Version</label>
          <input id="schema-version" inputMode="decimal" aria-invalid={!!errors.version} aria-describedby="schema-version-error" {...register('version')} />
          {errors.version && (
            <p className="field-error" id="schema-version-error" role="alert">
              {errors.version.message}
            </p>
          )}
        </div>
      </div>
      <fieldset>
        <legend>Attributes</legend>
        {errors.attributes?.root?.message && (
          <p className="field-error" role="alert">
            {errors.attributes.root.message}
          </p>
        )}
        <ol className="attribute-rows">
          {rows.fields.map((row, i) => {
            const error = errors.attributes?.[i]?.name?.message;
            return (
              <li key={row.id} className="attribute-row">
                <label htmlFor={`attribute-${i}`} className="visually-hidden">
                  Attribute {i + 1}
                </label>
                <input
                  id={`attribute-${i}`}
                  spellCheck={false}
                  placeholder={i === 0 ? 'name' : i === 1 ? 'date_of_birth' : ''}
                  aria-invalid={!!error}
                  aria-describedby={error ? `attribute-${i}-error` : undefined}
                  {...register(`attributes.${i}.name`)}
                />
                <button type="button" className="button subtle" onClick={() => rows.remove(i)} aria-label={`Remove attribute ${i + 1}`}>
                  Remove
                </button>
                {error && (
                  <p className="field-error" id={`attribute-${i}-error`} role="alert">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
        <button type="button" className="button" onClick={() => rows.append({ name: '' })}>
          Add attribute
        </button>
      </fieldset>
      <div className="actions">
        <button type="submit" className="button primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Creating the schema…' : 'Create schema'}
        </button>
      </div>
    </form>
  );
}
