import { dispatchTypes, type DispatchType, type EventsReach } from '@credence/shared';
import { z } from 'zod';
import type { AcapyClient } from '../acapy/client.js';

/** A tenant wallet as GET /multitenancy/wallets lists it, read for what the operator is shown. */
export interface AgentWallet {
  walletId: string;
  /** `default_label`, else `wallet.name`, else the id. */
  label: string;
  walletType: string | null;
  dispatch: DispatchType | null;
  /** Its own webhook URLs as stored, secrets included: never sent on (see `withoutSecret`). */
  webhookUrls: string[];
  createdAt: string | null;
}

const walletRecord = z.object({
  wallet_id: z.string().min(1),
  created_at: z.string().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
});
const walletList = z.object({ results: z.array(walletRecord) });
export type WalletRecordAnswer = z.infer<typeof walletRecord>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export function agentWalletOf(record: WalletRecordAnswer): AgentWallet {
  const settings = record.settings ?? {};
  const dispatch = settings['wallet.dispatch_type'];
  const urls = settings['wallet.webhook_urls'];
  return {
    walletId: record.wallet_id,
    label: text(settings.default_label) ?? text(settings['wallet.name']) ?? record.wallet_id,
    walletType: text(settings['wallet.type']),
    dispatch: dispatchTypes.includes(dispatch as DispatchType) ? (dispatch as DispatchType) : null,
    webhookUrls: Array.isArray(urls) ? urls.filter((u): u is string => typeof u === 'string') : [],
    createdAt: text(record.created_at),
  };
}

export function parseWalletRecord(body: unknown, route: string): AgentWallet {
  const parsed = walletRecord.safeParse(body);
  if (!parsed.success) throw new Error(`The agent's answer to ${route} is not a wallet record as ACA-Py sends it.`);
  return agentWalletOf(parsed.data);
}

const PAGE = 100;

/** Every tenant wallet of the agent, a page of 100 at a time (ACA-Py 1.x pages this list). */
export async function agentWallets(base: AcapyClient): Promise<AgentWallet[]> {
  const wallets: AgentWallet[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const query = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
    const listed = walletList.safeParse((await base.get('/multitenancy/wallets', { query })).body);
    if (!listed.success) throw new Error('The agent’s list of tenant wallets is not what ACA-Py sends (GET /multitenancy/wallets).');
    wallets.push(...listed.data.results.map(agentWalletOf));
    // A page short of full is the last; a guard against an agent that ignores offset.
    if (listed.data.results.length < PAGE || offset >= 100 * PAGE) return wallets;
  }
}

/** A webhook URL without its `#secret` (ACA-Py sends the fragment as x-api-key): what may be shown. */
export function withoutSecret(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** Two webhook URLs name the same receiver: same origin and path, whatever the secret or a trailing slash. */
function sameReceiver(a: string, b: string): boolean {
  try {
    const [x, y] = [new URL(withoutSecret(a)), new URL(withoutSecret(b))];
    return x.origin === y.origin && x.pathname.replace(/\/+$/, '') === y.pathname.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

export const namesCredence = (urls: readonly string[], credenceUrl: string): boolean => urls.some((u) => sameReceiver(u, credenceUrl));

/**
 * Whether the base wallet's `--webhook-url`s reach Credence, from GET /status/config (`admin.webhook_urls`,
 * which ACA-Py shows without their secrets); unknown when the agent does not show them.
 */
export async function baseReach(base: AcapyClient, credenceUrl: string): Promise<EventsReach> {
  try {
    const config = ((await base.get('/status/config')).body as { config?: Record<string, unknown> } | null)?.config;
    const urls = config?.['admin.webhook_urls'];
    if (!Array.isArray(urls)) return 'unknown';
    return namesCredence(
      urls.filter((u): u is string => typeof u === 'string'),
      credenceUrl,
    )
      ? 'yes'
      : 'no';
  } catch {
    return 'unknown';
  }
}

/**
 * multitenant/base.py get_webhook_urls: `default` sends to the wallet's own URLs, `base` to the base
 * wallet's, `both` to either. No URLs of its own is dispatch `base` whatever is stored.
 */
export function eventsReach(wallet: Pick<AgentWallet, 'dispatch' | 'webhookUrls'>, base: EventsReach, credenceUrl: string): EventsReach {
  const own = namesCredence(wallet.webhookUrls, credenceUrl);
  const dispatch = wallet.webhookUrls.length === 0 ? 'base' : (wallet.dispatch ?? 'default');
  if (dispatch === 'default') return own ? 'yes' : 'no';
  if (dispatch === 'both' && own) return 'yes';
  return base;
}
