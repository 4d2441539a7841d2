import type { ReactNode } from 'react';
import type { FieldErrors, UseFieldArrayReturn, UseFormRegister } from 'react-hook-form';
import { FormatChoice } from '../../../components/exchange-form/ExchangeFormParts';
import { RequestPreview } from '../../../components/ui/RequestPreview';
import { offerRoute, type OfferFormValues } from '../offer-form';
import { FilterSection } from './FilterSection';

interface OfferAdvancedProps {
  open: boolean;
  onToggle: (open: boolean) => void;
  register: UseFormRegister<OfferFormValues>;
  errors: FieldErrors<OfferFormValues>;
  values: OfferFormValues;
  walletType: string | null;
  attributes: UseFieldArrayReturn<OfferFormValues, 'credential_preview.attributes'>;
  /** A definition was chosen: its attribute names are fixed, their values are typed above. */
  fixedNames: boolean;
  preview: string;
  /** The "None: I will type the ids" choice, offered only here. */
  typeIds: ReactNode;
}

/**
 * What an ACA-Py developer needs and a clerk does not: the formats, the filter (ids, DIDs), attribute
 * names and MIME types, and the exact request. Collapsed until opened; opened by itself when one of
 * its fields has an error.
 */
export function OfferAdvanced({ open, onToggle, register, errors, values, walletType, attributes, fixedNames, preview, typeIds }: OfferAdvancedProps) {
  const listError = (errors.credential_preview?.attributes?.root ?? errors.credential_preview?.attributes)?.message;
  return (
    <details className="card offer-advanced" open={open} onToggle={(e) => onToggle(e.currentTarget.open)}>
      <summary>Advanced: formats, filter, attribute names and what will be sent</summary>
      {open && (
        <div className="offer-advanced-body">
          {typeIds}
          <FormatChoice
            legend="Credential format"
            indy={register('formats.indy')}
            anoncreds={register('formats.anoncreds')}
            walletType={walletType}
            error={errors.formats?.message}
          />
          {values.formats?.indy && <FilterSection format="indy" register={register} errors={errors.filter} />}
          {values.formats?.anoncreds && <FilterSection format="anoncreds" register={register} errors={errors.filter} />}
          <fieldset>
            <legend>Attributes</legend>
            <table className="attribute-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  {!fixedNames && <th scope="col">Value</th>}
                  <th scope="col">MIME type (optional)</th>
                  {!fixedNames && (
                    <th scope="col">
                      <span className="visually-hidden">Remove</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {attributes.fields.map((field, index) => {
                  const rowErrors = errors.credential_preview?.attributes?.[index];
                  return (
                    <tr key={field.id}>
                      <td>
                        {fixedNames ? (
                          <span className="attribute-name mono">{field.name}</span>
                        ) : (
                          <input
                            aria-label={`Attribute ${index + 1} name`}
                            aria-invalid={!!rowErrors?.name}
                            spellCheck={false}
                            {...register(`credential_preview.attributes.${index}.name`)}
                          />
                        )}
                        {rowErrors?.name && <p className="field-error">{rowErrors.name.message}</p>}
                      </td>
                      {!fixedNames && (
                        <td>
                          <input
                            aria-label={`Attribute ${index + 1} value`}
                            aria-required="true"
                            aria-invalid={!!rowErrors?.value}
                            {...register(`credential_preview.attributes.${index}.value`)}
                          />
                          {rowErrors?.value && <p className="field-error">{rowErrors.value.message}</p>}
                        </td>
                      )}
                      <td>
                        <input
                          aria-label={`${fixedNames ? field.name : `Attribute ${index + 1}`} MIME type`}
                          placeholder="text/plain"
                          spellCheck={false}
                          {...register(`credential_preview.attributes.${index}.mime-type`)}
                        />
                        {rowErrors?.['mime-type'] && <p className="field-error">{rowErrors['mime-type'].message}</p>}
                      </td>
                      {!fixedNames && (
                        <td>
                          <button
                            type="button"
                            className="button subtle"
                            aria-label={`Remove attribute ${index + 1}`}
                            onClick={() => attributes.remove(index)}
                            disabled={attributes.fields.length === 1}
                          >
                            Remove
                          </button>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {listError && <p className="field-error">{listError}</p>}
            {!fixedNames && (
              <button type="button" className="button" onClick={() => attributes.append({ name: '', value: '', 'mime-type': '' })}>
                Add attribute
              </button>
            )}
          </fieldset>
          <RequestPreview route={offerRoute(values.mode ?? 'send')} body={preview} />
        </div>
      )}
    </details>
  );
}
