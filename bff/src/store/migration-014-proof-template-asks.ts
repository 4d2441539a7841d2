import { templateAsks, type PresentationRequest } from '@credence/shared';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What each template asks for, in a line, kept beside it: the list of templates (and the pickers that
 * ask for every template's name) reads this line, never the requests, which may be 64 KB each.
 * Written on every save; the templates stored before get theirs here.
 */
export const proofTemplateAsks: Migration = {
  async up(db) {
    await sql`alter table proof_templates add column asks text not null default ''`.execute(db);
    const { rows } = await sql<{ id: string; presentation_request: PresentationRequest }>`select id, presentation_request from proof_templates`.execute(db);
    for (const row of rows) await sql`update proof_templates set asks = ${templateAsks(row.presentation_request)} where id = ${row.id}`.execute(db);
  },
};
