import { describe, expect, it } from 'vitest';
import { recordingSandbox, type TestSandboxOptions } from './testing.js';

function agent(options: TestSandboxOptions = {}) {
  const base = recordingSandbox(options);
  const { sandbox } = base;
  const connection = (label: string) => base.connectionNamed(label).connection_id;
  const credDef = (name: string, kind = 'indy') => sandbox.store.ledger.credDefs.find((d) => d.schema.name === name && d.kind === kind)!;
  const statesOf = (id: string) => base.statesOf('present_proof_v2_0', 'pres_ex_id', id);
  return { ...base, connection, credDef, statesOf };
}

const studentRequest = (credDefId: string, predicate?: { p_type: string; p_value: number }) => ({
  name: 'Proof of enrolment',
  version: '1.0',
  requested_attributes: { '0_name_uuid': { name: 'name', restrictions: [{ cred_def_id: credDefId }] }, '1_degree_uuid': { names: ['degree', 'student_id'] } },
  requested_predicates: predicate ? { '0_birth_GE_uuid': { name: 'birthdate_dateint', ...predicate, restrictions: [{ cred_def_id: credDefId }] } } : {},
  non_revoked: { from: 1_700_000_000, to: 1_800_000_000 },
});

describe('sandbox present-proof v2.0: verifier', () => {
  it('send-request → peer presents → verify → done with verified "true"', async () => {
    const a = agent();
    const sent = await a.call('POST', '/present-proof-2.0/send-request', {
      connection_id: a.connection('Bob Smith'),
      presentation_request: { indy: studentRequest(a.credDef('Student ID').cred_def_id, { p_type: '>=', p_value: 0 }) },
    });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ state: 'request-sent', role: 'verifier', initiator: 'self' });
    expect(sent.json.by_format.pres_request.indy.nonce).toMatch(/^\d+$/);
    const id = sent.json.pres_ex_id;
    await a.sandbox.peers.idle();
    const received = (await a.call('GET', `/present-proof-2.0/records/${id}`)).json;
    expect(received.state).toBe('presentation-received');
    const proof = received.by_format.pres.indy.requested_proof;
    expect(proof.revealed_attrs['0_name_uuid'].raw).toBe('Bob Smith');
    expect(Object.keys(proof.revealed_attr_groups['1_degree_uuid'].values)).toEqual(['degree', 'student_id']);

    const verified = await a.call('POST', `/present-proof-2.0/records/${id}/verify-presentation`, {});
    expect(verified.json.state).toBe('done');
    expect(['true', 'false']).toContain(verified.json.verified);
    expect(a.statesOf(id)).toEqual(['request-sent', 'presentation-received', 'done']);
    const last = a.webhooks.at(-1)!.payload;
    expect(last.verified).toBe(verified.json.verified);
    expect(last).not.toHaveProperty('by_format');
  });

  it('is abandoned by the peer when a predicate does not hold: its wallet cannot build that proof', async () => {
    const a = agent();
    const sent = await a.call('POST', '/present-proof-2.0/send-request', {
      connection_id: a.connection('Chen Wei'),
      presentation_request: { indy: studentRequest(a.credDef('Student ID').cred_def_id, { p_type: '>', p_value: 2_100_0101 }) },
      auto_verify: true,
    });
    await a.sandbox.peers.idle();
    const record = a.sandbox.store.presentations.get(sent.json.pres_ex_id)!;
    expect(record.state).toBe('abandoned');
    // The peer's problem report: its code, then its words (manager.py receive_problem_report).
    expect(record.error_msg).toBe('abandoned: No credential satisfies predicate 0_birth_GE_uuid');
    expect(record).not.toHaveProperty('verified');
  });

  it('is abandoned by the peer when nothing it could hold answers the request', async () => {
    const a = agent();
    const sent = await a.call('POST', '/present-proof-2.0/send-request', {
      connection_id: a.connection('Bob Smith'),
      presentation_request: { indy: { name: 'x', version: '1.0', requested_attributes: { a: { name: 'passport_number' } }, requested_predicates: {} } },
    });
    await a.sandbox.peers.idle();
    expect(a.sandbox.store.presentations.get(sent.json.pres_ex_id)).toMatchObject({ state: 'abandoned', error_msg: expect.stringContaining('No credential') });
  });

  it('answers a proposal with a request built from it', async () => {
    const a = agent();
    const proposal = await a.call('POST', '/present-proof-2.0/send-proposal', {
      connection_id: a.connection('Acme Corp HR'),
      presentation_proposal: { indy: { name: 'p', version: '1.0', requested_attributes: { a: { name: 'name' } }, requested_predicates: {} } },
    });
    expect(proposal.json).toMatchObject({ state: 'proposal-sent', role: 'prover' });
    await a.sandbox.peers.idle();
    expect(a.sandbox.store.presentations.get(proposal.json.pres_ex_id)!.state).toBe('request-received');
  });
});

describe('sandbox present-proof v2.0: prover', () => {
  it('lists matching credentials per referent, presents chosen ones, and the peer acknowledges', async () => {
    const a = agent();
    const request = a.sandbox.presentations.peerRequest(a.connection('City Library'));
    expect(request).toMatchObject({ state: 'request-received', role: 'prover', initiator: 'external' });
    const spec = (request.by_format.pres_request as any).indy;
    const creds = await a.call('GET', `/present-proof-2.0/records/${request.pres_ex_id}/credentials`);
    expect(creds.status).toBe(200);
    expect(Array.isArray(creds.json)).toBe(true);
    const referents = [...Object.keys(spec.requested_attributes), ...Object.keys(spec.requested_predicates)];
    for (const ref of referents)
      expect(
        creds.json.some((c: any) => c.presentation_referents.includes(ref)),
        ref,
      ).toBe(true);
    expect(creds.json[0].cred_info).toMatchObject({ referent: expect.any(String), attrs: expect.any(Object), cred_def_id: expect.any(String) });

    const only = await a.call('GET', `/present-proof-2.0/records/${request.pres_ex_id}/credentials?referent=${referents[0]}&limit=1`);
    expect(only.json).toHaveLength(1);

    // Pick, for each referent, a credential that satisfies it (predicates included).
    const pick = (ref: string, predicate?: any) =>
      creds.json.find((c: any) => c.presentation_referents.includes(ref) && (!predicate || Number(c.cred_info.attrs[predicate.name]) >= predicate.p_value))
        .cred_info.referent;
    const body = {
      indy: {
        requested_attributes: Object.fromEntries(Object.keys(spec.requested_attributes).map((ref) => [ref, { cred_id: pick(ref), revealed: true }])),
        requested_predicates: Object.fromEntries(Object.entries(spec.requested_predicates).map(([ref, p]) => [ref, { cred_id: pick(ref, p) }])),
        self_attested_attributes: {},
      },
    };
    const sent = await a.call('POST', `/present-proof-2.0/records/${request.pres_ex_id}/send-presentation`, body);
    expect(sent.status).toBe(200);
    expect(sent.json.state).toBe('presentation-sent');
    await a.sandbox.peers.idle();
    expect(a.statesOf(request.pres_ex_id)).toEqual(['request-received', 'presentation-sent', 'done']);
  });

  it('refuses a presentation that leaves a referent out or names an unknown credential', async () => {
    const a = agent();
    const request = a.sandbox.presentations.peerRequest(a.connection('City Library'));
    const missing = await a.call('POST', `/present-proof-2.0/records/${request.pres_ex_id}/send-presentation`, {
      indy: { requested_attributes: {}, requested_predicates: {}, self_attested_attributes: {} },
    });
    expect(missing.status).toBe(400);
    expect(missing.text).toMatch(/^400: Presentation is missing requested attribute referent /);
    const ref = Object.keys((request.by_format.pres_request as any).indy.requested_attributes)[0];
    const unknown = await a.call('POST', `/present-proof-2.0/records/${request.pres_ex_id}/send-presentation`, {
      indy: { requested_attributes: { [ref!]: { cred_id: 'nope', revealed: true } }, requested_predicates: {}, self_attested_attributes: {} },
    });
    expect(unknown.text).toBe(`400: Credential nope for referent ${ref} not found in wallet`);
    expect(a.sandbox.store.presentations.get(request.pres_ex_id)!.state).toBe('request-received');
  });
});

describe('sandbox present-proof v2.0: refusals', () => {
  it('refuses calls in the wrong state and the anoncreds format on an askar wallet', async () => {
    const a = agent();
    const request = a.sandbox.presentations.peerRequest(a.connection('City Library'));
    const verify = await a.call('POST', `/present-proof-2.0/records/${request.pres_ex_id}/verify-presentation`, {});
    expect(verify.text).toBe(`400: Presentation exchange ${request.pres_ex_id} in request-received state (must be presentation-received)`);
    const bound = await a.call('POST', `/present-proof-2.0/records/${request.pres_ex_id}/send-request`, {});
    expect(bound.text).toContain('(must be proposal-received)');
    const anoncreds = await a.call('POST', '/present-proof-2.0/send-request', {
      connection_id: a.connection('Bob Smith'),
      presentation_request: { anoncreds: studentRequest(a.credDef('Student ID').cred_def_id) },
    });
    expect(anoncreds.text).toBe('400: AnonCreds interface requires AskarAnonCreds or KanonAnonCreds profile');
    const missing = await a.call('POST', '/present-proof-2.0/send-request', {});
    expect(missing.text).toBe(
      "422: {'json': {'connection_id': ['Missing data for required field.'], 'presentation_request': ['Missing data for required field.']}}",
    );
  });

  it('abandons on a problem report and deletes on request', async () => {
    const a = agent();
    const request = a.sandbox.presentations.peerRequest();
    await a.call('POST', `/present-proof-2.0/records/${request.pres_ex_id}/problem-report`, { description: 'Not sharing that' });
    expect(a.sandbox.store.presentations.get(request.pres_ex_id)).toMatchObject({ state: 'abandoned', error_msg: 'created problem report: Not sharing that' });
    expect((await a.call('DELETE', `/present-proof-2.0/records/${request.pres_ex_id}`)).json).toEqual({});
    expect(a.statesOf(request.pres_ex_id)).toEqual(['request-received', 'abandoned', 'deleted']);
  });
});
