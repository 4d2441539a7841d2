import {
  registerCredentialExportQuerySchema,
  registerExchangeExportQuerySchema,
  registerKinds,
  type ErasureAnswer,
  type ErasureBody,
  type ErasureCounts,
} from '@credence/shared';
import type { AuditLog } from '../audit/audit-log.js';
import type { RegisterStore } from '../register/register-store.js';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';
import { auditEntriesNaming, eraseRecords, exchangeKey, noTargets, type ErasureTargets } from './erasure-writes.js';

/** Who is erased: their connection, or a search as /issued takes it. */
export type ErasureSelection = Pick<ErasureBody, 'connection_id' | 'q'>;

/**
 * One tenant's erasure of a person's personal data on request (decision 039): the person is found as the register's
 * lists find them (the same searches and filters), so once erased those lists and exports no longer show them.
 * The agent's own records are not touched.
 */
export class PersonalErasure {
  constructor(
    private readonly store: Store,
    private readonly tenant: TenantId,
    private readonly register: RegisterStore,
    private readonly audit: AuditLog,
  ) {}

  /** The records still holding the person's data, and the names the register knew them by. */
  private async find(by: ErasureSelection): Promise<{ targets: ErasureTargets; names: string[] }> {
    const targets = noTargets();
    const names = new Set<string>();
    const filter = by.connection_id !== undefined ? { connection_id: by.connection_id } : { q: by.q };
    if (by.connection_id !== undefined) targets.connections.add(by.connection_id);
    for (const kind of registerKinds) {
      for await (const page of this.register.exportExchanges(registerExchangeExportQuerySchema.parse({ kind, ...filter }))) {
        for (const e of page) {
          if (e.values_erased) continue;
          targets.exchanges.set(exchangeKey(e.kind, e.exchange_id), null);
          if (e.kind === 'credential') targets.credentials.set(e.exchange_id, null);
          if (e.connection_label) names.add(e.connection_label);
        }
      }
    }
    for await (const page of this.register.exportCredentials(registerCredentialExportQuerySchema.parse(filter))) {
      for (const c of page) {
        if (c.values_erased) continue;
        targets.credentials.set(c.cred_ex_id, null);
        targets.exchanges.set(exchangeKey('credential', c.cred_ex_id), null);
        if (c.holder_label) names.add(c.holder_label);
      }
    }
    return { targets, names: [...names].sort((a, b) => a.localeCompare(b)) };
  }

  /** What an erasure would take (`dryRun`), or takes: the counts of records by kind, and the names they held. */
  async erase(by: ErasureSelection, { dryRun, at = new Date() }: { dryRun: boolean; at?: Date }): Promise<ErasureAnswer> {
    const { targets, names } = await this.find(by);
    const auditIds = await this.store.run((db) => auditEntriesNaming(db, this.tenant, targets, names));
    if (dryRun) {
      const counts = await this.store
        .run((db) =>
          db.transaction().execute(async (trx) => {
            // Counted by the statements that erase, then rolled back: the preview cannot differ from the erasure.
            throw new Rollback(await eraseRecords(trx, this.tenant, targets, { at, reason: 'request' }));
          }),
        )
        .catch((error: unknown) => {
          if (error instanceof Rollback) return error.counts;
          throw error;
        });
      return {
        dry_run: true,
        counts: { ...counts, audit_entries: auditIds.length },
        names,
        erased_at: null,
      };
    }
    const counts = await this.store.run((db) => db.transaction().execute((trx) => eraseRecords(trx, this.tenant, targets, { at, reason: 'request' })));
    const audit_entries = await this.audit.blankPersonalDetails(auditIds, at);
    return { dry_run: false, counts: { ...counts, audit_entries }, names, erased_at: at.toISOString() };
  }
}

class Rollback extends Error {
  constructor(readonly counts: Omit<ErasureCounts, 'audit_entries'>) {
    super('preview only');
  }
}
