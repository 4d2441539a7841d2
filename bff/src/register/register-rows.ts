import type { IssuedCredential, IssuedStatus, RegisterExchange, RegisterKind, ValuesErased } from '@credence/shared';
import type { Selectable } from 'kysely';
import type { RegisterCredentialsTable, RegisterExchangesTable } from '../store/schema.js';

/** The register's rows as the API answers them (the tenant stays inside). */
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function erasedOf(r: { personal_erased_at: Date | null; erasure_reason: string | null; erasure_days: number | null }): ValuesErased | null {
  if (!r.personal_erased_at) return null;
  return { at: r.personal_erased_at.toISOString(), reason: r.erasure_reason === 'retention' ? 'retention' : 'request', days: r.erasure_days };
}

export function exchangeOut(r: Selectable<RegisterExchangesTable>): RegisterExchange {
  return {
    exchange_id: r.exchange_id,
    kind: r.kind as RegisterKind,
    role: r.role,
    state: r.state,
    connection_id: r.connection_id,
    connection_label: r.connection_label,
    thread_id: r.thread_id,
    cred_def_id: r.cred_def_id,
    schema_id: r.schema_id,
    format: r.format,
    attributes: r.attributes,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    removed_from_agent: r.removed_from_agent,
    error_msg: r.error_msg,
    requested: r.requested,
    predicates_proved: r.predicates_proved,
    verified: r.verified,
    revocation_status: null,
    values_erased: erasedOf(r),
  };
}

export function credentialOut(r: Selectable<RegisterCredentialsTable>): IssuedCredential {
  return {
    cred_ex_id: r.cred_ex_id,
    connection_id: r.connection_id,
    holder_label: r.holder_label,
    cred_def_id: r.cred_def_id,
    schema_id: r.schema_id,
    filter_kind: r.filter_kind === 'indy' || r.filter_kind === 'anoncreds' ? r.filter_kind : null,
    attributes: r.attributes,
    issued_at: iso(r.issued_at) ?? '',
    rev_reg_id: r.rev_reg_id,
    cred_rev_id: r.cred_rev_id,
    status: r.status as IssuedStatus,
    revoked_at: iso(r.revoked_at),
    revoked_by: r.revoked_by,
    notified: r.notified,
    published_at: iso(r.published_at),
    removed_from_agent: r.removed_from_agent,
    values_erased: erasedOf(r),
  };
}
