import type { ColumnType, Generated } from 'kysely';
import type { Defaulted, Optional, Tenant, Timestamp } from './schema-columns.js';

// The tables of the tenants, the users' own choices, retention periods and approvals (migrations 023–029).

/** An admin's retention period for one credential definition's exchanges, in place of REGISTER_RETENTION_DAYS (migration 028). */
export interface RetentionOverridesTable {
  tenant_id: Tenant;
  cred_def_id: string;
  days: number;
  updated_at: Timestamp;
  updated_by: string;
}

/** The tenant registry (migration 023): one row per tenant wallet, its token sealed. */
export interface TenantsTable {
  wallet_id: string;
  label: string;
  token_ciphertext: Uint8Array;
  token_iv: Uint8Array;
  token_tag: Uint8Array;
  created_at: Timestamp;
  adopted_at: Timestamp;
  token_refused_at: Optional<Date>;
  /** Removed from the agent with its records kept (migration 025); null while it is a tenant. */
  removed_at: Optional<Date>;
}

/** A user's own choices (migration 027): keyed by the provider's issuer ('' for a local user) and the username. */
export interface UserPreferencesTable {
  issuer: string;
  username: string;
  language: string | null;
  updated_at: Timestamp;
}

export interface ApprovalsTable {
  tenant_id: Tenant;
  id: string;
  kind: string;
  method: string;
  path: string;
  body: string;
  what: ColumnType<Record<string, unknown>, string, never>;
  requested_by: string;
  requested_by_issuer: Defaulted<string>;
  requested_at: Timestamp;
  expires_at: Timestamp;
  state: Generated<string>;
  decided_by: Optional<string>;
  decided_at: Optional<Date>;
  reason: Optional<string>;
  outcome: ColumnType<{ status: number; detail?: string } | null, string | null | undefined, string | null>;
}
