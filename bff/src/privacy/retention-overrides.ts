import type { RetentionOverride } from '@credence/shared';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';

/** One tenant's retention periods per credential definition, set by its admins on /definitions. */
export class RetentionOverrides {
  constructor(
    private readonly store: Store,
    private readonly tenant: TenantId,
  ) {}

  async list(): Promise<RetentionOverride[]> {
    const rows = await this.store.run((db) =>
      db.selectFrom('retention_overrides').selectAll().where('tenant_id', '=', this.tenant).orderBy('cred_def_id').execute(),
    );
    return rows.map((r) => ({ cred_def_id: r.cred_def_id, days: r.days, updated_at: r.updated_at.toISOString(), updated_by: r.updated_by }));
  }

  /** Sets a definition's period, or (`days` null) removes it so REGISTER_RETENTION_DAYS applies again. */
  async set(credDefId: string, days: number | null, by: string, at = new Date()): Promise<RetentionOverride | null> {
    if (days === null) {
      await this.store.run((db) => db.deleteFrom('retention_overrides').where('tenant_id', '=', this.tenant).where('cred_def_id', '=', credDefId).execute());
      return null;
    }
    await this.store.run((db) =>
      db
        .insertInto('retention_overrides')
        .values({ tenant_id: this.tenant, cred_def_id: credDefId, days, updated_at: at, updated_by: by })
        .onConflict((oc) => oc.columns(['tenant_id', 'cred_def_id']).doUpdateSet({ days, updated_at: at, updated_by: by }))
        .execute(),
    );
    return { cred_def_id: credDefId, days, updated_at: at.toISOString(), updated_by: by };
  }
}
