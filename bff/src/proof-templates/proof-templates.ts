import { randomUUID } from 'node:crypto';
import type { ProofTemplate, ProofTemplateCreateBody, ProofTemplateDetail, ProofTemplateUpdateBody, ProofTemplateVersion } from '@credence/shared';
import type { Kysely, Selectable } from 'kysely';
import { ProblemError } from '../problem.js';
import type { Database, ProofTemplatesTable, ProofTemplateVersionsTable } from '../store/schema.js';
import type { Store } from '../store/store.js';

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;

const nameTaken = (name: string) =>
  new ProblemError(409, `A template named “${name}” already exists. Choose another name.`, {
    title: 'Name in use',
    errors: [{ path: 'body.name', message: 'A template with this name already exists' }],
  });
const notFound = () => new ProblemError(404, 'There is no proof-request template with this id (it may have been deleted).');

function toTemplate(row: Selectable<ProofTemplatesTable>): ProofTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    presentation_request: row.presentation_request,
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
    saved_at: row.saved_at.toISOString(),
    saved_by: row.saved_by,
  };
}

const descriptionOf = (body: ProofTemplateCreateBody) => (body.description ? body.description : null);

/**
 * Proof-request templates in the store, shared by every verifier of every instance. An edit names the
 * version it started from and is refused when someone saved another since (no edit silently lost);
 * every version is kept; a delete marks the template, so its history stays and its name is free again.
 */
export class ProofTemplates {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Every live template, by name (any case). */
  async list(): Promise<ProofTemplate[]> {
    const rows = await this.store.run((db) =>
      db
        .selectFrom('proof_templates')
        .selectAll()
        .where('deleted_at', 'is', null)
        .orderBy((eb) => eb.fn('lower', ['name']))
        .orderBy('id')
        .execute(),
    );
    return rows.map(toTemplate);
  }

  async get(id: string): Promise<ProofTemplateDetail> {
    const detail = await this.store.run((db) => detailOf(db, id));
    if (!detail) throw notFound();
    return detail;
  }

  async create(body: ProofTemplateCreateBody, by: string): Promise<ProofTemplateDetail> {
    const id = randomUUID();
    const at = this.now();
    const request = JSON.stringify(body.presentation_request);
    try {
      return await this.store.run((db) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('proof_templates')
            .values({
              id,
              name: body.name,
              description: descriptionOf(body),
              presentation_request: request,
              version: 1,
              created_at: at,
              created_by: by,
              updated_at: at,
              updated_by: by,
            })
            .execute();
          await trx
            .insertInto('proof_template_versions')
            .values({
              template_id: id,
              version: 1,
              name: body.name,
              description: descriptionOf(body),
              presentation_request: request,
              saved_at: at,
              saved_by: by,
            })
            .execute();
          return (await detailOf(trx, id))!;
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(body.name);
      throw error;
    }
  }

  /** A new version, made from `body.version`: 404 for an unknown or deleted template, 409 when that is not the latest. */
  async update(id: string, body: ProofTemplateUpdateBody, by: string): Promise<ProofTemplateDetail> {
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
              version: eb('version', '+', 1),
              updated_at: at,
              updated_by: by,
            }))
            .where('id', '=', id)
            .where('version', '=', body.version)
            .where('deleted_at', 'is', null)
            .returning('version')
            .executeTakeFirst();
          if (!updated) {
            const current = await trx
              .selectFrom('proof_templates')
              .select(['version', 'updated_by'])
              .where('id', '=', id)
              .where('deleted_at', 'is', null)
              .executeTakeFirst();
            if (!current) throw notFound();
            throw new ProblemError(
              409,
              `This template was changed by ${current.updated_by} since you opened it (it is now version ${current.version}, you edited version ${body.version}). Open it again and redo your change.`,
              { title: 'Changed since you opened it', errors: [{ path: 'body.version', message: `Version ${current.version} is the latest` }] },
            );
          }
          await trx
            .insertInto('proof_template_versions')
            .values({
              template_id: id,
              version: updated.version,
              name: body.name,
              description: descriptionOf(body),
              presentation_request: request,
              saved_at: at,
              saved_by: by,
            })
            .execute();
          return (await detailOf(trx, id))!;
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
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning(['name', 'version'])
        .executeTakeFirst(),
    );
    if (!row) throw notFound();
    return row;
  }
}

async function detailOf(db: Kysely<Database>, id: string): Promise<ProofTemplateDetail | undefined> {
  const row = await db.selectFrom('proof_templates').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) return undefined;
  const versions = await db.selectFrom('proof_template_versions').selectAll().where('template_id', '=', id).orderBy('version', 'desc').execute();
  return { ...toTemplate(row), versions: versions.map(toVersion) };
}
