import type { DispatchType, EventsReach, TenantAccess, TenantSummary } from '@credence/shared';

const WALLET_TYPES: Record<string, string> = {
  'askar-anoncreds': 'Askar with AnonCreds',
  'kanon-anoncreds': 'Kanon (PostgreSQL) with AnonCreds',
  askar: 'Askar, legacy',
};

/** The wallet type in words (`askar` is also marked deprecated where it is shown: it needs an upgrade to anoncreds). */
export function walletTypeInWords(type: string | null): string {
  if (type === null) return 'Not known';
  return WALLET_TYPES[type] ?? type;
}

export const isDeprecatedType = (type: string | null) => type === 'askar';

export const ACCESS_WORDS: Record<TenantAccess, string> = {
  adopted: 'Connected',
  'not-adopted': 'Not connected: created outside Credence',
  refused: 'Disconnected: someone issued a new access key elsewhere — reconnect',
  removed: 'Removed — records kept',
};

export const DISPATCH_WORDS: Record<DispatchType, string> = {
  default: 'to its own webhook addresses',
  base: 'to the agent’s main webhook address (--webhook-url)',
  both: 'to its own addresses and to the agent’s main address',
};

/**
 * Why this tenant's events do not reach Credence, and what to do; undefined when they do (or it is removed).
 * Without its events, Credence's lists of that organisation's exchanges fall behind until someone reloads.
 */
export function eventsWarning(tenant: TenantSummary, webhookUrl: string, base: EventsReach): string | undefined {
  if (tenant.access === 'removed' || tenant.events === 'yes') return undefined;
  if (tenant.events === 'unknown')
    return `Its events go to the agent’s main webhook address, which the agent does not show. Check that ACA-Py was started with --webhook-url ${webhookUrl}#<WEBHOOK_SECRET>.`;
  const usesBase = tenant.dispatch === 'base' || tenant.webhookUrls.length === 0;
  if (usesBase && base === 'no')
    return `Its events go to the agent’s main webhook address, which is not Credence’s. Start ACA-Py with --webhook-url ${webhookUrl}#<WEBHOOK_SECRET>, or give this wallet that address with dispatch “default”.`;
  return `Its events go only to its own webhook addresses, and none is Credence’s. Add ${webhookUrl}#<WEBHOOK_SECRET> to the wallet’s webhook addresses (PUT /multitenancy/wallet/{id}).`;
}
