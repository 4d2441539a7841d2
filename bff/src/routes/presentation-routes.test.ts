import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

const PATH = '/api/present-proof-2.0';

async function verifierBff() {
  const bff = await testBff({ sandbox: { peerDelayMs: 30 } });
  const cookie = await bff.cookieFor('verifier');
  const bob = [...bff.sandbox.store.connections.values()].find((c) => c.their_label === 'Bob Smith')!;
  const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.schema.name === 'Student ID' && d.kind === 'indy')!;
  const request = {
    connection_id: bob.connection_id,
    presentation_request: {
      indy: {
        name: 'Proof of enrolment',
        version: '1.0',
        requested_attributes: { '0_name_uuid': { name: 'name', restrictions: [{ cred_def_id: credDef.cred_def_id }] } },
        requested_predicates: {
          '0_birth_GE_uuid': { name: 'birthdate_dateint', p_type: '>=', p_value: 19000101, restrictions: [{ cred_def_id: credDef.cred_def_id }] },
        },
        non_revoked: { from: 1_700_000_000, to: 1_800_000_000 },
      },
    },
    auto_verify: false,
  };
  return { ...bff, cookie, request };
}

describe('presentation exchange routes through the BFF', () => {
  it('sends a request, and hands verified to the browser as a boolean', async () => {
    const { send, cookie, request, sandbox } = await verifierBff();
    const sent = await send(cookie, 'POST', `${PATH}/send-request`, request);
    expect(sent.status).toBe(200);
    const record = (await sent.json()) as { pres_ex_id: string; verified: unknown };
    expect(record.verified).toBeNull();
    await sandbox.peers.idle();
    const verified = await send(cookie, 'POST', `${PATH}/records/${record.pres_ex_id}/verify-presentation`, {});
    const after = (await verified.json()) as { state: string; verified: unknown };
    expect(after.state).toBe('done');
    expect(typeof after.verified).toBe('boolean');
    expect(sandbox.store.presentations.get(record.pres_ex_id)!.verified).toBe(after.verified ? 'true' : 'false');
    const list = (await (await send(cookie, 'GET', `${PATH}/records?state=done&role=verifier`)).json()) as { results: { verified: unknown }[] };
    expect(list.results.length).toBeGreaterThan(0);
    expect(list.results.every((r) => typeof r.verified === 'boolean')).toBe(true);
  });

  it('answers 400 naming each bad field of a proof request, forwarding nothing', async () => {
    const { send, cookie, request, calls } = await verifierBff();
    const indy = request.presentation_request.indy;
    const bad = {
      ...request,
      presentation_request: {
        indy: {
          ...indy,
          version: 'v1',
          requested_attributes: { a: { name: 'name', names: ['x'] } },
          requested_predicates: { p: { name: 'age', p_type: '=>', p_value: 18.5 } },
          non_revoked: { from: 20, to: 10 },
        },
      },
      proof_request: {},
    };
    const res = await send(cookie, 'POST', `${PATH}/send-request`, bad);
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { errors: { path: string; message: string }[] };
    expect(problem.errors.map((e) => e.path).sort()).toEqual(
      [
        'body.presentation_request.indy.version',
        'body.presentation_request.indy.requested_attributes.a.name',
        'body.presentation_request.indy.requested_predicates.p.p_type',
        'body.presentation_request.indy.requested_predicates.p.p_value',
        'body.presentation_request.indy.non_revoked.from',
        'body.proof_request',
      ].sort(),
    );
    const none = await send(cookie, 'POST', `${PATH}/create-request`, { presentation_request: {} });
    expect(await none.json()).toMatchObject({ errors: [{ path: 'body.presentation_request', message: 'must hold indy and/or anoncreds' }] });
    const verifyWithBody = await send(cookie, 'POST', `${PATH}/records/${request.connection_id}/verify-presentation`, { force: true });
    expect(verifyWithBody.status).toBe(400);
    expect(calls).toEqual([]);
  });

  it('is closed to the issuer role', async () => {
    const { send, cookieFor, request, calls } = await verifierBff();
    const issuer = await cookieFor('issuer');
    for (const [method, path] of [
      ['POST', `${PATH}/send-request`],
      ['POST', `${PATH}/create-request`],
      ['GET', `${PATH}/records/${request.connection_id}/credentials`],
      ['POST', `${PATH}/records/${request.connection_id}/send-presentation`],
      ['DELETE', `${PATH}/records/${request.connection_id}`],
    ]) {
      expect((await send(issuer, method!, path!, method === 'POST' ? request : undefined)).status, `${method} ${path}`).toBe(403);
    }
    expect(calls).toEqual([]);
  });

  it('lets the admin answer a request as prover with the credentials the wallet offers', async () => {
    const { send, cookieFor, sandbox } = await verifierBff();
    const admin = await cookieFor('admin');
    const incoming = sandbox.presentations.peerRequest();
    const creds = (await (await send(admin, 'GET', `${PATH}/records/${incoming.pres_ex_id}/credentials`)).json()) as {
      cred_info: { referent: string };
      presentation_referents: string[];
    }[];
    expect(creds.length).toBeGreaterThan(0);
    const bad = await send(admin, 'GET', `${PATH}/records/${incoming.pres_ex_id}/credentials?limit=0`);
    expect(bad.status).toBe(400);
  });
});
