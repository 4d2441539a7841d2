import { randomUUID } from 'node:crypto';
import {
  TEMPLATE_MAX_COUNT,
  TEMPLATE_MAX_VERSIONS_KEPT,
  templateAsks,
  type ProofTemplate,
  type ProofTemplateCreateBody,
  type ProofTemplateList,
  type ProofTemplateUpdateBody,
  type ProofTemplateVersion,
  type ProofTemplateVersionList,
} from '@credence/shared';
import { sql, type Kysely } from 'kysely';
import { ProblemError } from '../problem.js';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';
import { liveTemplateCount, templateOf, templatePage, versionOf, versionPage, type Page } from './template-reads.js';

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;

const nameTaken = (name: string) =>
  new ProblemError(409, `A template named “${name}” already exists. Choose another name.`, {
    title: 'Name in use',
    code: 'template.nameInUse',
    params: { name },
    errors: [{ path: 'body.name', message: 'A template with this name already exists', code: 'field.nameInUse' }],
  });
const notFound = () => new ProblemError(404, 'There is no proof-request template with this id (it may have been deleted).', { code: 'template.notFound' });
const tooMany = (max: number) =>
  new ProblemError(
    409,
    `There are already ${max.toLocaleString('en')} proof templates, the most the console keeps. Delete one that is no longer used, then save again.`,
    {
      title: 'Too many templates',
      code: 'template.tooMany',
      params: { max },
    },
  );

const descriptionOf = (body: ProofTemplateCreateBody) => (body.description ? body.description : null);
/** The relative rules as stored: `{}` for none (decision 024). */
const rulesOf = (body: ProofTemplateCreateBody) => JSON.stringify(body.rules ?? {});

export interface TemplateLimits {
  /** Live templates, all of a tenant's verifiers together. */
  templates: number;
  /** Versions kept per template, the newest. */
  versionsKept: number;
}

/**
 * One tenant's proof-request templates in the store, shared by its verifiers on every instance. An edit names the
 * version it started from and is refused when someone saved another since (no edit silently lost).
 * The newest versions are kept, a bounded number of templates; a delete marks the template, so its
 * history stays and its name is free again.
 */
export class ProofTemplates {
  private readonly limits: TemplateLimits;

  constructor(
    private readonly store: Store,
    private readonly tenant: TenantId,
    private readonly now: () => Date = () => new Date(),
    limits: Partial<TemplateLimits> = {},
  ) {
    this.limits = { templates: TEMPLATE_MAX_COUNT, versionsKept: TEMPLATE_MAX_VERSIONS_KEPT, ...limits };
  }

  /** A page of the live templates, by name (any case): summaries, never their requests. */
  async list(page: Page): Promise<ProofTemplateList> {
    return this.store.run((db) => templatePage(db, this.tenant, page));
  }

  async get(id: string): Promise<ProofTemplate> {
    const template = await this.store.run((db) => templateOf(db, this.tenant, id));
    if (!template) throw notFound();
    return template;
  }

  /** A page of a template's kept versions, newest first, without their requests. */
  async versions(id: string, page: Page): Promise<ProofTemplateVersionList> {
    const versions = await this.store.run((db) => versionPage(db, this.tenant, id, page));
    if (!versions) throw notFound();
    return versions;
  }

  /** One kept version, its request included: 404 for an unknown template, or a version never saved or no longer kept. */
  async version(id: string, version: number): Promise<ProofTemplateVersion> {
    const found = await this.store.run((db) => versionOf(db, this.tenant, id, version));
    if (found) return found;
    await this.get(id);
    throw new ProblemError(404, `Version ${version} of this template is not kept: only its newest ${this.limits.versionsKept} versions are.`, {
      code: 'template.versionNotKept',
      params: { version, kept: this.limits.versionsKept },
    });
  }

  /** A new template: 409 when its name is in use, or when there are as many as the console keeps. */
  async create(body: ProofTemplateCreateBody, by: string): Promise<ProofTemplate> {
    const id = randomUUID();
    const at = this.now();
    const request = JSON.stringify(body.presentation_request);
    try {
      return await this.store.run((db) =>
        db.transaction().execute(async (trx) => {
          // One count at a time: two saves at the last free place cannot both take it.
          await sql`select pg_advisory_xact_lock(hashtext(${`credence.proof_templates.count.${this.tenant}`}))`.execute(trx);
          if ((await liveTemplateCount(trx, this.tenant)) >= this.limits.templates) throw tooMany(this.limits.templates);
          const saved = {
            name: body.name,
            description: descriptionOf(body),
            presentation_request: request,
            rules: rulesOf(body),
          };
          await trx
            .insertInto('proof_templates')
            .values({
              tenant_id: this.tenant,
              id,
              ...saved,
              asks: templateAsks(body.presentation_request, body.rules),
              version: 1,
              created_at: at,
              created_by: by,
              updated_at: at,
              updated_by: by,
            })
            .execute();
          await trx
            .insertInto('proof_template_versions')
            .values({ tenant_id: this.tenant, template_id: id, version: 1, ...saved, saved_at: at, saved_by: by })
            .execute();
          return (await templateOf(trx, this.tenant, id))!;
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(body.name);
      throw error;
    }
  }

  /** A new version, made from `body.version`: 404 for an unknown or deleted template, 409 when that is not the latest. */
  async update(id: string, body: ProofTemplateUpdateBody, by: string): Promise<ProofTemplate> {
    const at = this.now();
    const request = JSON.stringify(body.presentation_request);
    try {
      return await this.store.run((db) =>
        db.transaction().execute(async (trx) => {
          // Conditional on the version: of two people saving the same version, one wins and the other is told.
          const updated = await trx
            .updateTable('proof_templates')
            .set((eb) => ({
              name: body.name,
              description: descriptionOf(body),
              presentation_request: request,
              rules: rulesOf(body),
              asks: templateAsks(body.presentation_request, body.rules),
              version: eb('version', '+', 1),
              updated_at: at,
              updated_by: by,
            }))
            .where('tenant_id', '=', this.tenant)
            .where('id', '=', id)
            .where('version', '=', body.version)
            .where('deleted_at', 'is', null)
            .returning('version')
            .executeTakeFirst();
          if (!updated) throw await this.whyNotUpdated(trx, id, body.version);
          await trx
            .insertInto('proof_template_versions')
            .values({
              tenant_id: this.tenant,
              template_id: id,
              version: updated.version,
              name: body.name,
              description: descriptionOf(body),
              presentation_request: request,
              rules: rulesOf(body),
              saved_at: at,
              saved_by: by,
            })
            .execute();
          // The oldest version goes rather than the save being refused: a clerk changing a template in use
          // expects the save to work, and the oldest versions are the least likely to be wanted back
          // (every save, by whom and when, stays in the audit log).
          await trx
            .deleteFrom('proof_template_versions')
            .where('tenant_id', '=', this.tenant)
            .where('template_id', '=', id)
            .where('version', '<=', updated.version - this.limits.versionsKept)
            .execute();
          return (await templateOf(trx, this.tenant, id))!;
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(body.name);
      throw error;
    }
  }

  /** Marks it deleted (404 when there is no live template with this id); returns what it was, for the audit log. */
  async remove(id: string, by: string): Promise<{ name: string; version: number }> {
    const row = await this.store.run((db) =>
      db
        .updateTable('proof_templates')
        .set({ deleted_at: this.now(), deleted_by: by })
        .where('tenant_id', '=', this.tenant)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning(['name', 'version'])
        .executeTakeFirst(),
    );
    if (!row) throw notFound();
    return row;
  }

  private async whyNotUpdated(trx: Kysely<Database>, id: string, from: number): Promise<ProblemError> {
    const current = await trx
      .selectFrom('proof_templates')
      .select(['version', 'updated_by'])
      .where('tenant_id', '=', this.tenant)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!current) return notFound();
    return new ProblemError(
      409,
      `This template was changed by ${current.updated_by} since you opened it (it is now version ${current.version}, you edited version ${from}). Open it again and redo your change.`,
      {
        title: 'Changed since you opened it',
        code: 'template.changedSinceOpened',
        params: { person: current.updated_by, version: current.version, edited: from },
        errors: [
          { path: 'body.version', message: `Version ${current.version} is the latest`, code: 'field.latestVersion', params: { version: current.version } },
        ],
      },
    );
  }
}
