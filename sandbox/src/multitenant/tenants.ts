import { randomBytes, randomUUID } from 'node:crypto';
import { agentError } from '../agent-errors.js';
import { agentTimestamp } from '../random.js';
import type { Sandbox } from '../sandbox.js';
import { pageOf, type Paging } from '../store.js';
import type { TenantTokens } from './tokens.js';
import { walletName, webhookUrlsOf, type WalletRecord } from './wallet-records.js';

/** A tenant: its wallet record and a whole single-tenant sandbox of its own (nothing shared, so nothing leaks). */
export interface Tenant {
  record: WalletRecord;
  sandbox: Sandbox;
  /** The key the front passes to the tenant's own app once the token has been checked. */
  innerKey: string;
}

/** One webhook as a tenant's profile sends it: to the URLs its dispatch type gives, with `x-wallet-id`. */
export interface TenantWebhook {
  topic: string;
  payload: Record<string, unknown>;
  walletId: string;
  urls: string[];
}

export interface TenantsDeps {
  tokens: TenantTokens;
  now: () => number;
  baseWalletName: string;
  baseWebhookUrls: readonly string[];
  /** Builds the tenant's sandbox; `emit` is its webhooks, `onUpgraded` called when its upgrade succeeded. */
  build: (
    record: WalletRecord,
    innerKey: string,
    hooks: { emit: (topic: string, payload: Record<string, unknown>) => void; onUpgraded: () => void },
  ) => Sandbox;
  dispatch: (webhook: TenantWebhook) => void;
}

const unauthorized = () => agentError(401, 'Unauthorized');

/** The base wallet's WalletRecords and the tenants they open (multitenant/base.py, manager.py). */
export class Tenants {
  private readonly byId = new Map<string, Tenant>();

  constructor(private readonly deps: TenantsDeps) {}

  get all(): Tenant[] {
    return [...this.byId.values()];
  }

  /** create_wallet: a wallet name is unique among the records and the base wallet's own. */
  create(settings: Record<string, unknown>, walletId: string = randomUUID()): Tenant {
    const name = settings['wallet.name'];
    if (typeof name === 'string' && name !== '' && (name === this.deps.baseWalletName || this.all.some((t) => walletName(t.record) === name))) {
      throw agentError(400, `Wallet with name ${name} already exists`);
    }
    const at = agentTimestamp(this.deps.now());
    const record: WalletRecord = { wallet_id: walletId, key_management_mode: 'managed', settings, created_at: at, updated_at: at };
    const innerKey = randomBytes(24).toString('base64url');
    const sandbox = this.deps.build(record, innerKey, {
      emit: (topic, payload) => this.deps.dispatch({ topic, payload, walletId, urls: webhookUrlsOf(record, this.deps.baseWebhookUrls) }),
      // wallet/anoncreds_upgrade.py upgrade_subwallet: the record says askar-anoncreds (even from kanon); no restart.
      // A wallet removed while it upgraded has no record left to change.
      onUpgraded: () => {
        if (this.byId.has(walletId)) this.update(walletId, { 'wallet.type': 'askar-anoncreds' });
      },
    });
    const tenant = { record, sandbox, innerKey };
    this.byId.set(walletId, tenant);
    return tenant;
  }

  /** retrieve_by_id: 404 `Record not found: wallet_record/<id>`. */
  get(walletId: string): Tenant {
    const tenant = this.byId.get(walletId);
    if (!tenant) throw agentError(404, `Record not found: wallet_record/${walletId}`);
    return tenant;
  }

  list(name: string | undefined, paging: Paging): WalletRecord[] {
    return pageOf(
      this.all.map((t) => t.record),
      (r) => name === undefined || walletName(r) === name,
      paging,
    );
  }

  update(walletId: string, settings: Record<string, unknown>): WalletRecord {
    const { record } = this.get(walletId);
    Object.assign(record.settings, settings);
    record.updated_at = agentTimestamp(this.deps.now());
    return record;
  }

  remove(walletId: string): void {
    const tenant = this.get(walletId);
    tenant.sandbox.peers.stop();
    this.byId.delete(walletId);
  }

  /** create_auth_token: only the newest token opens the wallet (its `iat` is stored on the record). */
  async mintToken(walletId: string): Promise<string> {
    const tenant = this.get(walletId);
    const iat = Math.round(this.deps.now() / 1000);
    const token = await this.deps.tokens.mint(walletId, iat);
    tenant.record.jwt_iat = iat;
    tenant.record.updated_at = agentTimestamp(this.deps.now());
    return token;
  }

  /**
   * admin/server.py setup_context with get_profile_for_token: a header not `Bearer …` is 401 "Invalid
   * Authorization header structure"; a bad signature or an unknown (removed) wallet 401 "Unauthorized";
   * a token older than the wallet's newest 401 "Token not valid".
   */
  async byAuthorization(header: string): Promise<Tenant> {
    const space = header.indexOf(' ');
    const [scheme, token] = space === -1 ? [header, ''] : [header.slice(0, space), header.slice(space + 1)];
    if (scheme !== 'Bearer') throw agentError(401, 'Invalid Authorization header structure');
    const claims = await this.deps.tokens.read(token);
    // PyJWT (leeway 1 s) refuses a token issued in the future; jose does not check it.
    if (!claims || (claims.iat !== undefined && claims.iat > this.deps.now() / 1000 + 1)) throw unauthorized();
    const tenant = this.byId.get(claims.walletId);
    if (!tenant) throw unauthorized();
    if (tenant.record.jwt_iat && tenant.record.jwt_iat !== claims.iat) throw agentError(401, 'Token not valid');
    return tenant;
  }
}
