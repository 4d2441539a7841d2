import { inferTemplateRules, templateAsks, type PresentationRequest, type TemplateRules } from '@credence/shared';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A template keeps relative rules beside its request ("at least 18 years old", "not revoked now"),
 * turned into numbers when the request is sent (decision 024). Templates saved before held only the
 * numbers of the day they were saved ("birthdate_dateint <= 20081127", "not revoked 27/11–27/11"), and
 * so asked for that day for ever: each kept version gets the rules its request meant, read from it
 * and the moment it was saved (`inferTemplateRules`: a fixed cut-off or a chosen window stays as it was).
 */
export const proofTemplateRules: Migration = {
  async up(db) {
    await sql`alter table proof_templates add column rules jsonb not null default '{}'::jsonb`.execute(db);
    await sql`alter table proof_template_versions add column rules jsonb not null default '{}'::jsonb`.execute(db);
    const versions = await sql<{ template_id: string; version: number; presentation_request: PresentationRequest; saved_at: Date | string }>`
      select template_id, version, presentation_request, saved_at from proof_template_versions`.execute(db);
    for (const row of versions.rows) {
      const rules = inferTemplateRules(row.presentation_request, new Date(row.saved_at));
      if (Object.keys(rules).length === 0) continue;
      await sql`update proof_template_versions set rules = ${JSON.stringify(rules)}::jsonb
        where template_id = ${row.template_id} and version = ${row.version}`.execute(db);
    }
    // A template as it is now is its current version.
    await sql`update proof_templates t set rules = v.rules from proof_template_versions v
      where v.template_id = t.id and v.version = t.version`.execute(db);
    const templates = await sql<{ id: string; presentation_request: PresentationRequest; rules: TemplateRules }>`
      select id, presentation_request, rules from proof_templates`.execute(db);
    for (const row of templates.rows)
      await sql`update proof_templates set asks = ${templateAsks(row.presentation_request, row.rules)} where id = ${row.id}`.execute(db);
  },
};
