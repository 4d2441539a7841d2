import type { FilterKind } from '@credence/shared';
import { agentError, validationError } from './agent-errors.js';
import type { EngineDeps } from './credential-engine.js';
import { revRegIdFor } from './credential-records.js';
import type { SandboxCredDef } from './ledger.js';

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

interface Issued {
  credExId: string;
  connectionId: string | undefined;
}

const key = (rrid: string, crid: string) => `${rrid}::${crid}`;

/**
 * Revocation as the agent does it: a registry per revocable credential definition, revocations left
 * pending (`pending_pub`) until published, `issuer_cred_rev` webhooks when they are, and a
 * notification to the holder on publish when asked. Which interface serves the registries depends
 * on the wallet type: `/revocation/*` on askar, `/anoncreds/revocation/*` on askar-anoncreds.
 */
export class RevocationEngine {
  private readonly revoked = new Set<string>();
  private readonly pending = new Map<string, Map<string, RevokeRequest>>();
  readonly notifications: SentNotification[] = [];

  constructor(private readonly deps: EngineDeps) {}

  /** 403 unless this interface is the one the wallet type offers. */
  checkInterface(which: RevocationInterface): void {
    const anoncredsWallet = this.deps.store.wallet.type !== 'askar';
    if (which === 'legacy' && anoncredsWallet) throw agentError(403, 'Interface not supported for an anoncreds profile');
    if (which === 'anoncreds' && !anoncredsWallet) throw agentError(403, 'AnonCreds interface requires AskarAnonCreds or KanonAnonCreds profile');
  }

  registryIds(credDefId?: string): string[] {
    return [...this.registries()].filter(([, d]) => !credDefId || d.cred_def_id === credDefId).map(([id]) => id);
  }

  registry(revRegId: string) {
    const credDef = this.registries().get(revRegId);
    if (!credDef) throw agentError(404, `Record not found: revocation_registry/${revRegId}`);
    const kind: FilterKind = credDef.kind;
    return {
      result: {
        record_id: revRegId,
        revoc_reg_id: revRegId,
        cred_def_id: credDef.cred_def_id,
        issuer_did: credDef.issuer_id,
        revoc_def_type: 'CL_ACCUM',
        max_cred_num: 1000,
        state: 'active',
        tag: `${credDef.tag}-1`,
        tails_hash: 'H8Dmp8Xr9TQcPsj7f5FXGqNxE6xYwDQA1dX3pnoGZqRY',
        tails_local_path: `/home/aries/.indy_client/tails/${revRegId}/tails`,
        pending_pub: [...(this.pending.get(revRegId)?.keys() ?? [])],
        format: kind,
      },
    };
  }

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
      const detail = this.deps.store.credentials.get(body.cred_ex_id!);
      const sub = detail?.indy ?? detail?.anoncreds;
      if (!detail || detail.cred_ex_record.role !== 'issuer' || !sub?.rev_reg_id || !sub.cred_rev_id) {
        throw agentError(400, `No issuer credential revocation record found for cred_ex_id ${body.cred_ex_id}`);
      }
      revRegId = sub.rev_reg_id;
      credRevId = sub.cred_rev_id;
    } else {
      if (!body.rev_reg_id || !body.cred_rev_id) throw validationError('json', { _schema: ['Request must have either cred_ex_id or both rev_reg_id and cred_rev_id'] });
      revRegId = body.rev_reg_id;
      credRevId = body.cred_rev_id;
      if (!this.issuedIn(revRegId).has(credRevId)) throw agentError(400, `No issuer credential revocation record found for rev_reg_id ${revRegId}, cred_rev_id ${credRevId}`);
    }
    if (this.revoked.has(key(revRegId, credRevId))) throw agentError(400, `Credential ${credRevId} of ${revRegId} is already revoked`);
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
      const issued = this.issuedIn(revRegId);
      const credDef = this.registries().get(revRegId);
      for (const credRevId of chosen) {
        const request = entries.get(credRevId)!;
        entries.delete(credRevId);
        this.revoked.add(key(revRegId, credRevId));
        const credExId = issued.get(credRevId)?.credExId;
        this.deps.emit('issuer_cred_rev', {
          record_id: `${revRegId}::${credRevId}`,
          state: 'revoked',
          ...(credExId && { cred_ex_id: credExId }),
          rev_reg_id: revRegId,
          cred_def_id: credDef?.cred_def_id,
          cred_rev_id: credRevId,
          cred_ex_version: '2',
        });
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

  isRevoked(revRegId: string, credRevId: string): boolean {
    return this.revoked.has(key(revRegId, credRevId));
  }

  /** One registry per revocable credential definition of ours. */
  private registries(): Map<string, SandboxCredDef> {
    return new Map(this.deps.store.ledger.credDefs.filter((d) => d.issuedBy === 'self' && d.revocable).map((d) => [revRegIdFor(d, 1), d]));
  }

  private issuedIn(revRegId: string): Map<string, Issued> {
    const issued = new Map<string, Issued>();
    for (const detail of this.deps.store.credentials.values()) {
      const sub = detail.indy ?? detail.anoncreds;
      if (detail.cred_ex_record.role === 'issuer' && sub?.rev_reg_id === revRegId && sub.cred_rev_id) {
        issued.set(sub.cred_rev_id, { credExId: detail.cred_ex_record.cred_ex_id, connectionId: detail.cred_ex_record.connection_id });
      }
    }
    return issued;
  }
}
