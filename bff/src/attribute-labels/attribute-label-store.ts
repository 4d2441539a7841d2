import type { AttributeLabel, DefinitionLabels, DefinitionLabelsBody } from '@credence/shared';
import { ProblemError } from '../problem.js';
import type { Store } from '../store/store.js';
import { perTenant, type PerTenant, type TenantId } from '../tenancy/tenant.js';

/** The most definitions the console keeps labels for: far more than an agent issues, small enough to answer whole. */
export const MAX_LABELLED_DEFINITIONS = 2_000;

/**
 * Attribute labels per credential definition, in the console's store (migration 017). Every signed-in
 * role reads them all at once (a few per definition); an admin sets one definition's at a time.
 * Labels left empty with the kind the name already implies are not kept: the derived label stands.
 */
export class AttributeLabelStore {
  /** The only way to reach the labels: one tenant's at a time. */
  static of(store: Store): PerTenant<AttributeLabelStore> {
    return perTenant((tenant) => new AttributeLabelStore(store, tenant));
  }

  private constructor(
    private readonly store: Store,
    private readonly tenant: TenantId,
  ) {}

  private rows() {
    return this.store.db.selectFrom('attribute_labels').where('tenant_id', '=', this.tenant);
  }

  async list(): Promise<DefinitionLabels[]> {
    const rows = await this.rows().selectAll().orderBy('cred_def_id').limit(MAX_LABELLED_DEFINITIONS).execute();
    return rows.map((r) => ({
      cred_def_id: r.cred_def_id,
      attributes: r.attributes,
      source: r.source === 'oca' ? 'oca' : 'manual',
      updated_at: r.updated_at.toISOString(),
      updated_by: r.updated_by,
    }));
  }

  async set(body: DefinitionLabelsBody, by: string, at = new Date()): Promise<DefinitionLabels> {
    const credDefId = body.cred_def_id;
    const source = body.source ?? 'manual';
    const known = await this.rows().select('cred_def_id').where('cred_def_id', '=', credDefId).executeTakeFirst();
    if (!known) {
      const { n } = await this.store.db
        .selectFrom('attribute_labels')
        .where('tenant_id', '=', this.tenant)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_LABELLED_DEFINITIONS)
        throw new ProblemError(409, `Labels are kept for at most ${MAX_LABELLED_DEFINITIONS.toLocaleString('en')} credential definitions.`, {
          code: 'labels.tooMany',
          params: { max: MAX_LABELLED_DEFINITIONS },
        });
    }
    const attributes: AttributeLabel[] = body.attributes.map((a) => ({ name: a.name, label: a.label.trim(), kind: a.kind }));
    const json = JSON.stringify(attributes);
    await this.store.db
      .insertInto('attribute_labels')
      .values({ tenant_id: this.tenant, cred_def_id: credDefId, attributes: json, source: source, updated_at: at, updated_by: by })
      .onConflict((oc) => oc.columns(['tenant_id', 'cred_def_id']).doUpdateSet({ attributes: json, source: source, updated_at: at, updated_by: by }))
      .execute();
    return { cred_def_id: credDefId, attributes, source: source, updated_at: at.toISOString(), updated_by: by };
  }
}
