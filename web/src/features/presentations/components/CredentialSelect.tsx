import type { OwnCredDef } from '@credence/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { credentialName, foreignCredentialName } from '../credential-choices';

interface CredentialSelectProps {
  id: string;
  field: UseFormRegisterReturn;
  /** The row's current value, so a definition that is not ours (from a template, or typed) is shown as it will be sent. */
  value: string | undefined;
  definitions: readonly OwnCredDef[];
  loading: boolean;
}

/** "From which credential": this agent's definitions by name; any issuer's; another issuer's kept from a template. */
export function CredentialSelect({ id, field, value, definitions, loading }: CredentialSelectProps) {
  const foreign = value && !definitions.some((d) => d.credDefId === value) ? value : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>From which credential</label>
      {/* Controlled: a credential chosen before the definitions arrive (a template) is shown, not "Any issuer's". */}
      <select id={id} aria-busy={loading} {...field} value={value ?? ''}>
        <option value="">Any issuer’s credential</option>
        {definitions.map((d) => (
          <option key={d.credDefId} value={d.credDefId}>
            {credentialName(d, definitions)}
          </option>
        ))}
        {foreign && <option value={foreign}>{loading ? 'Loading the credentials’ names…' : foreignCredentialName(foreign)}</option>}
      </select>
    </div>
  );
}
