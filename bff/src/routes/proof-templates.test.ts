import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

const proofOfAge = {
  indy: {
    name: 'Proof of age',
    version: '1.0',
    requested_attributes: { '0_name_uuid': { name: 'name', restrictions: [{ cred_def_id: 'WgWxqztrNooG92RXvxSTWv:3:CL:20:tag' }] } },
    requested_predicates: { '0_age_GE_uuid': { name: 'age', p_type: '>=', p_value: 18 } },
  },
};

interface Detail {
  id: string;
  name: string;
  version: number;
  versions: { version: number; saved_by: string }[];
}

describe('/api/proof-templates', () => {
  it('saves, lists, edits and deletes a template shared by verifiers and admins, each write in the audit log', async () => {
    const { send, cookieFor, calls } = await testBff();
    const verifier = await cookieFor('verifier');
    const admin = await cookieFor('admin');

    const created = await send(verifier, 'POST', '/api/proof-templates', {
      name: '  Proof of age  ',
      description: 'Bar entry',
      presentation_request: proofOfAge,
    });
    expect(created.status).toBe(201);
    const made = (await created.json()) as Detail;
    expect(made).toMatchObject({ name: 'Proof of age', version: 1, created_by: 'verifier', presentation_request: proofOfAge });

    // Shared: the admin sees the verifier's template and edits it.
    const list = (await (await send(admin, 'GET', '/api/proof-templates')).json()) as { results: Detail[] };
    expect(list.results.map((t) => t.name)).toEqual(['Proof of age']);
    const edited = await send(admin, 'PUT', `/api/proof-templates/${made.id}`, { version: 1, name: 'Proof of age', presentation_request: proofOfAge });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as Detail).versions.map((v) => [v.version, v.saved_by])).toEqual([
      [2, 'admin'],
      [1, 'verifier'],
    ]);

    const stale = await send(verifier, 'PUT', `/api/proof-templates/${made.id}`, { version: 1, name: 'Proof of age', presentation_request: proofOfAge });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('content-type')).toBe('application/problem+json');
    expect(((await stale.json()) as { detail: string }).detail).toMatch(/changed by admin/);

    const twin = await send(verifier, 'POST', '/api/proof-templates', { name: 'PROOF OF AGE', presentation_request: proofOfAge });
    expect(twin.status).toBe(409);
    expect(await twin.json()).toMatchObject({ errors: [{ path: 'body.name', message: 'A template with this name already exists' }] });

    expect((await send(verifier, 'DELETE', `/api/proof-templates/${made.id}`)).status).toBe(204);
    expect((await send(verifier, 'GET', `/api/proof-templates/${made.id}`)).status).toBe(404);
    expect((await send(verifier, 'DELETE', `/api/proof-templates/${made.id}`)).status).toBe(404);
    // Templates live in the console: nothing of this reached the agent.
    expect(calls).toEqual([]);

    const { entries } = (await (await send(admin, 'GET', '/api/audit?action=proof-templates')).json()) as {
      entries: { actor: string; action: string; target: Record<string, string>; status: number }[];
    };
    expect(entries.map((e) => [e.actor, e.action, e.status, e.target])).toEqual([
      ['verifier', 'DELETE /api/proof-templates/:id', 404, { id: made.id }],
      ['verifier', 'DELETE /api/proof-templates/:id', 204, { id: made.id, template_name: 'Proof of age', version: '2' }],
      ['verifier', 'POST /api/proof-templates', 409, {}],
      ['verifier', 'PUT /api/proof-templates/:id', 409, { id: made.id, template_name: 'Proof of age', from_version: '1' }],
      ['admin', 'PUT /api/proof-templates/:id', 200, { id: made.id, template_name: 'Proof of age', version: '2' }],
      ['verifier', 'POST /api/proof-templates', 201, { template_id: made.id, template_name: 'Proof of age', version: '1' }],
    ]);
  });

  it('refuses bad input with 400 naming the field, and issuers altogether', async () => {
    const { send, cookieFor } = await testBff();
    const verifier = await cookieFor('verifier');
    const bad = async (method: string, path: string, body: unknown) => {
      const res = await send(verifier, method, path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      return ((await res.json()) as { errors: { path: string }[] }).errors.map((e) => e.path);
    };
    expect(await bad('POST', '/api/proof-templates', { name: '   ', presentation_request: proofOfAge })).toEqual(['body.name']);
    expect(await bad('POST', '/api/proof-templates', { name: 'x'.repeat(101), presentation_request: proofOfAge })).toEqual(['body.name']);
    expect(await bad('POST', '/api/proof-templates', { name: 'No formats', presentation_request: {} })).toEqual(['body.presentation_request']);
    expect(await bad('POST', '/api/proof-templates', { name: 'Typo', presentation_request: proofOfAge, owner: 'me' })).toEqual(['body.owner']);
    expect(await bad('PUT', '/api/proof-templates/3fa85f64-5717-4562-b3fc-2c963f66afa6', { version: 0, name: 'x', presentation_request: proofOfAge })).toEqual([
      'body.version',
    ]);
    expect(await bad('GET', '/api/proof-templates/not-an-id', undefined)).toEqual(['path.id']);
    // Text the database cannot hold is the caller's mistake (400), never the server's (500).
    expect(await bad('POST', '/api/proof-templates', { name: 'Nul\u0000', presentation_request: proofOfAge })).toEqual(['body.name']);
    const broken = structuredClone(proofOfAge);
    broken.indy.requested_attributes['0_name_uuid'].name = 'half \ud800';
    expect(await bad('POST', '/api/proof-templates', { name: 'Broken', presentation_request: broken })).toEqual([
      'body.presentation_request.indy.requested_attributes.0_name_uuid.name',
    ]);

    const issuer = await cookieFor('issuer');
    expect((await send(issuer, 'GET', '/api/proof-templates')).status).toBe(403);
    expect((await send(issuer, 'POST', '/api/proof-templates', { name: 'x', presentation_request: proofOfAge })).status).toBe(403);
  });
});
