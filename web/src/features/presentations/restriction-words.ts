import { labelOf, schemaLabel, type OwnCredDef, type PresExRecord } from '@credence/shared';
import { credentialName, issuerOf, presentedCredentials, shortIssuer } from './presentation-view';
import { proofRequestOf, type DescribeRestriction, type LabelsFor, type Restriction } from './request-view';

/**
 * A request's restrictions named as the definitions page names them ("Student ID 1.2, issued by this
 * agent"): from our own definitions, else from the credential the proof drew on; ids stay under Technical details.
 */
export function restrictionDescriber(
  record: PresExRecord,
  own: readonly OwnCredDef[] | undefined,
  labelsFor: LabelsFor = () => undefined,
): DescribeRestriction {
  const presented = presentedCredentials(record);
  const ourDids = new Set((own ?? []).map((d) => issuerOf(d.credDefId)));
  const issuer = (did: string) => (ourDids.has(did) ? 'this agent' : shortIssuer(did));
  const definition = (credDefId: string) => {
    const known = presented.find((c) => c.credDefId === credDefId);
    if (known || own?.some((d) => d.credDefId === credDefId)) {
      const { name, issuer: by } = credentialName(known ?? { credDefId, schemaId: '', revRegId: null, timestamp: null }, own);
      return `${name}, issued by ${by}`;
    }
    return `A credential issued by ${issuer(issuerOf(credDefId))}`;
  };
  return (restriction: Restriction) => {
    const labels = labelsFor(restriction.cred_def_id);
    const parts: string[] = [];
    for (const [key, value] of Object.entries(restriction)) {
      const attribute = /^attr::(.+)::value$/.exec(key);
      if (attribute) parts.push(`${labelOf(attribute[1] ?? '', labels)} is ${value}`);
      else if (key === 'cred_def_id') parts.push(definition(value));
      else if (key === 'schema_id') parts.push(`${schemaLabel(value) ?? 'A credential'}, from any issuer`);
      else if (key === 'schema_name') parts.push(`${value} credential`);
      else if (key === 'schema_version') parts.push(`version ${value}`);
      else if (key === 'issuer_did' || key === 'issuer_id') parts.push(`issued by ${issuer(value)}`);
      else if (key === 'schema_issuer_did' || key === 'schema_issuer_id') parts.push(`schema published by ${issuer(value)}`);
      else parts.push(`${key} ${value}`);
    }
    return parts.join(', ');
  };
}

/** Every credential definition id a request restricts to, for Technical details. */
export function restrictedDefinitionIds(record: PresExRecord): string[] {
  const request = proofRequestOf(record)?.request;
  const all = [...Object.values(request?.requested_attributes ?? {}), ...Object.values(request?.requested_predicates ?? {})];
  return [...new Set(all.flatMap((item) => (item.restrictions ?? []).flatMap((r) => (r.cred_def_id ? [r.cred_def_id] : []))))];
}
