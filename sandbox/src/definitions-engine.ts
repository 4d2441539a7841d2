import { agentError } from './agent-errors.js';
import type { EngineDeps } from './engine-support.js';
import type { FormatKind, SandboxCredDef, SandboxSchema } from './ledger.js';
import { agentTimestamp } from './random.js';
import { anoncredsRegistryState, legacyRegistryRecord, newRegistry, registryStates, type RegistryState, type SandboxRegistry } from './registries.js';

/** revocation/models/revocation_registry.py MIN_SIZE / MAX_SIZE; issuer_rev_reg_record.py DEFAULT_REGISTRY_SIZE. */
export const REGISTRY_SIZE = { min: 4, max: 32_768, default: 1000 } as const;

export interface NewCredDef {
  schema: SandboxSchema;
  tag: string;
  revocable: boolean;
  registrySize: number;
}

/**
 * Schemas and credential definitions written by the admin API, and the revocation registries a
 * revocable definition gets. Legacy (messaging/credential_definitions/routes.py on_cred_def_event →
 * revocation/indy.py init_issuer_registry, revocation/routes.py on_revocation_registry_init_event): two
 * registries, each init → generated → posted → active, every state saved (a `revocation_registry`
 * webhook of the whole record). Anoncreds (anoncreds/revocation/revocation_setup.py on_cred_def): the
 * same two registries, kept as registry definitions, with no webhook.
 */
export class DefinitionsEngine {
  constructor(
    private readonly deps: EngineDeps,
    private readonly stepMs: number,
  ) {}

  private now = () => agentTimestamp((this.deps.now ?? Date.now)());
  private get ledger() {
    return this.deps.store.ledger;
  }

  /** The schemas this wallet wrote (schema_sent records, or the anoncreds wallet's schemas), each once. */
  ownSchemas(kind: FormatKind): SandboxSchema[] {
    const seen = new Map<string, SandboxSchema>();
    for (const s of this.ledger.schemas) {
      if (s.kind === kind && s.issuer_id === this.ledger.ownDid && !s.heldElsewhere && !seen.has(s.schema_id)) seen.set(s.schema_id, s);
    }
    return [...seen.values()];
  }

  /** Any schema on the ledger, by id (the indy ledger answers for every issuer's). */
  schema(schemaId: string): SandboxSchema | undefined {
    return this.ledger.schemas.find((s) => s.schema_id === schemaId);
  }

  /**
   * A schema already on the ledger under the id this wallet would write (ledger/base.py
   * check_existing_schema): the wallet records it as sent, with the ledger's attributes and number.
   */
  recordSent(kind: FormatKind, onLedger: SandboxSchema): SandboxSchema {
    const { heldElsewhere: _elsewhere, ...fields } = onLedger;
    const schema: SandboxSchema = { ...fields, kind, seqNo: this.seqNoOf(onLedger) };
    this.ledger.schemas.push(schema);
    return schema;
  }

  createSchema(kind: FormatKind, name: string, version: string, attributes: string[], issuerId = this.ledger.ownDid): SandboxSchema {
    const schema: SandboxSchema = {
      kind,
      schema_id: `${issuerId}:2:${name}:${version}`,
      name,
      version,
      issuer_id: issuerId,
      attributes,
      seqNo: this.nextSeqNo(),
    };
    this.ledger.schemas.push(schema);
    return schema;
  }

  /** The schema's sequence number: its own, or the one inside a seeded definition's id. */
  seqNoOf(schema: SandboxSchema): number {
    if (schema.seqNo !== undefined) return schema.seqNo;
    const credDef = this.ledger.credDefs.find((d) => d.schema.schema_id === schema.schema_id);
    return Number(credDef?.cred_def_id.split(':')[3] ?? 0);
  }

  private nextSeqNo(): number {
    const known = this.ledger.schemas.map((s) => this.seqNoOf(s));
    return Math.max(10, ...known) + this.deps.rng.int(3, 40);
  }

  credDefId(schema: SandboxSchema, tag: string): string {
    return `${this.ledger.ownDid}:3:CL:${this.seqNoOf(schema)}:${tag}`;
  }

  /** Writes the definition; a revocable one starts its registries. Resolves `ready` once two are active. */
  createCredDef(kind: FormatKind, spec: NewCredDef): { credDef: SandboxCredDef; ready: Promise<void> } {
    const credDef: SandboxCredDef = {
      kind,
      cred_def_id: this.credDefId(spec.schema, spec.tag),
      tag: spec.tag,
      schema: spec.schema,
      issuer_id: this.ledger.ownDid,
      revocable: spec.revocable,
      issuedBy: 'self',
      ...(spec.revocable && { revocationRegistrySize: spec.registrySize }),
    };
    this.ledger.credDefs.push(credDef);
    const ready = spec.revocable ? this.setUpRegistries(credDef, kind, spec.registrySize) : Promise.resolve();
    return { credDef, ready };
  }

  private setUpRegistries(credDef: SandboxCredDef, kind: FormatKind, size: number): Promise<void> {
    return new Promise((resolve) => this.walk(this.added(credDef, kind, size), () => this.walk(this.added(credDef, kind, size), resolve)));
  }

  /** A new registry record of the definition (its next number), in state init or, given, a later one. */
  private added(credDef: SandboxCredDef, kind: FormatKind, size: number, state: RegistryState = 'init'): SandboxRegistry {
    const number = [...this.deps.store.registries.values()].filter((r) => r.cred_def_id === credDef.cred_def_id).length + 1;
    const registry = newRegistry(credDef, number, size, this.now(), state);
    this.deps.store.registries.set(registry.revoc_reg_id, registry);
    this.saved(registry, kind);
    return registry;
  }

  /** The registry goes on, one state at a time, until active (the agent's event chain); then `done`. */
  private walk(registry: SandboxRegistry, done: () => void = () => undefined): void {
    const kind: FormatKind = this.deps.store.wallet.type === 'askar' ? 'indy' : 'anoncreds';
    const step = () => {
      const next = registryStates[registryStates.indexOf(registry.state) + 1]!;
      registry.state = next;
      registry.updated_at = this.now();
      this.saved(registry, kind);
      if (next !== 'active') this.deps.peers.later(step, this.stepMs);
      else done();
    };
    this.deps.peers.later(step, this.stepMs);
  }

  /**
   * POST /revocation/active-registry/{cred_def_id}/rotate (revocation/indy.py decommission_registry):
   * every registry past init is decommissioned, each active one replaced by a new registry that goes
   * through its states; the answer names every registry it touched (already decommissioned ones too).
   */
  rotateLegacy(credDefId: string): { rev_reg_ids: string[] } {
    const records = [...this.deps.store.registries.values()].filter((r) => r.cred_def_id === credDefId && r.state !== 'init');
    for (const record of records) {
      if (record.state === 'decommissioned') continue;
      const wasActive = record.state === 'active';
      record.state = 'decommissioned';
      record.updated_at = this.now();
      this.saved(record, 'indy');
      const credDef = this.ledger.credDefs.find((d) => d.cred_def_id === credDefId);
      if (wasActive && credDef) this.walk(this.added(credDef, 'indy', record.max_cred_num));
    }
    return { rev_reg_ids: records.map((r) => r.revoc_reg_id) };
  }

  /**
   * POST /anoncreds/revocation/active-registry/{cred_def_id}/rotate (anoncreds/revocation/revocation.py
   * decommission_registry): a new backup registry is created and registered at once, the old backup
   * becomes the active one, and every other registry the agent lists is decommissioned. The answer names
   * every listed registry, those kept included. No active or no backup registry: an unhandled error (500).
   */
  rotateAnoncreds(credDefId: string): { rev_reg_ids: string[] } {
    const usable = [...this.deps.store.registries.values()].filter((r) => r.cred_def_id === credDefId && anoncredsRegistryState(r) === 'finished');
    const active = usable.find((r) => r.active) ?? usable.find((r) => r.active === undefined);
    if (!active) throw agentError(500, 'Internal Server Error');
    const backup = usable.find((r) => r !== active && r.active !== true);
    const credDef = this.ledger.credDefs.find((d) => d.cred_def_id === credDefId);
    if (!backup || !credDef) throw agentError(500, 'Internal Server Error');
    const fresh = this.added(credDef, 'anoncreds', active.max_cred_num, 'posted');
    fresh.active = false;
    this.walk(fresh);
    backup.active = true;
    const listed = [...this.deps.store.registries.values()].filter((r) => r.cred_def_id === credDefId && anoncredsRegistryState(r) !== undefined);
    for (const r of listed) {
      if (r === backup || r === fresh) continue;
      r.active = false;
      r.state = 'decommissioned';
      r.updated_at = this.now();
    }
    return { rev_reg_ids: listed.map((r) => r.revoc_reg_id) };
  }

  /**
   * The registry gave out its last index. Legacy (revocation/indy.py handle_full_registry): saved as
   * full and a new registry set up, which becomes active; the other active one takes the next
   * credentials meanwhile. Anoncreds (revocation.py handle_full_registry_event): full, the backup
   * becomes the active one and a new backup is registered.
   */
  registryFull(registry: SandboxRegistry): void {
    const credDef = this.ledger.credDefs.find((d) => d.cred_def_id === registry.cred_def_id);
    registry.state = 'full';
    registry.updated_at = this.now();
    if (this.deps.store.wallet.type === 'askar') {
      this.saved(registry, 'indy');
      if (credDef) this.walk(this.added(credDef, 'indy', registry.max_cred_num));
      return;
    }
    registry.active = false;
    const backup = [...this.deps.store.registries.values()].find((r) => r.cred_def_id === registry.cred_def_id && r.state === 'active' && r.active === false);
    if (backup) backup.active = true;
    if (!credDef) return;
    const fresh = this.added(credDef, 'anoncreds', registry.max_cred_num, 'posted');
    fresh.active = false;
    this.walk(fresh);
  }

  /** BaseRecord.save → emit_event: the legacy record's webhook on creation and on each change of state. */
  private saved(registry: SandboxRegistry, kind: FormatKind): void {
    if (kind !== 'indy') return;
    this.deps.emit('revocation_registry', legacyRegistryRecord(registry, []));
  }

  /** messaging/valid.py IndyRevRegSize, strict: an integer in [4, 32768]. */
  static checkRegistrySize(value: unknown): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < REGISTRY_SIZE.min || value > REGISTRY_SIZE.max) {
      return `Value ${typeof value === 'string' ? value : JSON.stringify(value)} must be an integer between ${REGISTRY_SIZE.min} and ${REGISTRY_SIZE.max} inclusively`;
    }
    return undefined;
  }

  /** The ledger refuses what indy-credx refuses: no attributes, or more than 125. */
  static checkAttributes(attributes: string[]): void {
    if (attributes.length === 0) throw agentError(400, 'Error creating schema. Empty list of Schema attributes has been passed.');
    if (attributes.length > 125)
      throw agentError(400, `Error creating schema. The number of Schema attributes ${attributes.length} cannot be greater than 125.`);
  }
}
