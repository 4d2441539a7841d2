import type { WalletType } from '../seed.js';

export type DispatchType = 'default' | 'both' | 'base';
export const WALLET_TYPES: readonly WalletType[] = ['askar', 'askar-anoncreds', 'kanon-anoncreds'];
export const DISPATCH_TYPES: readonly DispatchType[] = ['default', 'both', 'base'];

/** wallet/models/wallet_record.py: the stored record; `settings` holds the key, which is never served. */
export interface WalletRecord {
  wallet_id: string;
  key_management_mode: 'managed';
  settings: Record<string, unknown>;
  /** The `iat` of the one token that opens this wallet; none until a token is minted. */
  jwt_iat?: number;
  created_at: string;
  updated_at: string;
}

export const walletName = (r: WalletRecord): string | null => (r.settings['wallet.name'] as string | null | undefined) ?? null;
export const walletTypeOf = (r: WalletRecord): WalletType => r.settings['wallet.type'] as WalletType;

/**
 * multitenant/admin/routes.py format_wallet_record: the record's serialisation (None values left out,
 * `jwt_iat` not in the schema), its settings with `wallet.id` added and `wallet.key` removed.
 */
export function formatWalletRecord(record: WalletRecord): Record<string, unknown> {
  const settings: Record<string, unknown> = { ...record.settings, 'wallet.id': record.wallet_id };
  delete settings['wallet.key'];
  return {
    wallet_id: record.wallet_id,
    key_management_mode: record.key_management_mode,
    settings,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

// multitenant/admin/routes.py ACAPY_LIFECYCLE_CONFIG_FLAG_MAP and _ARGS_MAP: the only extra settings a tenant may carry.
const ENV_FLAGS: Record<string, string> = {
  ACAPY_AUTO_ACCEPT_INVITES: 'debug.auto_accept_invites',
  ACAPY_AUTO_ACCEPT_REQUESTS: 'debug.auto_accept_requests',
  ACAPY_AUTO_PING_CONNECTION: 'auto_ping_connection',
  ACAPY_AUTO_PROMOTE_AUTHOR_DID: 'endorser.auto_promote_author_did',
  ACAPY_AUTO_REQUEST_ENDORSEMENT: 'endorser.auto_request',
  ACAPY_AUTO_RESPOND_CREDENTIAL_OFFER: 'debug.auto_respond_credential_offer',
  ACAPY_AUTO_RESPOND_CREDENTIAL_REQUEST: 'debug.auto_respond_credential_request',
  ACAPY_AUTO_RESPOND_MESSAGES: 'debug.auto_respond_messages',
  ACAPY_AUTO_VERIFY_PRESENTATION: 'debug.auto_verify_presentation',
  ACAPY_AUTO_WRITE_TRANSACTIONS: 'endorser.auto_write',
  ACAPY_CREATE_REVOCATION_TRANSACTIONS: 'endorser.auto_create_rev_reg',
  ACAPY_ENDORSER_ALIAS: 'endorser.endorser_alias',
  ACAPY_ENDORSER_INVITATION: 'endorser.endorser_invitation',
  ACAPY_ENDORSER_PUBLIC_DID: 'endorser.endorser_public_did',
  ACAPY_ENDORSER_ROLE: 'endorser.protocol_role',
  ACAPY_INVITE_PUBLIC: 'debug.invite_public',
  ACAPY_LOG_LEVEL: 'log.level',
  ACAPY_MONITOR_PING: 'debug.monitor_ping',
  ACAPY_NOTIFY_REVOCATION: 'revocation.notify',
  ACAPY_PRESERVE_EXCHANGE_RECORDS: 'preserve_exchange_records',
  ACAPY_PUBLIC_INVITES: 'public_invites',
  ACAPY_REQUESTS_THROUGH_PUBLIC_DID: 'requests_through_public_did',
  ACAPY_ENABLE_AUTO_REVOCATION_RECOVERY: 'anoncreds.revocation.auto_recovery_enabled',
};
export const ARG_FLAGS: Record<string, string> = {
  'auto-accept-invites': 'debug.auto_accept_invites',
  'auto-accept-requests': 'debug.auto_accept_requests',
  'auto-create-revocation-transactions': 'endorser.auto_create_rev_reg',
  'auto-ping-connection': 'auto_ping_connection',
  'auto-promote-author-did': 'endorser.auto_promote_author_did',
  'auto-request-endorsement': 'endorser.auto_request',
  'auto-respond-credential-offer': 'debug.auto_respond_credential_offer',
  'auto-respond-credential-request': 'debug.auto_respond_credential_request',
  'auto-respond-messages': 'debug.auto_respond_messages',
  'auto-verify-presentation': 'debug.auto_verify_presentation',
  'auto-write-transactions': 'endorser.auto_write',
  'endorser-alias': 'endorser.endorser_alias',
  'endorser-invitation': 'endorser.endorser_invitation',
  'endorser-protocol-role': 'endorser.protocol_role',
  'endorser-public-did': 'endorser.endorser_public_did',
  'invite-public': 'debug.invite_public',
  'log-level': 'log.level',
  'monitor-ping': 'debug.monitor_ping',
  'notify-revocation': 'revocation.notify',
  'preserve-exchange-records': 'preserve_exchange_records',
  'public-invites': 'public_invites',
  'requests-through-public-did': 'requests_through_public_did',
};
const AUTHOR_ONLY = new Set([
  'ACAPY_AUTO_REQUEST_ENDORSEMENT',
  'ACAPY_AUTO_WRITE_TRANSACTIONS',
  'ACAPY_CREATE_REVOCATION_TRANSACTIONS',
  'auto-request-endorsement',
  'auto-write-transactions',
  'auto-create-revocation-transactions',
]);

/** get_extra_settings_dict_per_tenant: mapped flags kept, unknown keys dropped without a word. */
export function extraSettingsPerTenant(extra: Record<string, unknown>): Record<string, unknown> {
  const role = extra.ACAPY_ENDORSER_ROLE || extra['endorser-protocol-role'];
  const out: Record<string, unknown> = {};
  if (role === 'author') out['endorser.author'] = true;
  else if (role === 'endorser') out['endorser.endorser'] = true;
  for (const [flag, value] of Object.entries(extra)) {
    if (AUTHOR_ONLY.has(flag) && role !== 'author') continue;
    if (flag === 'ACAPY_ENDORSER_ROLE' || flag === 'endorser-protocol-role') continue;
    const mapped = ENV_FLAGS[flag] ?? ARG_FLAGS[flag];
    if (mapped) out[mapped] = value;
  }
  return out;
}

/**
 * multitenant/base.py get_webhook_urls: `both` is the set union of the base and the wallet's URLs,
 * `default` the wallet's alone (none at all is only a warning there), anything else the base ones.
 */
export function webhookUrlsOf(record: WalletRecord, baseUrls: readonly string[]): string[] {
  const own = (record.settings['wallet.webhook_urls'] as string[] | undefined) ?? [];
  const dispatch = record.settings['wallet.dispatch_type'];
  if (dispatch === 'both') return [...new Set([...baseUrls, ...own])];
  if (dispatch === 'default') return [...own];
  return [...baseUrls];
}
