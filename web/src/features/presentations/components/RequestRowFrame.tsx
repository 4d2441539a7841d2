import type { OwnCredDef } from '@credence/shared';
import type { ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { LabelsFor } from '../credential-choices';
import type { ProofRequestFormValues } from '../proof-request-form';
import { CredentialSelect } from './CredentialSelect';
import { RestrictionRows } from './RestrictionRows';

/** What the proof builder gives each of its rows. */
export interface RequestRowProps {
  index: number;
  form: UseFormReturn<ProofRequestFormValues>;
  definitions: readonly OwnCredDef[];
  labelsFor: LabelsFor;
  loading: boolean;
  onRemove: () => void;
}

interface RequestRowFrameProps extends RequestRowProps {
  /** Which list of the builder the row is in. */
  list: 'attributes' | 'predicates';
  /** "Attribute 1", "Predicate 2": names the row's inputs for screen readers. */
  owner: string;
  legend: ReactNode;
  /** Another credential chosen in "From which credential": keep what of the row it still has. */
  onCredential: (chosen: OwnCredDef | undefined) => void;
  removeLabel: string;
  /** What the row asks of the credential (its attributes, or the comparison). */
  children: ReactNode;
}

const ID_PREFIX = { attributes: 'attr', predicates: 'pred' } as const;

/**
 * One row of the proof builder, around what it asks: "From which credential" (this agent's definitions
 * by name), the ids to restrict by under "Advanced", and the button that removes it.
 */
export function RequestRowFrame({
  list,
  index,
  form,
  definitions,
  loading,
  owner,
  legend,
  onCredential,
  removeLabel,
  onRemove,
  children,
}: RequestRowFrameProps) {
  const { control, register, formState } = form;
  const credential = useWatch({ control, name: `${list}.${index}.credential` });
  const restricted = (useWatch({ control, name: `${list}.${index}.restrictions` })?.length ?? 0) > 0;
  return (
    <fieldset className="request-row">
      <legend>{legend}</legend>
      <CredentialSelect
        id={`${ID_PREFIX[list]}-cred-${index}`}
        field={register(`${list}.${index}.credential`, {
          onChange: (e: React.ChangeEvent<HTMLSelectElement>) => onCredential(definitions.find((d) => d.credDefId === e.target.value)),
        })}
        value={credential}
        definitions={definitions}
        loading={loading}
      />
      {children}
      <details className="row-advanced" open={restricted || undefined}>
        <summary>Advanced: restrict by id</summary>
        <RestrictionRows
          ownDefinitions={definitions}
          control={control}
          register={register}
          name={`${list}.${index}.restrictions`}
          owner={owner}
          error={formState.errors[list]?.[index]?.restrictions}
        />
      </details>
      <button type="button" className="button" onClick={onRemove}>
        {removeLabel}
      </button>
    </fieldset>
  );
}
