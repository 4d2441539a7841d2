import { predicateTypes, OPERATOR_WORDS } from '@credence/shared';
import { useWatch } from 'react-hook-form';
import { attributeLabel, dateAttributes } from '../credential-choices';
import { RequestRowFrame, type RequestRowProps } from './RequestRowFrame';

/**
 * One thing proved without showing it: "at least N years old, from <date attribute>" (turned into a
 * date on the day the request is sent), or a number compared; the attribute picked from the chosen
 * credential's schema, typed only when any issuer's credential may answer.
 */
export function PredicateRowFields(props: RequestRowProps) {
  const { index, form, definitions, labelsFor } = props;
  const { control, register, setValue, formState } = form;
  const row = useWatch({ control, name: `predicates.${index}` });
  const errors = formState.errors.predicates?.[index];
  const definition = definitions.find((d) => d.credDefId === row?.credential);
  const age = row?.kind === 'age';
  const owner = `Predicate ${index + 1}`;
  const labels = labelsFor(definition?.credDefId);
  // Any issuer's credential: an age check still offers the dates the agent's own definitions hold (a name typed under Advanced).
  const knownDates = age && !definition && !row?.credential ? [...new Set(definitions.flatMap((d) => dateAttributes(d, labelsFor(d.credDefId))))] : undefined;
  const choices = definition ? (age ? dateAttributes(definition, labels) : definition.attributes) : knownDates;
  // A name kept from a template that the schema's list does not offer stays a choice: what is sent is what is shown.
  const options = choices && row?.name && !choices.includes(row.name) ? [...choices, row.name] : choices;
  return (
    <RequestRowFrame
      {...props}
      list="predicates"
      owner={owner}
      legend={`${owner}: ${age ? 'age check' : 'number comparison'}`}
      onCredential={(next) => {
        if (next && row?.name && !next.attributes.includes(row.name)) setValue(`predicates.${index}.name`, '');
      }}
      removeLabel={`Remove predicate ${index + 1}`}
    >
      <div className="predicate-grid">
        <div className="field">
          <label htmlFor={`pred-name-${index}`}>{age ? 'Date of birth from' : 'Attribute'}</label>
          {options ? (
            <select id={`pred-name-${index}`} aria-invalid={!!errors?.name} {...register(`predicates.${index}.name`)} value={row?.name ?? ''}>
              <option value="">
                {knownDates
                  ? 'Choose the credential above first, or a date here'
                  : options.length
                    ? 'Choose an attribute'
                    : age
                      ? 'This credential holds no date'
                      : 'No attributes'}
              </option>
              {options.map((name) => (
                <option key={name} value={name}>
                  {attributeLabel(name, labels)}
                </option>
              ))}
            </select>
          ) : (
            <input id={`pred-name-${index}`} spellCheck={false} aria-invalid={!!errors?.name} {...register(`predicates.${index}.name`)} />
          )}
          {errors?.name && <p className="field-error">{errors.name.message}</p>}
        </div>
        {age ? (
          <div className="field">
            <label htmlFor={`pred-years-${index}`}>At least (years old)</label>
            <input
              id={`pred-years-${index}`}
              inputMode="numeric"
              aria-invalid={!!errors?.years}
              aria-describedby={`pred-years-hint-${index}`}
              {...register(`predicates.${index}.years`)}
            />
            {errors?.years && <p className="field-error">{errors.years.message}</p>}
            <p id={`pred-years-hint-${index}`} className="muted small">
              Counted on the day the request is sent.
            </p>
          </div>
        ) : (
          <>
            <div className="field">
              <label htmlFor={`pred-type-${index}`}>Operator</label>
              <select id={`pred-type-${index}`} {...register(`predicates.${index}.p_type`)}>
                {predicateTypes.map((t) => (
                  <option key={t} value={t}>
                    {OPERATOR_WORDS[t]} ({t})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`pred-value-${index}`}>Value (whole number)</label>
              <input id={`pred-value-${index}`} inputMode="numeric" aria-invalid={!!errors?.p_value} {...register(`predicates.${index}.p_value`)} />
              {errors?.p_value && <p className="field-error">{errors.p_value.message}</p>}
            </div>
          </>
        )}
      </div>
      {knownDates && (
        <details className="typed-name">
          <summary>Advanced: type the attribute’s name</summary>
          <div className="field">
            <label htmlFor={`pred-typed-${index}`}>Attribute name as the credential holds it</label>
            <input
              id={`pred-typed-${index}`}
              spellCheck={false}
              aria-describedby={`pred-typed-hint-${index}`}
              value={row?.name ?? ''}
              onChange={(e) => setValue(`predicates.${index}.name`, e.target.value, { shouldDirty: true })}
            />
            <p id={`pred-typed-hint-${index}`} className="muted small">
              A date held as YYYYMMDD, e.g. birthdate_dateint.
            </p>
          </div>
        </details>
      )}
      {!options && age && <p className="muted small">The attribute’s name as the credential holds it, a date as YYYYMMDD (e.g. birthdate_dateint).</p>}
    </RequestRowFrame>
  );
}
