import type { ProofTemplate, ProofTemplateList, ProofTemplateSummary, ProofTemplateVersion, ProofTemplateVersionList } from '@credence/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ProofTemplatesTable, ProofTemplateVersionsTable } from '../store/schema.js';
import type { TenantId } from '../tenancy/tenant.js';

export interface Page {
  limit: number;
  offset: number;
}

const live = (db: Kysely<Database>, tenant: TenantId) => db.selectFrom('proof_templates').where('tenant_id', '=', tenant).where('deleted_at', 'is', null);
const kept = (db: Kysely<Database>, tenant: TenantId, id: string) =>
  db.selectFrom('proof_template_versions').where('tenant_id', '=', tenant).where('template_id', '=', id);

export function toTemplate(row: Selectable<ProofTemplatesTable>): ProofTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    presentation_request: row.presentation_request,
    rules: row.rules,
    version: row.version,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

function toVersion(row: Selectable<ProofTemplateVersionsTable>): ProofTemplateVersion {
  return {
    version: row.version,
    name: row.name,
    description: row.description,
    presentation_request: row.presentation_request,
    rules: row.rules,
    saved_at: row.saved_at.toISOString(),
    saved_by: row.saved_by,
  };
}

/** A page of the live templates by name (any case), as summaries: the stored line of what each asks, never its request. */
export async function templatePage(db: Kysely<Database>, tenant: TenantId, page: Page): Promise<ProofTemplateList> {
  const rows = await live(db, tenant)
    .select(['id', 'name', 'description', 'asks', 'version', 'updated_at', 'updated_by'])
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const results = rows.map((row): ProofTemplateSummary => ({ ...row, updated_at: row.updated_at.toISOString() }));
  return { total: await liveTemplateCount(db, tenant), results };
}

/** How many live templates there are (against the cap on their number). */
export async function liveTemplateCount(db: Kysely<Database>, tenant: TenantId): Promise<number> {
  const { total } = await live(db, tenant)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** One live template as it is now; undefined when there is none with this id (or it was deleted). */
export async function templateOf(db: Kysely<Database>, tenant: TenantId, id: string): Promise<ProofTemplate | undefined> {
  const row = await live(db, tenant).selectAll().where('id', '=', id).executeTakeFirst();
  return row && toTemplate(row);
}

/** A page of a live template's versions, newest first, without their requests; undefined for no such template. */
export async function versionPage(db: Kysely<Database>, tenant: TenantId, id: string, page: Page): Promise<ProofTemplateVersionList | undefined> {
  const found = await live(db, tenant).select('id').where('id', '=', id).executeTakeFirst();
  if (!found) return undefined;
  const versions = kept(db, tenant, id);
  const results = await versions
    .select(['version', 'name', 'description', 'saved_at', 'saved_by'])
    .orderBy('version', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await versions.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  return { total: Number(total), results: results.map((v) => ({ ...v, saved_at: v.saved_at.toISOString() })) };
}

/** One kept version of a live template, its request included. */
export async function versionOf(db: Kysely<Database>, tenant: TenantId, id: string, version: number): Promise<ProofTemplateVersion | undefined> {
  const found = await live(db, tenant).select('id').where('id', '=', id).executeTakeFirst();
  if (!found) return undefined;
  const row = await kept(db, tenant, id).selectAll().where('version', '=', version).executeTakeFirst();
  return row && toVersion(row);
}
