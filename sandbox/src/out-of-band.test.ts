import { describe, expect, it } from 'vitest';
import { pythonJsonDumps } from './out-of-band/python-json.js';
import { signingKey, verkeyOfDidKey } from './out-of-band/invitation.js';
import { WALLET_DECLINES } from './presentation-engine.js';
import { SeededRandom } from './random.js';
import { recordingSandbox, type TestSandboxOptions } from './testing.js';

function agent(options: TestSandboxOptions = {}) {
  const base = recordingSandbox(options);
  const connectionStates = (id: string) =>
    base.webhooks.filter((w) => w.topic === 'connections' && w.payload.connection_id === id).map((w) => w.payload.rfc23_state ?? w.payload.state);
  const oobStates = (id: string) => base.statesOf('out_of_band', 'oob_id', id);
  const scan = (body: Record<string, unknown>) => base.call('POST', '/sandbox/wallet/scan', body);
  return { ...base, connectionStates, oobStates, scan };
}

const decodeUrl = (url: string) => Buffer.from(new URL(url).searchParams.get('oob')!, 'base64url').toString('ascii');

const partnerInvitation = (fields: Record<string, unknown> = {}) => ({
  '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
  '@id': crypto.randomUUID(),
  label: 'Partner Org',
  handshake_protocols: ['https://didcomm.org/didexchange/1.1'],
  services: [
    { id: '#inline', type: 'did-communication', recipientKeys: [signingKey(new SeededRandom(7)).didKey], serviceEndpoint: 'https://partner.example/didcomm' },
  ],
  ...fields,
});

describe('sandbox out-of-band: invitations we make', () => {
  it('writes the invitation as ACA-Py does: DID Exchange 1.1, an inline service, the URL as Python json.dumps', async () => {
    const a = agent();
    const res = await a.call('POST', '/out-of-band/create-invitation', {
      handshake_protocols: ['https://didcomm.org/didexchange/1.1'],
      alias: 'Ann',
      goal: 'Student card',
      goal_code: 'issue-vc',
    });
    expect(res.status).toBe(200);
    const { invitation, invitation_url } = res.json;
    expect(res.json).toMatchObject({ state: 'initial', trace: false, invi_msg_id: invitation['@id'] });
    expect(Object.keys(invitation)).toEqual(['@type', '@id', 'label', 'handshake_protocols', 'services', 'goal_code', 'goal']);
    expect(invitation).toMatchObject({
      '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
      label: 'Credence sandbox agent',
      goal: 'Student card',
      goal_code: 'issue-vc',
    });
    expect(invitation.services[0]).toMatchObject({
      id: '#inline',
      type: 'did-communication',
      routingKeys: [],
      serviceEndpoint: 'https://sandbox-agent.credence.invalid/didcomm',
    });
    expect(invitation_url.startsWith('https://sandbox-agent.credence.invalid/didcomm?oob=')).toBe(true);
    expect(decodeUrl(invitation_url)).toBe(pythonJsonDumps(invitation));
    expect(decodeUrl(invitation_url)).toContain('"@type": "https://didcomm.org/out-of-band/1.1/invitation", "@id"');

    // The connection exists from the invitation on, without DIDs or a label; the invitation key is the did:key's.
    const connection = [...a.sandbox.store.connections.values()].find((c) => c.invitation_msg_id === invitation['@id'])!;
    expect(connection).toMatchObject({
      state: 'invitation',
      rfc23_state: 'invitation-sent',
      their_role: 'invitee',
      alias: 'Ann',
      invitation_mode: 'once',
      accept: 'auto',
    });
    expect(connection.connection_protocol).toBe('didexchange/1.1');
    expect(connection.my_did).toBeUndefined();
    expect(connection.invitation_key).toBe(verkeyOfDidKey(invitation.services[0].recipientKeys[0]));
    expect(a.webhooks.map((w) => w.topic)).toEqual(['connections', 'out_of_band']);
    expect(a.webhooks[1]!.payload).toMatchObject({ state: 'await-response', role: 'sender', connection_id: connection.connection_id, multi_use: false });
  });

  it('a wallet scans a single-use invitation: request, response, active; the invitation is done and deleted', async () => {
    const a = agent();
    const created = (await a.call('POST', '/out-of-band/create-invitation', { handshake_protocols: ['https://didcomm.org/didexchange/1.1'], alias: 'Ann' }))
      .json;
    const scanned = await a.scan({ invitation_url: created.invitation_url, label: 'Ann’s phone' });
    expect(scanned.status).toBe(200);
    expect(scanned.json.oob_id).toBe(created.oob_id);
    await a.sandbox.peers.idle();
    const id = scanned.json.connection_id;
    expect(a.connectionStates(id)).toEqual(['invitation-sent', 'request-received', 'response-sent', 'completed']);
    expect(a.sandbox.store.connections.get(id)).toMatchObject({ state: 'active', their_label: 'Ann’s phone', alias: 'Ann' });
    expect(a.oobStates(created.oob_id)).toEqual(['await-response', 'done', 'deleted']);
    const again = await a.scan({ invitation_url: created.invitation_url });
    expect(again.status).toBe(400);
    expect(again.text).toMatch(/^400: The wallet cannot use this invitation/);
  });

  it('a multi-use invitation makes a new connection per scan (no alias) and stays', async () => {
    const a = agent();
    const created = (
      await a.call('POST', '/out-of-band/create-invitation?multi_use=true', { handshake_protocols: ['https://didcomm.org/didexchange/1.1'], alias: 'Desk' })
    ).json;
    const first = (await a.scan({ invitation_url: created.invitation_url, label: 'One' })).json;
    const second = (await a.scan({ invitation_url: created.invitation_url, label: 'Two' })).json;
    await a.sandbox.peers.idle();
    expect(first.connection_id).not.toBe(second.connection_id);
    expect(a.connectionStates(first.connection_id)).toEqual(['start', 'request-received', 'response-sent', 'completed']);
    const base = [...a.sandbox.store.connections.values()].find((c) => c.invitation_msg_id === created.invi_msg_id && c.invitation_mode === 'multi')!;
    expect(base).toMatchObject({ state: 'invitation', alias: 'Desk' });
    expect(a.sandbox.store.connections.get(first.connection_id)!.alias).toBeUndefined();
    expect(a.oobStates(created.oob_id)).toEqual(['await-response', 'done', 'done']);
    expect(a.sandbox.outOfBand.record(created.oob_id)?.state).toBe('await-response');
  });

  it('with auto_accept=false the request waits for the clerk', async () => {
    const a = agent();
    const created = (await a.call('POST', '/out-of-band/create-invitation?auto_accept=false', { handshake_protocols: ['didexchange/1.1'] })).json;
    const { connection_id } = (await a.scan({ invitation_url: created.invitation_url })).json;
    await a.sandbox.peers.idle();
    expect(a.sandbox.store.connections.get(connection_id)).toMatchObject({ state: 'request', rfc23_state: 'request-received', accept: 'manual' });
  });

  it('refuses what the agent refuses, in its words', async () => {
    const a = agent();
    const post = (query: string, body: unknown) => a.call('POST', `/out-of-band/create-invitation${query}`, body);
    expect((await post('', {})).text).toBe('400: Invitation must include handshake protocols, request attachments, or both');
    expect((await post('', { handshake_protocols: ['carrier-pigeon'] })).text).toBe("422: {'json': {'handshake_protocols': {0: ['Invalid value.']}}}");
    expect((await post('', { attachments: [{ id: 'x', type: 'thing' }] })).text).toBe(
      "422: {'json': {'attachments': {0: {'type': ['Must be one of: credential-offer, present-proof.']}}}}",
    );
    const id = crypto.randomUUID();
    expect((await post('', { attachments: [{ id, type: 'present-proof' }] })).text).toBe(`400: Record not found: pres_ex_v20/${id}`);
    expect((await post('?multi_use=true', { attachments: [{ id, type: 'present-proof' }] })).text).toBe(
      '400: Cannot create multi use invitation with attachments',
    );
    expect((await post('?multi_use=maybe', {})).status).toBe(422);
    // Valid for marshmallow, not for the handler's json.loads.
    expect((await post('?multi_use=True', { handshake_protocols: ['didexchange/1.1'] })).status).toBe(500);
    expect((await post('', { handshake_protocols: ['didexchange/1.1'], use_public_did: true })).text).toBe('400: Public invitations are not enabled');
  });
});

describe('sandbox out-of-band: connectionless exchanges', () => {
  const proofRequest = (credDefId: string) => ({
    indy: {
      name: 'Counter check',
      version: '1.0',
      requested_attributes: { '0_name_uuid': { name: 'name', restrictions: [{ cred_def_id: credDefId }] } },
      requested_predicates: {},
    },
  });

  it('a wallet answers an attached proof request: presentation-received → done, verified, no connection; the invitation stays await-response', async () => {
    const a = agent();
    const credDef = a.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy')!;
    const request = (await a.call('POST', '/present-proof-2.0/create-request', { presentation_request: proofRequest(credDef.cred_def_id), auto_verify: true }))
      .json;
    const created = (await a.call('POST', '/out-of-band/create-invitation', { attachments: [{ id: request.pres_ex_id, type: 'present-proof' }] })).json;
    expect(created.invitation.handshake_protocols).toEqual([]);
    const attached = created.invitation['requests~attach'][0];
    expect(attached).toMatchObject({ '@id': 'request-0', 'mime-type': 'application/json' });
    expect(attached.data.json['~thread']).toEqual({ pthid: created.invi_msg_id });

    const scanned = (await a.scan({ invitation_url: created.invitation_url, label: 'Bob Smith' })).json;
    expect(scanned).toEqual({ oob_id: created.oob_id, exchange_id: request.pres_ex_id });
    await a.sandbox.peers.idle();
    expect(a.statesOf('present_proof_v2_0', 'pres_ex_id', request.pres_ex_id).slice(0, 3)).toEqual(['request-sent', 'presentation-received', 'done']);
    const done = a.webhooks.find((w) => w.topic === 'present_proof_v2_0' && w.payload.state === 'done')!.payload;
    expect(done.verified).toBe('true');
    expect(done.connection_id).toBeUndefined();
    expect(a.oobStates(created.oob_id)).toEqual(['await-response']);
    expect(a.sandbox.outOfBand.record(created.oob_id)).toMatchObject({ state: 'await-response', attach_thread_id: request.thread_id });
    expect(a.webhooks.some((w) => w.topic === 'connections')).toBe(false);
  });

  it('a wallet without the credential declines with a problem report', async () => {
    const a = agent();
    const credDef = a.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy')!;
    const request = (await a.call('POST', '/present-proof-2.0/create-request', { presentation_request: proofRequest(credDef.cred_def_id), auto_remove: false }))
      .json;
    const created = (await a.call('POST', '/out-of-band/create-invitation', { attachments: [{ id: request.pres_ex_id, type: 'present-proof' }] })).json;
    await a.scan({ invitation_url: created.invitation_url, holds_credential: false });
    await a.sandbox.peers.idle();
    expect(a.sandbox.store.presentations.get(request.pres_ex_id)).toMatchObject({ state: 'abandoned', error_msg: WALLET_DECLINES });
  });

  it('a wallet asks for an attached offer: request-received, then issued and done with auto_issue', async () => {
    const a = agent();
    const credDef = a.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy' && d.schema.name === 'Employee badge')!;
    const attributes = credDef.schema.attributes.map((name) => ({ name, value: '1' }));
    const offer = (
      await a.call('POST', '/issue-credential-2.0/create', {
        filter: { indy: { cred_def_id: credDef.cred_def_id } },
        credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes },
        // Left out by the agent: /create always makes an automated exchange.
        auto_issue: false,
      })
    ).json;
    expect(offer).toMatchObject({ auto_issue: true, state: 'offer-sent' });
    expect(offer.connection_id).toBeUndefined();
    const created = (await a.call('POST', '/out-of-band/create-invitation', { attachments: [{ id: offer.cred_ex_id, type: 'credential-offer' }] })).json;
    const scanned = (await a.scan({ invitation_url: created.invitation_url })).json;
    expect(scanned.exchange_id).toBe(offer.cred_ex_id);
    await a.sandbox.peers.idle();
    const states = a.statesOf('issue_credential_v2_0', 'cred_ex_id', offer.cred_ex_id);
    expect(states.slice(0, 3)).toEqual(['offer-sent', 'request-received', 'credential-issued']);
    expect(states).toContain('done');
  });

  it('create-offer keeps the comment for the wallet and issues by itself only when asked', async () => {
    const a = agent();
    const credDef = a.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy' && d.schema.name === 'Employee badge')!;
    const attributes = credDef.schema.attributes.map((name) => ({ name, value: '1' }));
    const body = {
      filter: { indy: { cred_def_id: credDef.cred_def_id } },
      credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes },
    };
    const made = (await a.call('POST', '/issue-credential-2.0/create', { ...body, comment: 'Your badge' })).json;
    const automated = a.sandbox.store.credentials.get(made.cred_ex_id)!.cred_ex_record;
    expect((automated.by_format as { cred_offer?: unknown }).cred_offer).toBeDefined();
    expect(JSON.stringify(automated)).toContain('create automated v2.0 credential exchange record');

    const free = (
      await a.call('POST', '/issue-credential-2.0/create-offer', { ...body, comment: 'Your badge', auto_issue: true, auto_remove_on_failure: true })
    ).json;
    expect(free).toMatchObject({ state: 'offer-sent', role: 'issuer', initiator: 'self', auto_issue: true, auto_remove: false, auto_remove_on_failure: false });
    expect(free).not.toHaveProperty('trace');
    expect(free).not.toHaveProperty('connection_id');
    expect(JSON.stringify(free)).not.toContain('create automated');
    const invitation = (await a.call('POST', '/out-of-band/create-invitation', { attachments: [{ id: free.cred_ex_id, type: 'credential-offer' }] })).json;
    expect(JSON.stringify(invitation.invitation)).toContain('Your badge');
    await a.scan({ invitation_url: invitation.invitation_url });
    await a.sandbox.peers.idle();
    expect(a.statesOf('issue_credential_v2_0', 'cred_ex_id', free.cred_ex_id)).toContain('done');

    const manual = (await a.call('POST', '/issue-credential-2.0/create-offer', body)).json;
    expect(manual.auto_issue).toBe(false);
    const manualInvitation = (await a.call('POST', '/out-of-band/create-invitation', { attachments: [{ id: manual.cred_ex_id, type: 'credential-offer' }] }))
      .json;
    await a.scan({ invitation_url: manualInvitation.invitation_url });
    await a.sandbox.peers.idle();
    expect(a.statesOf('issue_credential_v2_0', 'cred_ex_id', manual.cred_ex_id)).toEqual(['offer-sent', 'request-received']);
  });
});

describe('sandbox out-of-band: invitations we receive, and removal', () => {
  it('a partner completes the DID Exchange; the answer is the out-of-band record in state deleted', async () => {
    const a = agent();
    const invitation = partnerInvitation();
    const res = await a.call('POST', '/out-of-band/receive-invitation?alias=Partner', invitation);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ state: 'deleted', role: 'receiver', invi_msg_id: invitation['@id'] });
    const id = res.json.connection_id;
    await a.sandbox.peers.idle();
    expect(a.connectionStates(id)).toEqual(['invitation-received', 'request-sent', 'response-received', 'completed']);
    expect(a.sandbox.store.connections.get(id)).toMatchObject({ their_label: 'Partner Org', alias: 'Partner', their_role: 'inviter', state: 'active' });
    expect(a.oobStates(res.json.oob_id)).toEqual(['initial', 'done', 'deleted']);
  });

  it('validates the invitation as InvitationMessageSchema does', async () => {
    const a = agent();
    const receive = (body: unknown) => a.call('POST', '/out-of-band/receive-invitation', body);
    expect((await receive(partnerInvitation({ handshake_protocols: [] }))).text).toBe(
      "422: {'json': {'_schema': ['Model must include non-empty handshake_protocols or requests~attach or both']}}",
    );
    expect((await receive(partnerInvitation({ goal: 'Hi' }))).text).toBe("422: {'json': {'_schema': ['Model cannot have goal without goal_code']}}");
    expect((await receive(partnerInvitation({ services: ['x', 'y'] }))).status).toBe(422);
    expect((await receive(partnerInvitation({ services: ['did:sov:WgWxqztrNooG92RXvxSTWv', 'did:sov:WgWxqztrNooG92RXvxSTWw'] }))).text).toBe(
      '400: service array must have exactly one element',
    );
  });

  it('removes a connection with its last webhook: state deleted, no rfc23_state, updated_at unchanged; any unknown id is 404', async () => {
    const a = agent();
    const connection = a.connectionNamed('Bob Smith');
    const before = connection.updated_at;
    expect((await a.call('DELETE', `/connections/${connection.connection_id}`)).json).toEqual({});
    const last = a.webhooks.at(-1)!;
    expect(last.topic).toBe('connections');
    expect(last.payload).toMatchObject({ connection_id: connection.connection_id, state: 'deleted', updated_at: before });
    expect('rfc23_state' in last.payload).toBe(false);
    expect((await a.call('DELETE', `/connections/${connection.connection_id}`)).text).toBe(`404: Record not found: connection/${connection.connection_id}`);
    expect((await a.call('DELETE', '/connections/not-a-uuid')).status).toBe(404);
  });
});
