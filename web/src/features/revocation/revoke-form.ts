import { revokeBodySchema, type FilterKind, type RevokeInput } from '@credence/shared';
import { bodyResolver } from '../../lib/body-resolver';

export interface RevokeFormValues {
  /** From a credential's page: by exchange id. Standalone: by registry and revocation id. */
  by: 'exchange' | 'pair';
  cred_ex_id: string;
  rev_reg_id: string;
  cred_rev_id: string;
  /** '' when left to the registry id (the BFF reads it from there). */
  filter_kind: FilterKind | '';
  publish: 'now' | 'later';
  notify: boolean;
  connection_id: string;
  notify_version: 'v1_0' | 'v2_0';
  comment: string;
}

export function toRevokeBody(v: RevokeFormValues): RevokeInput {
  return {
    ...(v.by === 'exchange'
      ? { cred_ex_id: v.cred_ex_id }
      : { rev_reg_id: v.rev_reg_id.trim(), cred_rev_id: v.cred_rev_id.trim(), ...(v.filter_kind && { filter_kind: v.filter_kind }) }),
    publish: v.publish === 'now',
    notify: v.notify,
    ...(v.notify && v.connection_id && { connection_id: v.connection_id }),
    ...(v.notify && { notify_version: v.notify_version }),
    ...(v.comment.trim() && { comment: v.comment.trim() }),
  };
}

export const revokeResolver = bodyResolver<RevokeFormValues, unknown>(() => revokeBodySchema, toRevokeBody);

/** Says, before the admin confirms, exactly what the agent will be asked to do; `named` is the credential in a clerk's words (credentialWords). */
export function revokeStatement(v: RevokeFormValues, holder: string | undefined, named?: string): string {
  // Known to the register: the person, the credential and two of its values, never the registry and index.
  const which = named
    ? named
    : v.by === 'exchange'
      ? `the credential of this exchange${holder ? ` (held by ${holder})` : ''}`
      : v.cred_rev_id && v.rev_reg_id
        ? `credential ${v.cred_rev_id} of registry ${v.rev_reg_id}${holder ? ` (held by ${holder})` : ''}`
        : 'the credential whose registry and id you enter';
  const when =
    v.publish === 'now'
      ? 'The revocation is published to the ledger at once: verifiers see it from now on.'
      : 'The revocation is recorded but left pending: verifiers do not see it until you publish pending revocations.';
  const notice = v.notify
    ? ` The holder${holder ? ` (${holder})` : ''} is sent a revocation notification (${v.notify_version === 'v2_0' ? 'v2.0' : 'v1.0'})${v.publish === 'now' ? '' : ' when it is published'}.`
    : ' The holder is not notified.';
  return `This revokes ${which}. It cannot be undone. ${when}${notice}`;
}
