import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

const withoutRequestId = ({ request_id: _id, ...rest }: Record<string, string>) => rest;

const proofOfAge = {
  indy: {
    name: 'Proof of age',
    version: '1.0',
    requested_attributes: { '0_name_uuid': { name: 'name', restrictions: [{ cred_def_id: 'WgWxqztrNooG92RXvxSTWv:3:CL:20:tag' }] } },
    requested_predicates: { '0_age_GE_uuid': { name: 'age', p_type: '>=', p_value: 18 } },
  },
};

/** A request of about `kb` KB: restrictions of long values, as a probe sends them (each value at the schema's 500 characters). */
function requestOf(kb: number, seed = '') {
  const attributes: Record<string, unknown> = {};
  for (let i = 0; i * 10 < kb; i++)
    attributes[`${i}_a_uuid`] = { name: `a${i}`, restrictions: Array.from({ length: 20 }, (_, j) => ({ cred_def_id: `${seed}${i}-${j}-`.padEnd(480, 'x') })) };
  return { indy: { name: 'Large', version: '1.0', requested_attributes: attributes, requested_predicates: {} } };
}

interface Detail {
  id: string;
  name: string;
  version: number;
}
interface Page<T> {
  total: number;
  results: T[];
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
    const list = (await (await send(admin, 'GET', '/api/proof-templates')).json()) as Page<Detail>;
    expect(list.results.map((t) => t.name)).toEqual(['Proof of age']);
    const edited = await send(admin, 'PUT', `/api/proof-templates/${made.id}`, { version: 1, name: 'Proof of age', presentation_request: proofOfAge });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as Detail).version).toBe(2);
    const versions = (await (await send(admin, 'GET', `/api/proof-templates/${made.id}/versions`)).json()) as Page<{ version: number; saved_by: string }>;
    expect(versions.results.map((v) => [v.version, v.saved_by])).toEqual([
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
    // Each entry carries its request's id (decision 038); the rest of its target is what this test reads.
    expect(entries.every((e) => typeof e.target.request_id === 'string')).toBe(true);
    expect(entries.map((e) => [e.actor, e.action, e.status, withoutRequestId(e.target)])).toEqual([
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
    expect(await bad('GET', '/api/proof-templates?limit=0', undefined)).toEqual(['query.limit']);
    expect(await bad('GET', '/api/proof-templates?limit=501', undefined)).toEqual(['query.limit']);
    expect(await bad('GET', '/api/proof-templates/3fa85f64-5717-4562-b3fc-2c963f66afa6/versions?limit=51', undefined)).toEqual(['query.limit']);
    expect(await bad('GET', '/api/proof-templates/3fa85f64-5717-4562-b3fc-2c963f66afa6/versions/0', undefined)).toEqual(['path.version']);
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
    expect((await send(issuer, 'GET', '/api/proof-templates/3fa85f64-5717-4562-b3fc-2c963f66afa6/versions')).status).toBe(403);
    expect((await send(issuer, 'GET', '/api/proof-templates/3fa85f64-5717-4562-b3fc-2c963f66afa6/versions/1')).status).toBe(403);
  });

  it('refuses a 1 MB template, saying the most a template holds and how large this one is; nothing is saved', async () => {
    const { send, cookieFor } = await testBff();
    const verifier = await cookieFor('verifier');
    const large = requestOf(1_000);
    const refused = await send(verifier, 'POST', '/api/proof-templates', { name: 'Large', presentation_request: large });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: unknown[] }).errors).toEqual([
      { path: 'body.presentation_request', message: expect.stringMatching(/^A template holds at most 64 KB; this one is 9\d\d KB\./) as unknown },
    ]);
    const made = (await (await send(verifier, 'POST', '/api/proof-templates', { name: 'Small', presentation_request: proofOfAge })).json()) as Detail;
    const edit = await send(verifier, 'PUT', `/api/proof-templates/${made.id}`, { version: 1, name: 'Small', presentation_request: large });
    expect(edit.status).toBe(400);
    expect(((await (await send(verifier, 'GET', '/api/proof-templates')).json()) as Page<Detail>).results.map((t) => [t.name, t.version])).toEqual([
      ['Small', 1],
    ]);
  });

  it('lists 20 templates of 60 KB each in a small answer, a page at a time, their requests one by one', async () => {
    const { send, cookieFor } = await testBff();
    const verifier = await cookieFor('verifier');
    for (let i = 0; i < 20; i++) {
      const made = await send(verifier, 'POST', '/api/proof-templates', {
        name: `Large ${String(i).padStart(2, '0')}`,
        description: 'd'.repeat(1_000),
        presentation_request: requestOf(60, String(i)),
      });
      expect(made.status).toBe(201);
    }
    const whole = await send(verifier, 'GET', '/api/proof-templates?limit=20');
    const text = await whole.text();
    expect(text.length).toBeLessThan(50_000);
    const all = JSON.parse(text) as Page<Detail & { asks: string; presentation_request?: unknown }>;
    expect(all.total).toBe(20);
    expect(all.results[0]).not.toHaveProperty('presentation_request');
    expect(all.results[0]!.asks).toBe('A0, A1, A2, A3, A4, A5');

    const firstPage = (await (await send(verifier, 'GET', '/api/proof-templates')).json()) as Page<Detail>;
    expect([firstPage.total, firstPage.results.length]).toEqual([20, 20]);
    const third = (await (await send(verifier, 'GET', '/api/proof-templates?limit=8&offset=16')).json()) as Page<Detail>;
    expect([third.total, third.results.map((t) => t.name)]).toEqual([20, ['Large 16', 'Large 17', 'Large 18', 'Large 19']]);
    // The request itself: one template at a time.
    const one = await send(verifier, 'GET', `/api/proof-templates/${third.results[0]!.id}`);
    expect((await one.text()).length).toBeLessThan(64 * 1024 + 2_000);
  });

  it('keeps a template’s newest 50 versions, a page at a time: the 51st save drops version 1', async () => {
    const { send, cookieFor } = await testBff();
    const verifier = await cookieFor('verifier');
    const made = (await (await send(verifier, 'POST', '/api/proof-templates', { name: 'Edited often', presentation_request: requestOf(30) })).json()) as Detail;
    for (let version = 1; version <= 50; version++) {
      const saved = await send(verifier, 'PUT', `/api/proof-templates/${made.id}`, {
        version,
        name: 'Edited often',
        presentation_request: requestOf(30, `v${version + 1}-`),
      });
      expect(saved.status).toBe(200);
    }
    const detail = await send(verifier, 'GET', `/api/proof-templates/${made.id}`);
    expect(((await detail.json()) as Detail).version).toBe(51);
    const page = await send(verifier, 'GET', `/api/proof-templates/${made.id}/versions`);
    const pageText = await page.text();
    expect(pageText.length).toBeLessThan(5_000);
    const first = JSON.parse(pageText) as Page<{ version: number }>;
    expect([first.total, first.results.map((v) => v.version)]).toEqual([50, [51, 50, 49, 48, 47, 46, 45, 44, 43, 42]]);
    const last = (await (await send(verifier, 'GET', `/api/proof-templates/${made.id}/versions?limit=50&offset=45`)).json()) as Page<{ version: number }>;
    expect(last.results.map((v) => v.version)).toEqual([6, 5, 4, 3, 2]);

    const oldest = await send(verifier, 'GET', `/api/proof-templates/${made.id}/versions/2`);
    expect(oldest.status).toBe(200);
    expect(
      ((await oldest.json()) as { presentation_request: { indy: { requested_attributes: Record<string, { restrictions: { cred_def_id: string }[] }> } } })
        .presentation_request.indy.requested_attributes['0_a_uuid']!.restrictions[0]!.cred_def_id,
    ).toMatch(/^v2-0-0-/);
    const dropped = await send(verifier, 'GET', `/api/proof-templates/${made.id}/versions/1`);
    expect(dropped.status).toBe(404);
    expect(((await dropped.json()) as { detail: string }).detail).toBe('Version 1 of this template is not kept: only its newest 50 versions are.');
    expect((await send(verifier, 'GET', '/api/proof-templates/3fa85f64-5717-4562-b3fc-2c963f66afa6/versions')).status).toBe(404);
  }, 60_000);
});
