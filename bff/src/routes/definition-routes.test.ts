import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

type Json = Record<string, any>;

describe('schema and credential definition routes through the BFF', () => {
  it('lets an admin create a schema and a revocable definition; the audit log says so in business terms', async () => {
    const bff = await testBff();
    const admin = await bff.cookieFor('admin');
    const schema = await bff.send(admin, 'POST', '/api/schemas', { schema_name: 'Staff card', schema_version: '1.0', attributes: ['name', 'staff_no'] });
    expect(schema.status).toBe(200);
    const { schema_id: schemaId } = (await schema.json()) as Json;
    const credDef = await bff.send(admin, 'POST', '/api/credential-definitions', {
      schema_id: schemaId,
      tag: 'default',
      support_revocation: true,
      revocation_registry_size: 200,
      wait_for_revocation_setup: false,
    });
    expect(credDef.status).toBe(200);
    const duplicate = await bff.send(admin, 'POST', '/api/schemas', { schema_name: 'Staff card', schema_version: '1.0', attributes: ['name'] });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toMatchObject({ detail: 'Schema Staff card 1.0 already exists' });
    const { entries } = (await (await bff.send(admin, 'GET', '/api/audit?limit=10')).json()) as { entries: { summary: string }[] };
    expect(entries.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        'created schema Staff card 1.0 (name, staff_no)',
        'created the revocable credential definition “default” of Staff card 1.0 (registries of 200)',
        'tried to create schema Staff card 1.0',
      ]),
    );
  });

  it('refuses bad input with the field named, forwarding nothing', async () => {
    const bff = await testBff();
    const admin = await bff.cookieFor('admin');
    const res = await bff.send(admin, 'POST', '/api/schemas', { schema_name: 'A:B', schema_version: 'one', attributes: ['name', 'Name', ''] });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { errors: { path: string }[] };
    expect(problem.errors.map((e) => e.path).sort()).toEqual(['body.attributes.1', 'body.attributes.2', 'body.schema_name', 'body.schema_version']);
    const size = await bff.send(admin, 'POST', '/api/credential-definitions', {
      schema_id: 'x',
      tag: 'default',
      support_revocation: true,
      revocation_registry_size: 3,
      wait_for_revocation_setup: false,
    });
    expect(size.status).toBe(400);
    expect(bff.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('lets an issuer read the schemas and registries but write nothing; a verifier neither', async () => {
    const bff = await testBff();
    const issuer = await bff.cookieFor('issuer');
    const verifier = await bff.cookieFor('verifier');
    expect((await bff.send(issuer, 'GET', '/api/schemas/created')).status).toBe(200);
    const registries = (await (await bff.send(issuer, 'GET', '/api/revocation/registries/created?state=active')).json()) as Json;
    expect(registries.rev_reg_ids.length).toBeGreaterThan(0);
    expect((await bff.send(issuer, 'GET', `/api/revocation/registry/${encodeURIComponent(registries.rev_reg_ids[0])}`)).status).toBe(200);
    const body = { schema_name: 'Staff card', schema_version: '1.0', attributes: ['name'] };
    expect((await bff.send(issuer, 'POST', '/api/schemas', body)).status).toBe(403);
    expect((await bff.send(verifier, 'POST', '/api/schemas', body)).status).toBe(403);
    expect((await bff.send(verifier, 'GET', '/api/schemas/created')).status).toBe(403);
    expect((await bff.send(verifier, 'GET', '/api/revocation/registries/created')).status).toBe(403);
    expect((await bff.send(issuer, 'GET', '/api/wallet/did/public')).status).toBe(403);
  });
});
