import { createHash } from 'node:crypto';
import { agentError, validationError } from './agent-errors.js';
import type { EngineDeps } from './engine-support.js';
import { agentTimestamp } from './random.js';
import { anoncredsRegistryRecord, anoncredsRegistryState, legacyRegistryRecord, type SandboxRegistry } from './registries.js';

export interface RevocationDeps extends EngineDeps {
  /** After a publish: the agent moves a still-kept v2.0 exchange of the credential to credential-revoked. */
  onPublished?: (credExId: string) => void;
}

/** An accumulator value that looks like the agent's (`21 <hex> 21 <hex> …`), derived from the revoked set. */
function accumulator(revRegId: string, revoked: number[]): string {
  const hex = (label: string) =>
    createHash('sha256')
      .update(`${revRegId}|${revoked.join(',')}|${label}`)
      .digest('hex')
      .toUpperCase();
  return `21 ${hex('a')}${hex('b').slice(0, 1)} 21 ${hex('c')}${hex('d').slice(0, 1)} 6 ${hex('e')} 4 ${hex('f')} 6 ${hex('g')} 4 ${hex('h')}`;
}

export type RevocationInterface = 'legacy' | 'anoncreds';

export interface RevokeRequest {
  cred_ex_id?: string;
  rev_reg_id?: string;
  cred_rev_id?: string;
  publish?: boolean;
  notify?: boolean;
  connection_id?: string;
  notify_version?: string;
  thread_id?: string;
  comment?: string;
}

export interface SentNotification {
  connection_id: string;
  thread_id: string;
  comment: string | undefined;
  notify_version: string;
}

export class RevocationEngine {
  private readonly pending = new Map<string, Map<string, RevokeRequest>>();
  readonly notifications: SentNotification[] = [];

  constructor(private readonly deps: RevocationDeps) {}

  /** 403 unless this interface is the one the wallet type offers. */
  checkInterface(which: RevocationInterface): void {
    const anoncredsWallet = this.deps.store.wallet.type !== 'askar';
    if (which === 'legacy' && anoncredsWallet) throw agentError(403, 'Interface not supported for an anoncreds profile');
    if (which === 'anoncreds' && !anoncredsWallet) throw agentError(403, 'AnonCreds interface requires AskarAnonCreds or KanonAnonCreds profile');
  }

  /**
   * The registries `…/registries/created` (legacy: every record, by state) or `/anoncreds/revocation/registries`
   * (anoncreds: the stored definitions, by their state) list, in storage order.
   */
  registryIds(credDefId?: string, state?: string, which: RevocationInterface = 'legacy'): string[] {
    return [...this.deps.store.registries.values()]
      .filter((r) => !credDefId || r.cred_def_id === credDefId)
      .filter((r) => (which === 'anoncreds' ? anoncredsRegistryState(r) !== undefined : true))
      .filter((r) => state === undefined || (which === 'anoncreds' ? anoncredsRegistryState(r) : r.state) === state)
      .map((r) => r.revoc_reg_id);
  }

  /**
   * GET …/registry/{id}: the legacy interface reads the stored IssuerRevRegRecord; the anoncreds one
   * builds the answer on each call from the registry definition.
   */
  registry(revRegId: string, which: RevocationInterface = 'legacy') {
    const record = this.deps.store.registries.get(revRegId);
    if (!record || (which === 'anoncreds' && anoncredsRegistryState(record) === undefined)) {
      throw agentError(404, which === 'legacy' ? `Record not found: revocation_registry/${revRegId}` : `Rev reg def with id ${revRegId} not found`);
    }
    const pending = [...(this.pending.get(revRegId)?.keys() ?? [])].sort((a, b) => Number(a) - Number(b));
    return { result: which === 'anoncreds' ? anoncredsRegistryRecord(record, pending, this.deps.rng.uuid()) : legacyRegistryRecord(record, pending) };
  }

  /**
   * GET …/registry/{id}/issued/details: every IssuerCredRevRecord of the registry, in storage order,
   * as the list itself (revocation/routes.py and anoncreds/routes/revocation/registry/routes.py
   * get_rev_reg_issued: `web.json_response(results)`, not the `{results}` the OpenAPI names), unpaged.
   */
  issuedDetails(revRegId: string, which: RevocationInterface) {
    this.checkInterface(which);
    if (!this.registries().has(revRegId)) {
      throw agentError(
        404,
        which === 'legacy' ? `IssuerRevRegRecord record not found for {'revoc_reg_id': '${revRegId}'}` : `Rev reg def with id ${revRegId} not found`,
      );
    }
    return [...this.deps.store.issuerCredRevs.values()].filter((r) => r.rev_reg_id === revRegId).map((r) => ({ ...r }));
  }

  /**
   * GET …/registry/{id}/issued (get_rev_reg_issued_count): the registry's record, in any state (legacy) or
   * its stored definition (anoncreds), else 404; then the number of its IssuerCredRevRecords.
   */
  issuedCount(revRegId: string, which: RevocationInterface): { result: number } {
    this.checkInterface(which);
    const registry = this.deps.store.registries.get(revRegId);
    if (!registry || (which === 'anoncreds' && anoncredsRegistryState(registry) === undefined)) {
      throw agentError(
        404,
        which === 'legacy' ? `IssuerRevRegRecord record not found for {'revoc_reg_id': '${revRegId}'}` : `Rev reg def with id ${revRegId} not found`,
      );
    }
    return { result: [...this.deps.store.issuerCredRevs.values()].filter((r) => r.rev_reg_id === revRegId).length };
  }

  /**
   * Finds the credential by its revocation record, which outlives the exchange record
   * (revocation/manager.py revoke_credential_by_cred_ex_id → IssuerCredRevRecord.retrieve_by_cred_ex_id).
   */
  revoke(which: RevocationInterface, body: RevokeRequest): Record<string, never> {
    this.checkInterface(which);
    const byExchange = body.cred_ex_id !== undefined;
    if (byExchange === (body.rev_reg_id !== undefined || body.cred_rev_id !== undefined)) {
      throw validationError('json', { _schema: ['Request must have either cred_ex_id or both rev_reg_id and cred_rev_id'] });
    }
    if (body.notify && !body.connection_id) throw validationError('json', { connection_id: ['Request must specify connection_id if notify is true'] });
    let revRegId: string;
    let credRevId: string;
    if (byExchange) {
      const record = this.deps.store.credRevBy({ cred_ex_id: body.cred_ex_id! });
      if (!record) {
        throw agentError(
          400,
          `No issuer credential revocation record found for credential exchange id ${body.cred_ex_id}. IssuerCredRevRecord record not found for {'cred_ex_id': '${body.cred_ex_id}'}.`,
        );
      }
      revRegId = record.rev_reg_id;
      credRevId = record.cred_rev_id;
    } else {
      if (!body.rev_reg_id || !body.cred_rev_id)
        throw validationError('json', { _schema: ['Request must have either cred_ex_id or both rev_reg_id and cred_rev_id'] });
      revRegId = body.rev_reg_id;
      credRevId = body.cred_rev_id;
      if (!this.registries().has(revRegId)) {
        throw agentError(
          400,
          which === 'legacy'
            ? `IssuerRevRegRecord record not found for {'revoc_reg_id': '${revRegId}'}.`
            : `No revocation registry record found for id: ${revRegId}.`,
        );
      }
      // The agent does not look for a revocation record on this path: an index it never issued is
      // simply marked pending (revocation/manager.py revoke_credential).
    }
    if (this.isRevoked(revRegId, credRevId)) throw agentError(400, `Credential ${credRevId} of ${revRegId} is already revoked`);
    const entries = this.pending.get(revRegId) ?? new Map<string, RevokeRequest>();
    entries.set(credRevId, body);
    this.pending.set(revRegId, entries);
    if (body.publish) this.publishEntries({ [revRegId]: [credRevId] });
    return {};
  }

  /** `{}` or no map: every pending revocation; `{rrid: []}`: all pending in that registry. */
  publish(which: RevocationInterface, rrid2crid: Record<string, (string | number)[]> | undefined): { rrid2crid: Record<string, string[]> } {
    this.checkInterface(which);
    const wanted = rrid2crid && Object.keys(rrid2crid).length > 0 ? rrid2crid : Object.fromEntries([...this.pending.keys()].map((id) => [id, []]));
    return { rrid2crid: this.publishEntries(Object.fromEntries(Object.entries(wanted).map(([id, ids]) => [id, ids.map(String)]))) };
  }

  private publishEntries(wanted: Record<string, string[]>): Record<string, string[]> {
    const published: Record<string, string[]> = {};
    for (const [revRegId, ids] of Object.entries(wanted)) {
      const entries = this.pending.get(revRegId);
      if (!entries) continue;
      const chosen = ids.length > 0 ? ids.filter((id) => entries.has(id)) : [...entries.keys()];
      for (const credRevId of chosen) {
        const request = entries.get(credRevId)!;
        entries.delete(credRevId);
        this.deps.store.registries.get(revRegId)?.ledgerRevoked.add(credRevId);
        const record = this.deps.store.credRevBy({ rev_reg_id: revRegId, cred_rev_id: credRevId });
        if (record) {
          // manager.py set_cred_revoked_state: the record is saved as revoked (its webhook).
          record.state = 'revoked';
          record.updated_at = agentTimestamp((this.deps.now ?? Date.now)());
          this.deps.emit('issuer_cred_rev', { ...record });
          this.deps.onPublished?.(record.cred_ex_id);
        }
        if (request.notify && request.connection_id) {
          this.notifications.push({
            connection_id: request.connection_id,
            thread_id: request.thread_id ?? `indy::${revRegId}::${credRevId}`,
            comment: request.comment,
            notify_version: request.notify_version ?? 'v1_0',
          });
        }
      }
      if (entries.size === 0) this.pending.delete(revRegId);
      if (chosen.length > 0) published[revRegId] = chosen;
    }
    return published;
  }

  /**
   * PUT /revocation/registry/{id}/fix-revocation-entry-state (issuer_rev_reg_record.py fix_ledger_entry):
   * the ledger's delta of the registry; when the wallet holds revocations the ledger lacks, the
   * accumulator update that adds them (`accum_calculated`) and, if applied, the ledger's answer to it
   * (`accum_fixed`). Nothing to fix: both `{}`.
   */
  fixEntryState(revRegId: string, apply: boolean) {
    this.checkInterface('legacy');
    const registry = this.deps.store.registries.get(revRegId);
    if (!registry) throw agentError(404, `IssuerRevRegRecord record not found for {'revoc_reg_id': '${revRegId}'}`);
    const ledgerRevoked = [...registry.ledgerRevoked].map(Number).sort((a, b) => a - b);
    const walletRevoked = [...this.deps.store.issuerCredRevs.values()]
      .filter((r) => r.rev_reg_id === revRegId && r.state === 'revoked')
      .map((r) => Number(r.cred_rev_id));
    const missing = walletRevoked.filter((id) => !registry.ledgerRevoked.has(String(id))).sort((a, b) => a - b);
    const accum = accumulator(revRegId, ledgerRevoked);
    const delta = { ver: '1.0', value: { accum, issued: [], revoked: ledgerRevoked } };
    if (missing.length === 0) return { rev_reg_delta: delta, accum_calculated: {}, accum_fixed: {} };
    const fixed = [...ledgerRevoked, ...missing].sort((a, b) => a - b);
    // indy_credx RevocationRegistryDelta.to_json(): only the indexes newly revoked.
    const calculated = { ver: '1.0', value: { prevAccum: accum, accum: accumulator(revRegId, fixed), revoked: missing } };
    if (!apply) return { rev_reg_delta: delta, accum_calculated: calculated, accum_fixed: {} };
    for (const id of missing) registry.ledgerRevoked.add(String(id));
    const txnTime = Math.floor((this.deps.now ?? Date.now)() / 1000);
    // indy_vdr.py send_revoc_reg_entry: the ledger's `result` of the REVOC_REG_ENTRY write.
    const accumFixed = {
      txn: {
        type: '114',
        data: { revocDefType: 'CL_ACCUM', revocRegDefId: revRegId, value: calculated.value },
        metadata: { from: registry.issuer_did, reqId: txnTime * 1000, digest: accumulator(revRegId, [txnTime]).slice(3, 67) },
        protocolVersion: 2,
      },
      txnMetadata: { txnTime, seqNo: 1000 + fixed.length, txnId: `5:${revRegId}` },
      ver: '1',
    };
    return { rev_reg_delta: delta, accum_calculated: calculated, accum_fixed: accumFixed };
  }

  /**
   * PUT /anoncreds/revocation/registry/{id}/fix-revocation-entry-state: ACA-Py 1.6.1 finds the
   * registry definition and its revocation list, then refuses (anoncreds/revocation/manager.py
   * update_rev_reg_revoked_state raises for every registry; the anoncreds wallet repairs the ledger
   * entry itself when a publish fails on a stale accumulator).
   */
  fixEntryStateAnoncreds(revRegId: string): never {
    this.checkInterface('anoncreds');
    const registry = this.deps.store.registries.get(revRegId);
    if (!registry || anoncredsRegistryState(registry) === undefined) throw agentError(404, `Rev reg def with id ${revRegId} not found`);
    throw agentError(400, `Indy registry does not support revocation registry identified by ${revRegId}`);
  }

  isRevoked(revRegId: string, credRevId: string): boolean {
    return this.deps.store.credRevBy({ rev_reg_id: revRegId, cred_rev_id: credRevId })?.state === 'revoked';
  }

  /** The registries an issued credential can be in: those past init. */
  private registries(): Map<string, SandboxRegistry> {
    return new Map([...this.deps.store.registries].filter(([, r]) => r.state !== 'init'));
  }
}
