import { agentError } from './agent-errors.js';
import { inThisWallet, type Ledger } from './ledger.js';
import type { SandboxRegistry } from './registries.js';
import type { SandboxStore } from './store.js';

export interface WalletUpgradeOptions {
  /** How long the agent answers 503 "Upgrade in progress". */
  durationMs: number;
  /** `fail`: after the retries the marker is removed and the wallet stays askar. */
  outcome: 'success' | 'fail';
  /** A standalone agent shuts itself down after a successful upgrade; main.ts restarts it. */
  onFinished?: (succeeded: boolean) => void;
}

/** How many of the wallet's records the upgrade converted, by kind. */
export interface ConvertedRecords {
  schemas: number;
  credDefs: number;
  registries: number;
}

/**
 * wallet/anoncreds_upgrade.py convert_records_to_anoncreds, in one transaction: each schema_sent record
 * becomes the anoncreds schema of the same id (its attributes as the ledger has them), each
 * cred_def_sent record the anoncreds credential definition of the same id and tag, each of its
 * IssuerRevRegRecords the registry definition of the same id (posted and active → finished, full and
 * decommissioned kept), the oldest active one tagged active and the others not; each registry's
 * revocation list is built from the credentials' revocation records, which stay as they are (revoked
 * ones revoked, revocations waiting to be published still waiting). Definitions this DID wrote from
 * another wallet are not in this one, so they are not converted.
 */
export function convertRecordsToAnoncreds(ledger: Ledger, registries: Map<string, SandboxRegistry>): ConvertedRecords {
  const schemas = ledger.schemas.filter((s) => s.kind === 'indy' && s.issuer_id === ledger.ownDid && !s.heldElsewhere);
  const credDefs = ledger.credDefs.filter((d) => inThisWallet(d) && d.kind === 'indy');
  let converted = 0;
  for (const schema of schemas) schema.kind = 'anoncreds';
  for (const credDef of credDefs) {
    credDef.kind = 'anoncreds';
    const own = [...registries.values()].filter((r) => r.cred_def_id === credDef.cred_def_id).sort((a, b) => a.created_at.localeCompare(b.created_at));
    const active = own.find((r) => r.state === 'active');
    for (const registry of own) registry.active = registry === active;
    converted += own.length;
  }
  return { schemas: new Set(schemas.map((s) => s.schema_id)).size, credDefs: credDefs.length, registries: converted };
}

/** `POST /anoncreds/wallet/upgrade?wallet_name=` and the 503 phase that follows, as the agent does it. */
export class WalletUpgrade {
  private upgrading = false;
  /** What the last successful upgrade converted (for the log). */
  converted: ConvertedRecords | undefined;

  constructor(
    private readonly store: SandboxStore,
    private readonly options: WalletUpgradeOptions,
  ) {}

  get inProgress(): boolean {
    return this.upgrading;
  }

  start(walletName: string | undefined): { success: true; message: string } {
    if (walletName !== this.store.wallet.name) throw agentError(400, 'Wallet name parameter does not match the agent which triggered the upgrade');
    if (this.store.wallet.type !== 'askar') throw agentError(400, 'Wallet type is already anoncreds');
    if (this.upgrading) throw agentError(503, 'Upgrade in progress');
    this.upgrading = true;
    setTimeout(() => {
      this.upgrading = false;
      const succeeded = this.options.outcome === 'success';
      // A failed conversion is rolled back: nothing changes.
      if (succeeded) {
        this.converted = convertRecordsToAnoncreds(this.store.ledger, this.store.registries);
        this.store.wallet.type = 'askar-anoncreds';
      }
      this.options.onFinished?.(succeeded);
    }, this.options.durationMs);
    return { success: true, message: `Upgrade to anoncreds has been triggered for wallet ${walletName}` };
  }
}
