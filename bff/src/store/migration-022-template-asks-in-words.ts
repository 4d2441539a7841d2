import { templateAsks, type PresentationRequest, type TemplateRules } from '@credence/shared';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The line a template's list shows of what it asks is now said in words and labels ("Name; Born on or
 * before 27 November 2008", "at least 18 years old (from Birthdate)"), where it read the request's keys
 * ("name; birthdate_dateint <= 20081127"). The line is kept beside each template (migration 014), so the
 * templates saved before get theirs written again; the requests themselves are not touched.
 */
export const templateAsksInWords: Migration = {
  async up(db) {
    const templates = await sql<{ id: string; presentation_request: PresentationRequest; rules: TemplateRules }>`
      select id, presentation_request, rules from proof_templates`.execute(db);
    for (const row of templates.rows)
      await sql`update proof_templates set asks = ${templateAsks(row.presentation_request, row.rules)} where id = ${row.id}`.execute(db);
  },
};
