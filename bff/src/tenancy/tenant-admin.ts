import { randomBytes } from 'node:crypto';
import type { EventsReach, TenantList, TenantRecordsChoice, TenantSummary, TenantWalletType } from '@credence/shared';
import { z } from 'zod';
import type { AcapyClient } from '../acapy/client.js';
import { ProblemError } from '../problem.js';
import type { Store } from '../store/store.js';
import { TenantRecords } from './tenant-admin-records.js';
import { agentWallets, baseReach, eventsReach, parseWalletRecord, withoutSecret, type AgentWallet } from './tenant-admin-wallets.js';
import type { TenantEntry, TenantRegistry } from './tenant-registry.js';
import type { TenantId } from './tenant.js';

export interface TenantAdminDeps {
  /** The client with the base wallet's admin key: only it calls /multitenancy/*. */
  base: AcapyClient;
  registry: TenantRegistry;
  store: Store;
  /** Where Credence receives webhooks: PUBLIC_URL (or the console's own address) + `/webhooks`. */
  webhookUrl: string;
  /** WEBHOOK_SECRET: the agent sends it back as `x-api-key` (the URL's `#fragment`). */
  webhookSecret: string;
  /** Credence users of each tenant (the users file), by wallet id. */
  usersByTenant: () => ReadonlyMap<string, number> | Promise<ReadonlyMap<string, number>>;
  /** Told when a tenant is created or adopted (again): its register is read from its wallet, its upgrade followed. */
  adopted?: (tenant: TenantId) => void;
}

const tokenAnswer = z.object({ token: z.string().min(1) });
const createdAnswer = tokenAnswer.extend({ wallet_id: z.string().min(1) });

const sameLabel = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const path = (walletId: string) => `/multitenancy/wallet/${encodeURIComponent(walletId)}`;

/**
 * The operator's acts on the tenants of a multitenant agent (`/tenants`, decision 035): list, create, adopt
 * and remove. Metadata and counts only: nothing here reads a tenant's exchanges, and no token leaves.
 */
export class TenantAdmin {
  constructor(private readonly deps: TenantAdminDeps) {}

  async list(): Promise<TenantList> {
    const { base, registry, webhookUrl } = this.deps;
    const [wallets, entries, reach, users] = await Promise.all([agentWallets(base), registry.list(), baseReach(base, webhookUrl), this.deps.usersByTenant()]);
    const byId = new Map(entries.map((e) => [e.walletId, e]));
    const onAgent = new Set(wallets.map((w) => w.walletId));
    const rows: { wallet: AgentWallet | undefined; entry: TenantEntry | undefined }[] = [
      ...wallets.map((w) => ({ wallet: w, entry: byId.get(w.walletId) })),
      // Known to Credence but not on the agent: removed with its records kept, or removed elsewhere.
      ...entries.filter((e) => !onAgent.has(e.walletId)).map((entry) => ({ wallet: undefined, entry })),
    ];
    const tenants = await Promise.all(rows.map(({ wallet, entry }) => this.summary(wallet, entry, reach, users)));
    tenants.sort((a, b) => a.label.localeCompare(b.label));
    return { tenants, webhookUrl, baseReachesCredence: reach };
  }

  private async summary(
    wallet: AgentWallet | undefined,
    entry: TenantEntry | undefined,
    reach: EventsReach,
    users: ReadonlyMap<string, number>,
  ): Promise<TenantSummary> {
    const walletId = (wallet?.walletId ?? entry?.walletId)!;
    const lastActivity = entry ? await new TenantRecords(this.deps.store, entry.tenant).lastActivity() : null;
    return {
      walletId,
      label: wallet?.label ?? entry?.label ?? walletId,
      walletType: wallet?.walletType ?? null,
      dispatch: wallet?.dispatch ?? null,
      webhookUrls: (wallet?.webhookUrls ?? []).map(withoutSecret),
      events: wallet ? eventsReach(wallet, reach, this.deps.webhookUrl) : 'no',
      access: !entry ? 'not-adopted' : entry.removedAt ? 'removed' : entry.tokenRefusedAt ? 'refused' : 'adopted',
      createdAt: wallet?.createdAt ?? iso(entry?.createdAt),
      users: users.get(walletId) ?? 0,
      lastActivity: iso(lastActivity),
      removedAt: iso(entry?.removedAt),
    };
  }

  private async one(walletId: string): Promise<TenantSummary> {
    const found = (await this.list()).tenants.find((t) => t.walletId === walletId);
    if (!found) throw new ProblemError(404, 'No such tenant.', { code: 'tenant.notFound' });
    return found;
  }

  /** A wallet whose events reach Credence (its own URL, dispatch `default`); Credence keeps the token the agent returns. */
  async create({ label, walletType }: { label: string; walletType: TenantWalletType }): Promise<TenantSummary> {
    const { base, registry, webhookUrl, webhookSecret } = this.deps;
    const taken = (await agentWallets(base)).find((w) => sameLabel(w.label, label));
    if (taken) throw labelTaken(label);
    let answer;
    try {
      answer = await base.post('/multitenancy/wallet', {
        label,
        // The agent may name the wallet's store after it: letters, digits and dashes only, never a path.
        wallet_name: walletNameFor(label),
        // A managed wallet: the agent keeps its key, so Credence never needs it again.
        wallet_key: randomBytes(32).toString('base64url'),
        wallet_type: walletType,
        wallet_webhook_urls: [`${webhookUrl}#${webhookSecret}`],
        wallet_dispatch_type: 'default',
        key_management_mode: 'managed',
      });
    } catch (error) {
      if (error instanceof ProblemError && error.status === 400 && /already exists/i.test(error.problem.detail ?? '')) throw labelTaken(label);
      throw error;
    }
    const created = createdAnswer.safeParse(answer.body);
    if (!created.success)
      throw new ProblemError(502, 'The agent created the wallet but gave no token for it.', { title: 'Agent error', code: 'agent.noToken' });
    const wallet = parseWalletRecord(answer.body, 'POST /multitenancy/wallet');
    const entry = await registry.adopt({ walletId: wallet.walletId, label, createdAt: dateOr(wallet.createdAt), token: created.data.token });
    this.deps.adopted?.(entry.tenant);
    return this.one(wallet.walletId);
  }

  /** Mints a new token for the wallet: every other controller holding one is logged out of it (one valid token per wallet). */
  async adopt(walletId: string): Promise<TenantSummary> {
    const { base, registry } = this.deps;
    const wallet = parseWalletRecord((await base.get(path(walletId))).body, 'GET /multitenancy/wallet/{wallet_id}');
    const minted = tokenAnswer.safeParse((await base.post(`${path(walletId)}/token`, {})).body);
    if (!minted.success) throw new ProblemError(502, 'The agent gave no token for this wallet.', { title: 'Agent error', code: 'agent.noToken' });
    const entry = await registry.adopt({ walletId, label: wallet.label, createdAt: dateOr(wallet.createdAt), token: minted.data.token });
    this.deps.adopted?.(entry.tenant);
    return this.one(walletId);
  }

  /** The label of a tenant, from the registry or the agent; 404 when neither knows it. */
  async labelOf(walletId: string): Promise<string> {
    const entry = (await this.deps.registry.list()).find((e) => e.walletId === walletId);
    if (entry) return entry.label;
    return parseWalletRecord((await this.deps.base.get(path(walletId))).body, 'GET /multitenancy/wallet/{wallet_id}').label;
  }

  /**
   * Removes the wallet from the agent (unless it is gone already), then keeps Credence's records of it
   * read-only (listed as removed, exportable; its users can no longer act) or erases them.
   */
  async remove(walletId: string, records: TenantRecordsChoice): Promise<TenantSummary | null> {
    const { base, registry, store } = this.deps;
    const entry = (await registry.list()).find((e) => e.walletId === walletId);
    if (!entry?.removedAt) {
      const onAgent = await base.get(path(walletId)).then(
        () => true,
        (error: unknown) => {
          if (error instanceof ProblemError && error.status === 404 && entry) return false;
          throw error;
        },
      );
      if (onAgent) await removeWallet(base, walletId);
    }
    if (!entry) return null;
    if (records === 'keep') {
      await registry.markRemoved(walletId);
      return this.one(walletId);
    }
    await new TenantRecords(store, entry.tenant).erase();
    await registry.forget(walletId);
    return null;
  }

  /** A removed tenant whose records were kept: the only one whose records the operator may export. */
  async keptTenant(walletId: string): Promise<{ tenant: TenantId; label: string }> {
    const entry = (await this.deps.registry.list()).find((e) => e.walletId === walletId);
    if (!entry) throw new ProblemError(404, 'No such tenant.', { code: 'tenant.notFound' });
    if (!entry.removedAt)
      throw new ProblemError(403, `${entry.label} is an active tenant: its records are its own, not the operator’s to read.`, {
        code: 'tenant.active',
        params: { tenant: entry.label },
      });
    return { tenant: entry.tenant, label: entry.label };
  }
}

/**
 * DELETE /multitenancy/wallet/{id} (ACA-Py 1.6.1); an older agent answers it 404 or 405 (its route is
 * `POST …/remove`, deprecated since, still served), so that is tried next.
 */
export async function removeWallet(base: AcapyClient, walletId: string): Promise<void> {
  try {
    await base.request('DELETE', path(walletId));
  } catch (error) {
    if (!(error instanceof ProblemError) || (error.status !== 404 && error.status !== 405)) throw error;
    await base.post(`${path(walletId)}/remove`, {});
  }
}

/** "Harbour Clinic (East)" → "harbour-clinic-east", as the seeded wallets are named; the agent refuses a name in use. */
export function walletNameFor(label: string): string {
  const slug = label
    .normalize('NFKD')
    // The accents NFKD set apart: "Ödön" → "odon".
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return slug || `tenant-${randomBytes(4).toString('hex')}`;
}

function labelTaken(label: string): ProblemError {
  return new ProblemError(409, `A tenant named ${label} exists already: choose another name.`, {
    title: 'Name in use',
    code: 'tenant.nameInUse',
    params: { name: label },
    errors: [{ path: 'body.label', message: 'is the name of another tenant', code: 'field.nameInUse' }],
  });
}

function dateOr(value: string | null): Date {
  const date = value ? new Date(value) : new Date();
  return Number.isNaN(date.getTime()) ? new Date() : date;
}
