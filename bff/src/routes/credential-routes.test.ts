import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

const PATH = '/api/issue-credential-2.0';

async function issuerBff() {
  // Peers answer after 500 ms, so a call made before that still finds the record where it was, even on
  // a loaded machine (at 30 ms the early call sometimes came too late).
  const bff = await testBff({ sandbox: { peerDelayMs: 500 } });
  const cookie = await bff.cookieFor('issuer');
  const person = [...bff.sandbox.store.connections.values()].find((c) => c.their_label === 'Bob Smith')!;
  const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy')!;
  const offer = {
    connection_id: person.connection_id,
    filter: { indy: { cred_def_id: credDef.cred_def_id } },
    credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes: credDef.schema.attributes.map((name) => ({ name, value: 'v' })) },
  };
  return { ...bff, cookie, offer };
}

describe('credential exchange routes through the BFF', () => {
  it('sends a valid offer and issues once the peer has asked', async () => {
    const { send, cookie, offer, sandbox, calls } = await issuerBff();
    const sent = await send(cookie, 'POST', `${PATH}/send-offer`, offer);
    expect(sent.status).toBe(200);
    const record = (await sent.json()) as { cred_ex_id: string; state: string };
    expect(record.state).toBe('offer-sent');
    expect(JSON.parse(calls[0]!.body!)).toEqual(offer);

    const early = await send(cookie, 'POST', `${PATH}/records/${record.cred_ex_id}/issue`, {});
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ detail: `Credential exchange ${record.cred_ex_id} in offer-sent state (must be request-received)` });

    await sandbox.peers.idle();
    const issued = await send(cookie, 'POST', `${PATH}/records/${record.cred_ex_id}/issue`, { comment: 'Here it is' });
    expect(issued.status).toBe(200);
    expect(await issued.json()).toMatchObject({ cred_ex_record: { state: 'credential-issued' } });
  });

  it('answers 400 naming each bad field of an offer, forwarding nothing', async () => {
    const { send, cookie, offer, calls } = await issuerBff();
    const bad = {
      ...offer,
      connection_id: 'bob',
      filter: { indy: { cred_def_id: 'nope', issuer_id: 'x' } },
      credential_preview: {
        '@type': 'issue-credential/2.0/credential-preview',
        attributes: [
          { name: 'a', value: 'b' },
          { name: 'a', value: 'c' },
        ],
      },
      credential_definition_id: 'v1-style',
    };
    const res = await send(cookie, 'POST', `${PATH}/send-offer`, bad);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await res.json()) as { errors: { path: string }[] };
    expect(problem.errors.map((e) => e.path).sort()).toEqual(
      [
        'body.connection_id',
        'body.credential_definition_id',
        'body.credential_preview.attributes.1.name',
        'body.filter.indy.cred_def_id',
        'body.filter.indy.issuer_id',
      ].sort(),
    );
    const noFilter = await send(cookie, 'POST', `${PATH}/create-offer`, { filter: {}, credential_preview: offer.credential_preview });
    expect(await noFilter.json()).toMatchObject({ errors: [{ path: 'body.filter', message: 'must hold indy and/or anoncreds' }] });
    const noBody = await send(cookie, 'POST', `${PATH}/records/${offer.connection_id}/problem-report`, {});
    expect(noBody.status).toBe(400);
    expect(calls).toEqual([]);
  });

  it('refuses a write without a JSON body', async () => {
    const { app, cookie, calls } = await issuerBff();
    const res = await app.request(`${PATH}/send-offer`, { method: 'POST', headers: { cookie } });
    expect(res.status).toBe(415);
    expect(calls).toEqual([]);
  });

  it('is closed to the verifier role and to anonymous callers', async () => {
    const { send, cookieFor, offer, calls, app } = await issuerBff();
    const verifier = await cookieFor('verifier');
    for (const [method, path] of [
      ['POST', `${PATH}/send-offer`],
      ['POST', `${PATH}/create-offer`],
      ['POST', `${PATH}/records/${offer.connection_id}/issue`],
      ['DELETE', `${PATH}/records/${offer.connection_id}`],
    ]) {
      expect((await send(verifier, method!, path!, method === 'POST' ? offer : undefined)).status, `${method} ${path}`).toBe(403);
      expect((await app.request(path!, { method: method! })).status).toBe(401);
    }
    expect(calls).toEqual([]);
  });

  it('lets the admin remove a record', async () => {
    const { send, cookieFor, sandbox } = await issuerBff();
    const admin = await cookieFor('admin');
    const id = [...sandbox.store.credentials.keys()][0]!;
    const res = await send(admin, 'DELETE', `${PATH}/records/${id}`);
    expect(res.status).toBe(200);
    expect(sandbox.store.credentials.has(id)).toBe(false);
    expect((await send(admin, 'DELETE', `${PATH}/records/${id}`)).status).toBe(404);
  });
});
