import { SOLE_TENANT } from '../tenancy/tenant.js';
import type { PresentationRequest } from '@credence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../problem.js';
import type { Store } from '../store/store.js';
import { testPgliteStore, testStore } from '../test/test-store.js';
import { ProofTemplates } from './proof-templates.js';

const request = (attribute: string): PresentationRequest => ({
  indy: { name: 'Proof of age', version: '1.0', requested_attributes: { '0_name_uuid': { name: attribute } }, requested_predicates: {} },
});

const page = { limit: 25, offset: 0 };

async function problemOf(promise: Promise<unknown>): Promise<ProblemError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProblemError);
  return error as ProblemError;
}

// The same suite on both stores an operator can run.
describe.each([
  ['postgres', () => testStore()],
  ['pglite', () => testPgliteStore()],
] as const)('proof templates on %s', (_kind, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  }, 60_000);
  afterAll(() => store?.close());

  it('keeps every version, refuses an edit of a stale one, and lists by name', async () => {
    let clock = Date.parse('2026-11-23T09:00:00Z');
    const templates = new ProofTemplates(store, SOLE_TENANT, () => new Date((clock += 60_000)));
    const made = await templates.create({ name: 'Zoo pass', description: 'At the gate', presentation_request: request('name') }, 'vera');
    expect(made).toMatchObject({ name: 'Zoo pass', description: 'At the gate', version: 1, created_by: 'vera', updated_by: 'vera' });
    const versionsOf = async (id: string) => (await templates.versions(id, page)).results.map((v) => [v.version, v.saved_by]);
    expect(await versionsOf(made.id)).toEqual([[1, 'vera']]);

    const edited = await templates.update(made.id, { version: 1, name: 'Zoo pass', presentation_request: request('full_name') }, 'walt');
    expect(edited).toMatchObject({ version: 2, description: null, created_by: 'vera', updated_by: 'walt' });
    expect(await versionsOf(made.id)).toEqual([
      [2, 'walt'],
      [1, 'vera'],
    ]);
    const attributeOf = async (version: number) =>
      (await templates.version(made.id, version)).presentation_request.indy!.requested_attributes['0_name_uuid']!.name;
    expect([await attributeOf(2), await attributeOf(1)]).toEqual(['full_name', 'name']);
    expect(Date.parse(edited.updated_at)).toBeGreaterThan(Date.parse(edited.created_at));

    // Someone still looking at version 1 saves: told, not silently overwriting walt's edit.
    const stale = await problemOf(templates.update(made.id, { version: 1, name: 'Zoo pass', presentation_request: request('x') }, 'vera'));
    expect(stale.problem).toMatchObject({ status: 409, errors: [{ path: 'body.version' }] });
    expect(stale.problem.detail).toMatch(/changed by walt .* now version 2/);
    expect((await templates.get(made.id)).version).toBe(2);

    await templates.create({ name: 'adult check', presentation_request: request('age') }, 'vera');
    expect((await templates.list(page)).results.map((t) => [t.name, t.asks, t.version])).toEqual([
      ['adult check', 'Age', 1],
      ['Zoo pass', 'Full name', 2],
    ]);
  });

  it('refuses a second live template of the same name in any case, and frees the name once deleted', async () => {
    const templates = new ProofTemplates(store, SOLE_TENANT);
    const first = await templates.create({ name: 'Library card', presentation_request: request('name') }, 'vera');
    const twin = await problemOf(templates.create({ name: 'library CARD', presentation_request: request('name') }, 'walt'));
    expect(twin.problem).toMatchObject({ status: 409, errors: [{ path: 'body.name' }] });
    const other = await templates.create({ name: 'Library card 2', presentation_request: request('name') }, 'vera');
    expect(
      (await problemOf(templates.update(other.id, { version: 1, name: 'Library Card', presentation_request: request('name') }, 'vera'))).problem.status,
    ).toBe(409);

    expect(await templates.remove(first.id, 'vera')).toEqual({ name: 'Library card', version: 1 });
    expect((await problemOf(templates.get(first.id))).problem.status).toBe(404);
    expect((await problemOf(templates.remove(first.id, 'vera'))).problem.status).toBe(404);
    expect((await problemOf(templates.update(first.id, { version: 1, name: 'x', presentation_request: request('name') }, 'vera'))).problem.status).toBe(404);
    expect((await templates.list(page)).results.map((t) => t.id)).not.toContain(first.id);
    // Marked, not erased: its history is still there for whoever looks at the database.
    const kept = await store.db.selectFrom('proof_template_versions').select('version').where('template_id', '=', first.id).execute();
    expect(kept).toHaveLength(1);
    await templates.create({ name: 'Library card', presentation_request: request('name') }, 'walt');
  });

  it('lets only one of two edits of the same version through', async () => {
    const templates = new ProofTemplates(store, SOLE_TENANT);
    const made = await templates.create({ name: 'Race', presentation_request: request('name') }, 'vera');
    const results = await Promise.allSettled(
      ['a', 'b', 'c'].map((who) => templates.update(made.id, { version: 1, name: 'Race', presentation_request: request(who) }, who)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await templates.versions(made.id, page)).total).toBe(2);
  });

  it('keeps a template’s newest versions: the save past the limit drops the oldest', async () => {
    const templates = new ProofTemplates(store, SOLE_TENANT, undefined, { versionsKept: 3 });
    const made = await templates.create({ name: 'Often edited', presentation_request: request('v1') }, 'vera');
    for (let v = 1; v <= 3; v++) await templates.update(made.id, { version: v, name: 'Often edited', presentation_request: request(`v${v + 1}`) }, 'walt');
    const kept = await templates.versions(made.id, page);
    expect([kept.total, kept.results.map((v) => v.version)]).toEqual([3, [4, 3, 2]]);
    const gone = await problemOf(templates.version(made.id, 1));
    expect([gone.problem.status, gone.problem.detail]).toEqual([404, 'Version 1 of this template is not kept: only its newest 3 versions are.']);
    expect((await templates.get(made.id)).presentation_request.indy!.requested_attributes['0_name_uuid']!.name).toBe('v4');
  });

  it('refuses a template past the most it keeps, and takes one again once one is deleted', async () => {
    // Room for two more than the other tests left.
    const most = (await new ProofTemplates(store, SOLE_TENANT).list(page)).total + 2;
    const templates = new ProofTemplates(store, SOLE_TENANT, undefined, { templates: most });
    const first = await templates.create({ name: 'One', presentation_request: request('name') }, 'vera');
    await templates.create({ name: 'Two', presentation_request: request('name') }, 'vera');
    const refused = await problemOf(templates.create({ name: 'Three', presentation_request: request('name') }, 'vera'));
    expect([refused.problem.status, refused.problem.detail]).toEqual([
      409,
      `There are already ${most} proof templates, the most the console keeps. Delete one that is no longer used, then save again.`,
    ]);
    await templates.remove(first.id, 'vera');
    await templates.create({ name: 'Three', presentation_request: request('name') }, 'vera');
    expect((await templates.list(page)).total).toBe(most);
  });
});
