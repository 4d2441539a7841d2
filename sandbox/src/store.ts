import { randomInt } from 'node:crypto';
import { buildConnection, type SandboxConnection } from './connections.js';
import { SeededRandom } from './random.js';
import type { CredExDetail } from './credential-records.js';
import type { PresExRecord } from './presentation-records.js';
import type { FormatKind, Ledger } from './ledger.js';
import { issuedCredentialOf, PeerWallets } from './peer-wallets.js';
import { seededRegistries, type SandboxRegistry } from './registries.js';
import type { SeedData, WalletType } from './seed.js';

export interface Paging {
  limit: number;
  offset: number;
  descending: boolean;
}

export interface ExchangeFilter {
  connection_id?: string | undefined;
  thread_id?: string | undefined;
  role?: string | undefined;
  state?: string | undefined;
}

/** revocation/models/issuer_cred_rev_record.py as the v2.0 format handlers create it at issue. */

/** `<did>:4:<cred def id>:CL_ACCUM:<tag>` → the credential definition id inside it. */
export const credDefIdOfRegistry = (revRegId: string): string => revRegId.slice(revRegId.indexOf(':4:') + 3, revRegId.lastIndexOf(':CL_ACCUM:'));
export interface IssuerCredRev {
  record_id: string;
  state: 'issued' | 'revoked';
  cred_ex_id: string;
  rev_reg_id: string;
  /** The constructor derives it from rev_reg_id when the format handler does not give it. */
  cred_def_id: string;
  cred_rev_id: string;
  cred_ex_version: '2';
  created_at: string;
  updated_at: string;
}

/** Filters then pages `items` (kept in storage order) as the agent's paginated queries do. */
export function pageOf<T>(items: Iterable<T>, keep: (item: T) => boolean, paging: Paging): T[] {
  const matching = [...items].filter(keep);
  if (paging.descending) matching.reverse();
  return matching.slice(paging.offset, paging.offset + paging.limit);
}

function matches(record: { connection_id?: string; thread_id?: string; role: string; state: string }, filter: ExchangeFilter): boolean {
  return (
    (filter.connection_id === undefined || record.connection_id === filter.connection_id) &&
    (filter.thread_id === undefined || record.thread_id === filter.thread_id) &&
    (filter.role === undefined || record.role === filter.role) &&
    (filter.state === undefined || record.state === filter.state)
  );
}

/** How many of the seeded Student ID (indy) registry's revocations never reached the ledger. */
export const DRIFTED_REVOCATIONS = 3;

/**
 * The ledger's side of the seeded registries: every revocation published, except that the indy Student
 * ID registry's last few were marked revoked in the wallet while the ledger write failed (what
 * `fix-revocation-entry-state` exists for); and the Library card registry is nearly full (over 90 %).
 */
function seedLedgerState(ledger: Ledger, registries: Map<string, SandboxRegistry>, credRevs: IssuerCredRev[]): void {
  for (const rev of credRevs) if (rev.state === 'revoked') registries.get(rev.rev_reg_id)?.ledgerRevoked.add(rev.cred_rev_id);
  const firstRegistryOf = (name: string, kind: FormatKind) => {
    const credDef = ledger.credDefs.find((d) => d.issuedBy === 'self' && d.revocable && d.kind === kind && d.schema.name === name);
    return [...registries.values()].find((r) => r.cred_def_id === credDef?.cred_def_id);
  };
  const issuedIn = (r: SandboxRegistry) => credRevs.filter((c) => c.rev_reg_id === r.revoc_reg_id);
  const drifting = firstRegistryOf('Student ID', 'indy');
  if (drifting) {
    for (const c of issuedIn(drifting)
      .filter((c) => c.state === 'revoked')
      .slice(-DRIFTED_REVOCATIONS))
      drifting.ledgerRevoked.delete(c.cred_rev_id);
  }
  const fillingUp = firstRegistryOf('Library card', 'anoncreds');
  if (fillingUp) fillingUp.max_cred_num = Math.max(4, Math.ceil(issuedIn(fillingUp).length / 0.92));
}

/**
 * An askar wallet holds only legacy records (schema_sent, cred_def_sent, IssuerRevRegRecord): the seeded
 * anoncreds-format definitions of this DID were written from another wallet. The ledger has them; this
 * wallet has none of their records, so neither interface lists them, before or after an upgrade.
 */
function markedHeldElsewhere(ledger: Ledger): void {
  for (const d of ledger.credDefs) if (d.issuedBy === 'self' && d.kind === 'anoncreds') d.heldElsewhere = true;
  for (const s of ledger.schemas) if (s.issuer_id === ledger.ownDid && s.kind === 'anoncreds') s.heldElsewhere = true;
}

/** The sandbox agent's wallet: records in storage (insertion) order, as Maps keyed by id. */
export class SandboxStore {
  readonly ledger: Ledger;
  readonly connections = new Map<string, SandboxConnection>();
  /** Not ACA-Py: connections whose peer goes away just as the next offer is sent to them (POST /sandbox/peers/leave-on-offer). */
  readonly leavingOnOffer = new Set<string>();
  readonly credentials = new Map<string, CredExDetail>();
  readonly presentations = new Map<string, PresExRecord>();
  /** The issuer's revocation record of each revocable credential; it outlives the exchange record. */
  readonly issuerCredRevs = new Map<string, IssuerCredRev>();
  /** The issuer's revocation registries (IssuerRevRegRecord, or the anoncreds registry definitions), by id. */
  readonly registries = new Map<string, SandboxRegistry>();
  readonly wallet: { name: string; type: WalletType };
  /** Not ACA-Py: what the simulated peers hold of the credentials we issued them. */
  readonly peerWallets = new PeerWallets();

  constructor(data: SeedData, wallet: { name: string; type: WalletType }) {
    this.ledger = data.ledger;
    this.wallet = { ...wallet };
    for (const c of data.connections) this.connections.set(c.connection_id, c);
    for (const d of data.credentials) this.credentials.set(d.cred_ex_record.cred_ex_id, d);
    // Stored oldest first, so each peer's wallet lists its newest credential first.
    const byAge = [...data.credentials].sort((a, b) => a.cred_ex_record.created_at.localeCompare(b.cred_ex_record.created_at));
    for (const d of byAge) this.peerStoredIfIssued(d);
    for (const p of data.presentations) this.presentations.set(p.pres_ex_id, p);
    for (const r of data.issuerCredRevs) this.issuerCredRevs.set(r.record_id, r);
    if (wallet.type === 'askar') markedHeldElsewhere(data.ledger);
    for (const r of seededRegistries(data.ledger)) this.registries.set(r.revoc_reg_id, r);
    seedLedgerState(data.ledger, this.registries, data.issuerCredRevs);
  }

  /**
   * The peer of an exchange we issued in keeps the credential (named by its connection, or by the
   * wallet that asked); a seeded one revoked since is still in its wallet.
   */
  peerStoredIfIssued(detail: CredExDetail, walletLabel?: string): void {
    const record = detail.cred_ex_record;
    if (record.role !== 'issuer' || !['credential-issued', 'done', 'credential-revoked'].includes(record.state)) return;
    const holder = walletLabel ?? this.connections.get(record.connection_id ?? '')?.their_label;
    const credential = issuedCredentialOf(detail);
    if (holder && credential) this.peerWallets.stores(holder, credential);
  }

  listCredentials(filter: ExchangeFilter, paging: Paging): CredExDetail[] {
    return pageOf(this.credentials.values(), (d) => matches(d.cred_ex_record, filter), paging);
  }

  listPresentations(filter: ExchangeFilter, paging: Paging): PresExRecord[] {
    return pageOf(this.presentations.values(), (p) => matches(p, filter), paging);
  }

  /** A new active connection, as if a peer had just accepted our invitation. */
  addConnection(label: string): SandboxConnection {
    // A stream of its own, so adding a connection never shifts what the seeded engines draw.
    const now = Date.now();
    const connection = buildConnection(new SeededRandom(randomInt(2 ** 31)), { label, active: true }, now, () => now);
    this.connections.set(connection.connection_id, connection);
    return connection;
  }

  /** The revocation record of a credential, by registry and index, or by the exchange it was issued in. */
  credRevBy(query: { cred_ex_id: string } | { rev_reg_id: string; cred_rev_id: string }): IssuerCredRev | undefined {
    for (const r of this.issuerCredRevs.values()) {
      if ('cred_ex_id' in query ? r.cred_ex_id === query.cred_ex_id : r.rev_reg_id === query.rev_reg_id && r.cred_rev_id === query.cred_rev_id) return r;
    }
    return undefined;
  }

  listConnections(state: string | undefined, paging: Paging): SandboxConnection[] {
    return pageOf(this.connections.values(), (c) => state === undefined || c.state === state, paging);
  }
}
