import { SOLE_TENANT } from '../tenancy/tenant.js';
import type { PresentationRequest } from '@credence/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../store/migrations.js';
import type { Store } from '../store/store.js';
import { testPgliteStore, testStore } from '../test/test-store.js';
import { ProofTemplates } from './proof-templates.js';

/** An age check as the builder saved it on 27 November 2026, before templates kept rules: the numbers of that day. */
const ageCheck: PresentationRequest = {
  indy: {
    name: 'Age check',
    version: '1.0',
    requested_attributes: { '0_name_uuid': { name: 'name' } },
    requested_predicates: { '0_birthdate_dateint_LE_uuid': { name: 'birthdate_dateint', p_type: '<=', p_value: 20081127 } },
    non_revoked: { from: Date.parse('2026-11-27T00:00:00Z') / 1000, to: Date.parse('2026-11-27T23:59:59Z') / 1000 },
  },
};
const rules = { ages: [{ referent: '0_birthdate_dateint_LE_uuid', years: 18 }], not_revoked_now: true };
const page = { limit: 25, offset: 0 };

describe.each([
  ['postgres', () => testStore()],
  ['pglite', () => testPgliteStore()],
] as const)('proof templates’ relative rules on %s', (_kind, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  }, 60_000);
  afterAll(() => store?.close());

  it('keeps a template’s rules with each version, and says them in the list', async () => {
    const templates = new ProofTemplates(store, SOLE_TENANT);
    const made = await templates.create({ name: 'Over 18', presentation_request: ageCheck, rules }, 'vera');
    expect(made.rules).toEqual(rules);
    const edited = await templates.update(made.id, { version: 1, name: 'Over 18', presentation_request: ageCheck }, 'walt');
    expect(edited.rules).toEqual({});
    expect((await templates.version(made.id, 1)).rules).toEqual(rules);
    expect((await templates.version(made.id, 2)).rules).toEqual({});
    await templates.update(made.id, { version: 2, name: 'Over 18', presentation_request: ageCheck, rules }, 'walt');
    const listed = (await templates.list(page)).results.find((t) => t.id === made.id);
    expect(listed?.asks).toBe('Name; at least 18 years old (from Birthdate), not revoked now');
  });

  it('gives templates saved before rules the rules their request meant (migration 018), and leaves a fixed cut-off alone', async () => {
    const savedAt = new Date('2026-11-27T15:12:00Z');
    const templates = new ProofTemplates(store, SOLE_TENANT, () => savedAt);
    const age = await templates.create({ name: 'Age check (old)', presentation_request: ageCheck }, 'vera');
    const fixed = await new ProofTemplates(store, SOLE_TENANT, () => new Date('2026-12-15T09:00:00Z')).create(
      { name: 'Born before the cut-off', presentation_request: ageCheck },
      'vera',
    );
    // The store as it was before 018: no rules anywhere.
    await sql`alter table proof_templates drop column rules`.execute(store.db);
    await sql`alter table proof_template_versions drop column rules`.execute(store.db);
    await migrations['018-proof-template-rules']!.up(store.db);

    expect((await templates.get(age.id)).rules).toEqual(rules);
    expect((await templates.version(age.id, 1)).rules).toEqual(rules);
    expect((await templates.get(fixed.id)).rules).toEqual({});
    const asks = Object.fromEntries((await templates.list(page)).results.map((t) => [t.name, t.asks]));
    expect(asks['Age check (old)']).toBe('Name; at least 18 years old (from Birthdate), not revoked now');
    expect(asks['Born before the cut-off']).toBe('Name; Born on or before 27 November 2008');
  });

  it('writes again, in words, the line of templates saved when it read the request’s keys (migration 022)', async () => {
    const templates = new ProofTemplates(store, SOLE_TENANT, () => new Date('2026-12-15T09:00:00Z'));
    const made = await templates.create({ name: 'Said in keys', presentation_request: ageCheck }, 'vera');
    await sql`update proof_templates set asks = 'name; birthdate_dateint <= 20081127' where id = ${made.id}`.execute(store.db);
    await migrations['022-template-asks-in-words']!.up(store.db);
    const listed = (await templates.list(page)).results.find((t) => t.id === made.id);
    expect(listed?.asks).toBe('Name; Born on or before 27 November 2008');
    expect((await templates.get(made.id)).presentation_request).toEqual(ageCheck);
  });
});
