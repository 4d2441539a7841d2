import type { ColumnType, Generated } from 'kysely';
import type { WalletInventory } from '@credence/shared';
import type { Defaulted, Optional, Tenant, Timestamp } from './schema-columns.js';
import type { ApprovalsTable, RetentionOverridesTable, TenantsTable, UserPreferencesTable } from './schema-platform.js';

export type { ApprovalsTable, RetentionOverridesTable, TenantsTable, UserPreferencesTable } from './schema-platform.js';

export interface SessionsTable {
  /** SHA-256 of the session id: a copy of the table does not hold usable cookies. */
  id_hash: string;
  username: string;
  role: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** Idle and absolute limits, checked by every query that reads a session. */
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  /** The OpenID provider's `sub` and the name it gave; null for a local user. */
  subject: Optional<string>;
  display_name: Optional<string>;
  /** The provider's issuer, beside `subject` (migration 015). */
  issuer: Optional<string>;
  /** A local user's: a digest of the user's entry at sign-in (see grantOf); the session ends when it no longer matches. */
  grant_digest: Optional<string>;
  /** The tenant's wallet id the session acts in; null for the operator and in a single-tenant console (migration 024). */
  tenant: Optional<string>;
}

export interface OidcTransactionsTable {
  /** SHA-256 of the id in the browser's cookie. */
  id_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  next: string | null;
  expires_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  key: string;
  at: Timestamp;
}

export interface UpgradeJobsTable {
  tenant_id: Tenant;
  /** The agent's admin URL: one upgrade per agent, whichever instance runs it. */
  agent: string;
  state: string;
  since: Optional<Date>;
  detail: Optional<string>;
  saw_agent_busy: Defaulted<boolean>;
  settled_checks: Defaulted<number>;
  deadline: Optional<Date>;
  /** Set while a caller checks and starts an upgrade, so two admins cannot both start one. */
  claimed_until: Optional<Date>;
  /** The instance following the upgrade, and until when; another takes over once it lapses. */
  lease_owner: Optional<string>;
  lease_until: Optional<Date>;
  /** What the wallet held when the upgrade was started (migration 020, decision 031). */
  before_upgrade: ColumnType<WalletInventory | null, string | null | undefined, string | null>;
}

export interface AuditLogTable {
  tenant_id: Tenant;
  id: Generated<string>;
  at: Timestamp;
  actor: string;
  role: string | null;
  action: string;
  target: ColumnType<Record<string, string>, string, string>;
  status: number;
  outcome: string;
  /** In business terms ("issued Student ID 1.2 to Bob Smith"); null on entries older than migration 008. */
  summary: Optional<string>;
  reason: Optional<string>;
  link: Optional<string>;
  /** A provider's user: the provider (host and path of its issuer); null for a local user (migration 015). */
  actor_via: Optional<string>;
  /** An entry that stands for a run of like refusals: its count (audit_tallies). */
  tally_id: Optional<string>;
  /** Its place in the tenant's chain (migration 026, decision 036): 1, 2, 3… with no gap. */
  seq: ColumnType<string, number, never>;
  /** The hash of the entry before it in the chain (the tenant's chain head's when it is the first). */
  prev_hash: ColumnType<string, string, never>;
  /** sha256(prev_hash || the chained part, canonical), hex. */
  hash: ColumnType<string, string, never>;
  /** The random salt of the personal details' digest; null once they are erased. */
  personal_salt: ColumnType<string | null, string, null>;
  /** sha256(salt || summary and reason), hex: what the chain covers of the personal details. */
  personal_digest: ColumnType<string, string, never>;
  /** When the personal details (summary, reason) were blanked; the chain still holds through their digest. */
  personal_erased_at: ColumnType<Date | null, never, Date>;
}

/** Where each tenant's audit chain stands: the last entry's number and hash, and where it begins since retention. */
export interface AuditChainHeadsTable {
  tenant_id: Tenant;
  seq: ColumnType<string, number, number>;
  hash: string;
  /** The entry before the first kept: retention removes the oldest entries and moves this on. */
  base_seq: ColumnType<string, number, number>;
  base_hash: string;
}

/** How many times a like refusal happened in a run (of at most AUDIT_TALLY_RUN_MS); the audit entry written at the first refers to it. */
export interface AuditTalliesTable {
  tenant_id: Tenant;
  id: Generated<string>;
  key: string;
  n: number;
  first_at: Timestamp;
  last_at: Timestamp;
}

export interface StoreMarksTable {
  key: string;
  at: Timestamp;
}

export interface InvitationLinksTable {
  tenant_id: Tenant;
  code: string;
  invitation: ColumnType<Record<string, unknown>, string, string>;
  attachment_type: string;
  exchange_id: string;
  created_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  fetched_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ProofTemplatesTable {
  tenant_id: Tenant;
  id: string;
  name: string;
  description: Optional<string>;
  presentation_request: ColumnType<Record<string, unknown>, string, string>;
  /** Relative rules turned into numbers when the request is sent (migration 018, decision 024); `{}` for none. */
  rules: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** What it asks for, in a line (`templateAsks`), written with the request: the list reads this, not the request. */
  asks: string;
  version: number;
  created_at: Timestamp;
  created_by: string;
  updated_at: Timestamp;
  updated_by: string;
  /** Set when deleted: the row and its versions stay, out of every list. */
  deleted_at: Optional<Date>;
  deleted_by: Optional<string>;
}

export interface ProofTemplateVersionsTable {
  tenant_id: Tenant;
  template_id: string;
  version: number;
  name: string;
  description: Optional<string>;
  presentation_request: ColumnType<Record<string, unknown>, string, string>;
  rules: ColumnType<Record<string, unknown>, string | undefined, string>;
  saved_at: Timestamp;
  saved_by: string;
}

export interface RegisterExchangesTable {
  tenant_id: Tenant;
  kind: string;
  exchange_id: string;
  role: string;
  state: string;
  connection_id: string | null;
  connection_label: string | null;
  thread_id: string | null;
  cred_def_id: string | null;
  schema_id: string | null;
  format: string | null;
  attributes: ColumnType<{ name: string; value: string }[], string | undefined, string>;
  /** The attribute values, space-separated; with the label, the generated `search` column. */
  attribute_text: Defaulted<string>;
  /** Lower-case connection label and attribute values, for the trigram search (generated). */
  search: ColumnType<string, never, never>;
  /** The attribute value words that are not words of the label (generated, trigram-indexed). */
  residual: ColumnType<string, never, never>;
  requested: ColumnType<{ name: string | null; attributes: string[]; predicates: string[] } | null, string | null | undefined, string | null>;
  predicates_proved: ColumnType<string[], string | undefined, string>;
  verified: Optional<boolean>;
  error_msg: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  removed_from_agent: Defaulted<boolean>;
  /** When the personal values were erased (migration 028), why ('retention' or 'request'), and the period kept. */
  personal_erased_at: Optional<Date>;
  erasure_reason: Optional<string>;
  erasure_days: Optional<number>;
}

export interface RegisterCredentialsTable {
  tenant_id: Tenant;
  cred_ex_id: string;
  connection_id: Optional<string>;
  holder_label: Optional<string>;
  cred_def_id: Optional<string>;
  schema_id: Optional<string>;
  filter_kind: Optional<string>;
  attributes: ColumnType<{ name: string; value: string }[], string | undefined, string>;
  attribute_text: Defaulted<string>;
  search: ColumnType<string, never, never>;
  residual: ColumnType<string, never, never>;
  /** Null until the exchange reaches credential-issued: such a row is not listed. */
  issued_at: Optional<Date>;
  rev_reg_id: Optional<string>;
  cred_rev_id: Optional<string>;
  status: Defaulted<string>;
  revoked_at: Optional<Date>;
  revoked_by: Optional<string>;
  notified: Optional<boolean>;
  published_at: Optional<Date>;
  removed_from_agent: Defaulted<boolean>;
  updated_at: Timestamp;
  /** When the personal values were erased (migration 028), why ('retention' or 'request'), and the period kept. */
  personal_erased_at: Optional<Date>;
  erasure_reason: Optional<string>;
  erasure_days: Optional<number>;
}

/** Kept by triggers: how many exchanges per exact-match filter value ('' for none). */
export interface RegisterExchangeCountsTable {
  tenant_id: Tenant;
  kind: string;
  role: string;
  state: string;
  cred_def_id: string;
  removed: boolean;
  verified: string;
  n: ColumnType<string, string, string>;
}

export interface RegisterCredentialCountsTable {
  tenant_id: Tenant;
  status: string;
  cred_def_id: string;
  n: ColumnType<string, string, string>;
}

/** Kept by triggers: the distinct labels of the register (kind credential / presentation / issued) and their rows. */
export interface RegisterLabelsTable {
  tenant_id: Tenant;
  kind: string;
  label: string;
  n: ColumnType<string, string, string>;
}

/** A label's rows counted by the lists' exact-match filters (migration 011); kind 'issued' keeps a status in `state`. */
export interface RegisterLabelCountsTable {
  tenant_id: Tenant;
  kind: string;
  label: string;
  role: string;
  state: string;
  cred_def_id: string;
  removed: boolean;
  verified: string;
  n: ColumnType<string, string, string>;
}

export interface IssueBatchesTable {
  tenant_id: Tenant;
  id: string;
  created_at: Timestamp;
  created_by: string;
  created_role: string;
  cred_def_id: string;
  schema_id: string;
  /** indy or anoncreds: the offer's filter names the definition under this key. */
  filter_kind: string;
  file_name: Optional<string>;
  row_count: number;
  /** The file's digest with the definition's id; none for batches stored before 016. */
  file_digest: Optional<string>;
}

export interface IssueBatchRowsTable {
  tenant_id: Tenant;
  batch_id: string;
  /** 1 for the file's first row under the header. */
  idx: number;
  /** Null for a row kept for fixing whose connection did not match (see connection_cell). */
  connection_id: string | null;
  connection_label: Optional<string>;
  /** What the file said of the connection, for a row kept for fixing. */
  connection_cell: Optional<string>;
  attributes: ColumnType<{ name: string; value: string }[], string, string>;
  state: string;
  cred_ex_id: Optional<string>;
  error: Optional<string>;
  attempts: Defaulted<number>;
  /** The instance sending the row, and until when; past it, the row is not being sent any more. */
  lease_owner: Optional<string>;
  lease_until: Optional<Date>;
  updated_at: Timestamp;
  /** When its values and connection's name were erased (migration 028). */
  personal_erased_at: Optional<Date>;
}

/** A bulk revocation's preview (migration 013): what an admin confirmed, revoked once. */
export interface BulkRevokePreviewsTable {
  tenant_id: Tenant;
  id: string;
  created_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  selection: ColumnType<Record<string, string>, string, string>;
  count: number;
  /** SHA-256 of the matched credentials' exchange ids, sorted, one a line. */
  digest: string;
  state: Defaulted<'previewed' | 'revoking' | 'done' | 'refused'>;
  claimed_at: Optional<Date>;
  answer_status: Optional<number>;
  answer: ColumnType<unknown, string | null | undefined, string | null>;
}

/** Labels and kinds of one credential definition's attributes (migration 017). */
export interface AttributeLabelsTable {
  tenant_id: Tenant;
  cred_def_id: string;
  attributes: ColumnType<{ name: string; label: string; kind: 'text' | 'date' | 'number' | 'email' }[], string, string>;
  source: string;
  updated_at: Timestamp;
  updated_by: string;
}

export interface Database {
  tenants: TenantsTable;
  attribute_labels: AttributeLabelsTable;
  bulk_revoke_previews: BulkRevokePreviewsTable;
  issue_batches: IssueBatchesTable;
  issue_batch_rows: IssueBatchRowsTable;
  sessions: SessionsTable;
  user_preferences: UserPreferencesTable;
  approvals: ApprovalsTable;
  retention_overrides: RetentionOverridesTable;
  oidc_transactions: OidcTransactionsTable;
  login_attempts: LoginAttemptsTable;
  upgrade_jobs: UpgradeJobsTable;
  audit_log: AuditLogTable;
  audit_tallies: AuditTalliesTable;
  audit_chain_heads: AuditChainHeadsTable;
  store_marks: StoreMarksTable;
  invitation_links: InvitationLinksTable;
  register_exchanges: RegisterExchangesTable;
  register_credentials: RegisterCredentialsTable;
  register_exchange_counts: RegisterExchangeCountsTable;
  register_credential_counts: RegisterCredentialCountsTable;
  register_labels: RegisterLabelsTable;
  register_label_counts: RegisterLabelCountsTable;
  proof_templates: ProofTemplatesTable;
  proof_template_versions: ProofTemplateVersionsTable;
}
