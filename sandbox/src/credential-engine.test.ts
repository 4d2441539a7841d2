import { describe, expect, it } from 'vitest';
import { AGENT_KEY, recordingSandbox, type TestSandboxOptions } from './testing.js';

/** A recording sandbox with the issuer's credential definitions and two peers at hand. */
function agent(options: TestSandboxOptions = {}) {
  const base = recordingSandbox(options);
  const { sandbox } = base;
  const ownCredDef = (kind: 'indy' | 'anoncreds') => sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === kind && d.revocable)!;
  const person = base.connectionNamed('Bob Smith');
  const faber = base.connectionNamed('Faber College');
  const preview = (kind: 'indy' | 'anoncreds') => ({
    '@type': 'issue-credential/2.0/credential-preview',
    attributes: ownCredDef(kind).schema.attributes.map((name) => ({ name, value: `${name} value` })),
  });
  const statesOf = (id: string) => base.statesOf('issue_credential_v2_0', 'cred_ex_id', id);
  return { ...base, ownCredDef, person, faber, preview, statesOf };
}

describe('sandbox issue-credential v2.0: issuer', () => {
  it('offer → peer requests → issue → peer stores → done, with a webhook at each step', async () => {
    const a = agent();
    const credDef = a.ownCredDef('indy');
    const sent = await a.call('POST', '/issue-credential-2.0/send-offer', {
      connection_id: a.person.connection_id,
      filter: { indy: { cred_def_id: credDef.cred_def_id } },
      credential_preview: a.preview('indy'),
    });
    expect(sent.status).toBe(200);
    const id = sent.json!.cred_ex_id as string;
    expect(sent.json).toMatchObject({ state: 'offer-sent', role: 'issuer', initiator: 'self', connection_id: a.person.connection_id });

    await a.sandbox.peers.idle();
    let detail = (await a.call('GET', `/issue-credential-2.0/records/${id}`)).json!;
    expect(detail.cred_ex_record.state).toBe('request-received');
    // The issuer's detail record is made at issue, not when the request arrives.
    expect(detail.indy).toBeNull();
    expect(detail.anoncreds).toBeNull();
    // The record holds the messages as the agent stores them; the ids are in by_format, not on the record.
    expect(detail.cred_ex_record).not.toHaveProperty('credential_definition_id');
    expect(detail.cred_ex_record.cred_offer.formats).toEqual([{ attach_id: 'indy', format: 'hlindy/cred-abstract@v2.0' }]);
    expect(detail.cred_ex_record.by_format.cred_offer.indy.cred_def_id).toBe(credDef.cred_def_id);
    expect(detail.cred_ex_record.cred_preview.attributes).toHaveLength(credDef.schema.attributes.length);

    const issued = await a.call('POST', `/issue-credential-2.0/records/${id}/issue`, { comment: 'welcome' });
    expect(issued.status).toBe(200);
    expect(issued.json!.cred_ex_record.state).toBe('credential-issued');
    expect(issued.json!.indy.rev_reg_id).toContain(credDef.cred_def_id);
    expect(issued.json!.indy.cred_rev_id).toMatch(/^[1-9]\d*$/);

    await a.sandbox.peers.idle();
    detail = (await a.call('GET', `/issue-credential-2.0/records/${id}`)).json!;
    expect(detail.cred_ex_record.state).toBe('done');
    expect(a.statesOf(id)).toEqual(['offer-sent', 'request-received', 'credential-issued', 'done']);
    // At issue: the detail record's webhook, then the revocation record's, then credential-issued.
    const order = a.webhooks.filter((w) => w.payload.cred_ex_id === id).map((w) => `${w.topic}${w.payload.state ? `:${w.payload.state}` : ''}`);
    expect(order.slice(2, 5)).toEqual(['issue_credential_v2_0_indy', 'issuer_cred_rev:issued', 'issue_credential_v2_0:credential-issued']);
    expect(a.webhooks.find((w) => w.topic === 'issue_credential_v2_0_indy')?.payload).toMatchObject({
      cred_ex_id: id,
      cred_rev_id: issued.json!.indy.cred_rev_id,
    });
    expect(a.webhooks.find((w) => w.topic === 'issuer_cred_rev')?.payload).toMatchObject({
      state: 'issued',
      cred_ex_id: id,
      cred_rev_id: issued.json!.indy.cred_rev_id,
      cred_ex_version: '2',
    });
    for (const w of a.webhooks) expect(Object.values(w.payload)).not.toContain(null);
  });

  it('sends trimmed webhooks: no messages, no by_format, no nulls', async () => {
    const a = agent();
    await a.call('POST', '/issue-credential-2.0/send-offer', {
      connection_id: a.person.connection_id,
      filter: { indy: { cred_def_id: a.ownCredDef('indy').cred_def_id } },
      credential_preview: a.preview('indy'),
    });
    const payload = a.webhooks[0]!.payload;
    expect(Object.keys(payload).sort()).toEqual(
      [
        'auto_issue',
        'auto_offer',
        'auto_remove',
        'connection_id',
        'created_at',
        'cred_ex_id',
        'initiator',
        'role',
        'state',
        'thread_id',
        'trace',
        'updated_at',
      ].sort(),
    );
  });

  it('issues at once with auto_issue, and deletes the record at the end with auto_remove', async () => {
    const a = agent();
    const sent = await a.call('POST', '/issue-credential-2.0/send-offer', {
      connection_id: a.person.connection_id,
      filter: { indy: { schema_name: 'Student ID', schema_version: '1.2' } },
      credential_preview: a.preview('indy'),
      auto_issue: true,
      auto_remove: true,
    });
    const id = sent.json!.cred_ex_id as string;
    await a.sandbox.peers.idle();
    expect(a.statesOf(id)).toEqual(['offer-sent', 'request-received', 'credential-issued', 'done', 'deleted']);
    expect((await a.call('GET', `/issue-credential-2.0/records/${id}`)).status).toBe(404);
  });

  it('issues from the active registry; when it fills up, the backup takes over and a new backup is set up', async () => {
    const a = agent({ walletType: 'askar-anoncreds' });
    const library = a.sandbox.store.ledger.credDefs.find((d) => d.kind === 'anoncreds' && d.schema.name === 'Library card')!;
    const registries = () => [...a.sandbox.store.registries.values()].filter((r) => r.cred_def_id === library.cred_def_id);
    const [nearlyFull, backup] = registries();
    const used = [...a.sandbox.store.issuerCredRevs.values()].filter((r) => r.rev_reg_id === nearlyFull!.revoc_reg_id).length;
    const issueOne = async () => {
      const sent = await a.call('POST', '/issue-credential-2.0/send-offer', {
        connection_id: a.person.connection_id,
        filter: { anoncreds: { cred_def_id: library.cred_def_id } },
        credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes: library.schema.attributes.map((name) => ({ name, value: 'x' })) },
        auto_issue: true,
      });
      await a.sandbox.peers.idle();
      return (await a.call('GET', `/issue-credential-2.0/records/${sent.json!.cred_ex_id}`)).json!.anoncreds.rev_reg_id as string;
    };
    for (let i = used; i < nearlyFull!.max_cred_num; i++) expect(await issueOne()).toBe(nearlyFull!.revoc_reg_id);
    expect(nearlyFull!.state).toBe('full');
    expect(await issueOne()).toBe(backup!.revoc_reg_id);
    expect(registries().map((r) => [r.state, r.active])).toEqual([
      ['full', false],
      ['active', true],
      ['active', false],
    ]);
  });

  it('answers a proposal: proposal-received → offer-sent → request-received', async () => {
    const a = agent();
    const proposal = a.sandbox.credentials.peerProposal(a.person.connection_id);
    expect(proposal).toMatchObject({ state: 'proposal-received', role: 'issuer', initiator: 'external' });
    const offered = await a.call('POST', `/issue-credential-2.0/records/${proposal.cred_ex_id}/send-offer`, {});
    expect(offered.json).toMatchObject({ state: 'offer-sent' });
    await a.sandbox.peers.idle();
    expect(a.sandbox.store.credentials.get(proposal.cred_ex_id)!.cred_ex_record.state).toBe('request-received');
  });

  it('creates an offer without a connection, which nobody answers', async () => {
    const a = agent();
    const created = await a.call('POST', '/issue-credential-2.0/create', {
      filter: { indy: { cred_def_id: a.ownCredDef('indy').cred_def_id } },
      credential_preview: a.preview('indy'),
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ state: 'offer-sent', role: 'issuer' });
    expect(created.json!.connection_id).toBeUndefined();
    await a.sandbox.peers.idle();
    expect(a.sandbox.store.credentials.get(created.json!.cred_ex_id)!.cred_ex_record.state).toBe('offer-sent');
  });
});

describe('sandbox issue-credential v2.0: holder', () => {
  it('offer-received → send-request → peer issues → credential-received → store → done', async () => {
    const a = agent();
    const offer = a.sandbox.credentials.peerOffer(a.faber.connection_id);
    expect(offer).toMatchObject({ state: 'offer-received', role: 'holder', initiator: 'external' });
    const requested = await a.call('POST', `/issue-credential-2.0/records/${offer.cred_ex_id}/send-request`, {});
    expect(requested.json).toMatchObject({ state: 'request-sent' });
    // The holder's detail record comes with the request, holding the request metadata.
    expect(a.webhooks.at(-2)).toMatchObject({
      topic: 'issue_credential_v2_0_indy',
      payload: { cred_ex_id: offer.cred_ex_id, cred_request_metadata: { master_secret_name: 'default' } },
    });
    await a.sandbox.peers.idle();
    expect(a.sandbox.store.credentials.get(offer.cred_ex_id)!.cred_ex_record.state).toBe('credential-received');
    const stored = await a.call('POST', `/issue-credential-2.0/records/${offer.cred_ex_id}/store`, {});
    expect(stored.json!.cred_ex_record.state).toBe('done');
    expect(stored.json!.indy.cred_id_stored).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.statesOf(offer.cred_ex_id)).toEqual(['offer-received', 'request-sent', 'credential-received', 'done']);
  });

  it('proposes and gets an offer from the peer issuer', async () => {
    const a = agent();
    const degree = a.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'Faber College')!;
    const proposed = await a.call('POST', '/issue-credential-2.0/send-proposal', {
      connection_id: a.faber.connection_id,
      filter: { indy: { cred_def_id: degree.cred_def_id } },
    });
    expect(proposed.json).toMatchObject({ state: 'proposal-sent', role: 'holder' });
    await a.sandbox.peers.idle();
    expect(a.sandbox.store.credentials.get(proposed.json!.cred_ex_id)!.cred_ex_record.state).toBe('offer-received');
  });
});

describe('sandbox issue-credential v2.0: refusals in the agent’s words', () => {
  it('refuses a call in the wrong state with 400', async () => {
    const a = agent();
    const offer = a.sandbox.credentials.peerOffer(a.faber.connection_id);
    const id = offer.cred_ex_id;
    for (const [action, expected] of [
      ['issue', 'request-received'],
      ['store', 'credential-received'],
      ['send-offer', 'proposal-received'],
    ] as const) {
      const res = await a.call('POST', `/issue-credential-2.0/records/${id}/${action}`, {});
      expect(res.status, action).toBe(400);
      expect(res.text).toBe(`400: Credential exchange ${id} in offer-received state (must be ${expected})`);
    }
    await a.call('POST', `/issue-credential-2.0/records/${id}/send-request`, {});
    const again = await a.call('POST', `/issue-credential-2.0/records/${id}/send-request`, {});
    expect(again.text).toBe(`400: Credential exchange ${id} in request-sent state (must be offer-received)`);
  });

  it('refuses the anoncreds filter on an askar wallet and accepts both formats on an anoncreds wallet', async () => {
    const askar = agent();
    const refused = await askar.call('POST', '/issue-credential-2.0/send-offer', {
      connection_id: askar.person.connection_id,
      filter: { anoncreds: { cred_def_id: askar.ownCredDef('anoncreds').cred_def_id } },
      credential_preview: askar.preview('anoncreds'),
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toBe('400: AnonCreds interface requires AskarAnonCreds or KanonAnonCreds profile');

    const a = agent({ walletType: 'askar-anoncreds' });
    const byName = (kind: string, name: string) =>
      a.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === kind && d.schema.name === name)!;
    // One preview must fit every format's schema: Student ID and Library card differ, and the agent says how.
    const mismatch = await a.call('POST', '/issue-credential-2.0/send-offer', {
      connection_id: a.person.connection_id,
      filter: { indy: { cred_def_id: byName('indy', 'Student ID').cred_def_id }, anoncreds: { cred_def_id: byName('anoncreds', 'Library card').cred_def_id } },
      credential_preview: a.preview('indy'),
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toMatch(/^400: Preview attributes \{.*\} mismatch corresponding schema attributes \{.*\}$/);

    // The same credential in both formats: the holder takes anoncreds, so that sub-record is filled.
    const sent = await a.call('POST', '/issue-credential-2.0/send-offer', {
      connection_id: a.person.connection_id,
      filter: { indy: { schema_name: 'Student ID' }, anoncreds: { schema_name: 'Student ID' } },
      credential_preview: a.preview('indy'),
    });
    expect(sent.status).toBe(200);
    expect(Object.keys(sent.json!.by_format.cred_offer).sort()).toEqual(['anoncreds', 'indy']);
    await a.sandbox.peers.idle();
    await a.call('POST', `/issue-credential-2.0/records/${sent.json!.cred_ex_id}/issue`, {});
    const detail = a.sandbox.store.credentials.get(sent.json!.cred_ex_id)!;
    expect(detail.anoncreds).not.toBeNull();
    expect(detail.indy).toBeNull();
  });

  it('refuses a filter no credential definition of ours matches', async () => {
    const a = agent();
    const res = await a.call('POST', '/issue-credential-2.0/send-offer', {
      connection_id: a.person.connection_id,
      filter: { indy: { schema_name: 'Passport' } },
      credential_preview: a.preview('indy'),
    });
    expect(res.status).toBe(400);
    expect(res.text).toBe("400: Issuer has no operable cred def for proposal spec {'schema_name': 'Passport'}");
  });

  it('checks required fields (422 repr), unknown and unready connections', async () => {
    const a = agent();
    const missing = await a.call('POST', '/issue-credential-2.0/send-offer', {});
    expect(missing.status).toBe(422);
    expect(missing.text).toBe("422: {'json': {'connection_id': ['Missing data for required field.'], 'filter': ['Missing data for required field.']}}");
    const empty = await a.call('POST', '/issue-credential-2.0/send-offer', { connection_id: a.person.connection_id, filter: {} });
    expect(empty.text).toContain('V20CredFilterSchema requires indy, anoncreds');
    const unknown = await a.call('POST', '/issue-credential-2.0/send-offer', {
      connection_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      filter: { indy: {} },
      credential_preview: a.preview('indy'),
    });
    expect(unknown.status).toBe(404);
    const invited = [...a.sandbox.store.connections.values()].find((c) => c.state !== 'active')!;
    const notReady = await a.call('POST', '/issue-credential-2.0/send-offer', {
      connection_id: invited.connection_id,
      filter: { indy: {} },
      credential_preview: a.preview('indy'),
    });
    expect(notReady.status).toBe(403);
    expect(notReady.text).toBe(`403: Connection ${invited.connection_id} not ready`);
    const noBody = await a.sandbox.app.request(`/issue-credential-2.0/records/${[...a.sandbox.store.credentials.keys()][0]}/issue`, {
      method: 'POST',
      headers: { 'x-api-key': AGENT_KEY },
    });
    expect(noBody.status).toBe(500);
  });

  it('abandons on a problem report and removes on delete, each with a webhook', async () => {
    const a = agent();
    const offer = a.sandbox.credentials.peerOffer(a.faber.connection_id);
    const reported = await a.call('POST', `/issue-credential-2.0/records/${offer.cred_ex_id}/problem-report`, { description: 'Wrong name on the offer' });
    expect(reported.json).toEqual({});
    expect(a.sandbox.store.credentials.get(offer.cred_ex_id)!.cred_ex_record).toMatchObject({
      state: 'abandoned',
      error_msg: 'created problem report: Wrong name on the offer',
    });
    const lastSaved = a.sandbox.store.credentials.get(offer.cred_ex_id)!.cred_ex_record.updated_at;
    expect((await a.call('DELETE', `/issue-credential-2.0/records/${offer.cred_ex_id}`)).json).toEqual({});
    expect((await a.call('DELETE', `/issue-credential-2.0/records/${offer.cred_ex_id}`)).status).toBe(404);
    expect(a.statesOf(offer.cred_ex_id)).toEqual(['offer-received', 'abandoned', 'deleted']);
    expect(a.webhooks.at(-2)!.payload.error_msg).toBe('created problem report: Wrong name on the offer');
    // The deleted webhook carries the record as last saved.
    expect(a.webhooks.at(-1)!.payload.updated_at).toBe(lastSaved);
  });
});
