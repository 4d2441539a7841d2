import { describe, expect, it } from 'vitest';
import { AgentContract } from '../test/agent-contract.js';
import { ConsoleContract } from '../test/console-contract.js';
import { testBff } from '../test/harness.js';
import type { WalletType } from '@credence/sandbox';

/**
 * The agent contract: full flows through the BFF against the sandbox, every request the BFF sends to
 * the agent, every answer and every webhook checked against ACA-Py 1.6.1's OpenAPI document.
 */
const contract = await AgentContract.create();
const consoleContract = new ConsoleContract();
const PREVIEW = 'issue-credential/2.0/credential-preview';
type Json = Record<string, any>;

async function startConsole(walletType: WalletType) {
  const pending: Promise<unknown>[] = [];
  const sent: { topic: string; payload: Json }[] = [];
  const bff: Awaited<ReturnType<typeof testBff>> = await testBff({
    sandbox: {
      walletType,
      peerDelayMs: 0,
      upgrade: { durationMs: 40 },
      // Webhooks go to the BFF's intake as the agent posts them, after the check.
      emit: (topic, payload) => {
        contract!.checkWebhook(topic, payload);
        sent.push({ topic, payload });
        pending.push(Promise.resolve().then(() => bff.webhook(topic, payload)));
      },
    },
    observe: (request, response) => contract!.checkCall(request, response),
  });
  const issuer = await bff.cookieFor('issuer');
  const verifier = await bff.cookieFor('verifier');
  const admin = await bff.cookieFor('admin');
  const json = async (cookie: string, method: string, path: string, body?: unknown, status = 200): Promise<Json> => {
    const res = await bff.send(cookie, method, path, body);
    const text = await res.text();
    expect(res.status, `${method} ${path}: ${text}`).toBe(status);
    const answer = text ? (JSON.parse(text) as Json) : {};
    consoleContract.check(method, path, res.status, text ? answer : null);
    return answer;
  };
  const settle = async () => {
    await bff.sandbox.peers.idle();
    await Promise.all(pending.splice(0));
  };
  const store = bff.sandbox.store;
  const connection = (label: string) => [...store.connections.values()].find((c) => c.their_label === label)!;
  const ownCredDef = (kind: 'indy' | 'anoncreds', revocable: boolean) =>
    store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === kind && d.revocable === revocable)!;
  /** The states one record's webhooks reported on a topic, in order (a connection's RFC 23 states). */
  const walked = (topic: string, idField: string, id: string, field = 'state') =>
    sent.filter((w) => w.topic === topic && w.payload[idField] === id).map((w) => w.payload[field] ?? w.payload.state);
  return {
    ...bff,
    issuer,
    verifier,
    admin,
    json,
    settle,
    connection,
    ownCredDef,
    walked,
    kind: walletType === 'askar' ? ('indy' as const) : ('anoncreds' as const),
  };
}

type Console = Awaited<ReturnType<typeof startConsole>>;
const CRED = '/api/issue-credential-2.0';
const PRES = '/api/present-proof-2.0';

async function readEverything({ json, issuer, verifier, admin }: Console) {
  for (const query of ['', '?limit=500', '?state=done', '?role=holder&descending=true', '?state=credential-revoked']) {
    const list = await json(issuer, 'GET', `${CRED}/records${query}`);
    for (const detail of list.results.slice(0, 3)) await json(issuer, 'GET', `${CRED}/records/${detail.cred_ex_record.cred_ex_id}`);
  }
  for (const query of ['', '?limit=500', '?state=done&role=verifier', '?role=prover']) {
    const list = await json(verifier, 'GET', `${PRES}/records${query}`);
    for (const record of list.results.slice(0, 3)) await json(verifier, 'GET', `${PRES}/records/${record.pres_ex_id}`);
  }
  const connections = await json(issuer, 'GET', '/api/connections?limit=100');
  await json(issuer, 'GET', `/api/connections/${connections.results[0].connection_id}`);
  await json(admin, 'GET', '/api/config');
  await json(admin, 'GET', '/api/wallet');
  await json(admin, 'GET', '/api/revocation/pending');
  await json(issuer, 'GET', `${CRED}/records/00000000-0000-4000-8000-000000000000`, undefined, 404);
}

/** This agent's definitions and their schemas, as the offer form reads them; the other wallet type's routes answer 403. */
async function definitions({ json, issuer, verifier, kind }: Console) {
  if (kind === 'indy') {
    const { credential_definition_ids: ids } = await json(issuer, 'GET', '/api/credential-definitions/created');
    expect(ids.length).toBeGreaterThan(0);
    await json(issuer, 'GET', '/api/credential-definitions/created?schema_name=Student%20ID&schema_version=1.2');
    for (const id of ids as string[]) {
      const { credential_definition: credDef } = await json(verifier, 'GET', `/api/credential-definitions/${encodeURIComponent(id)}`);
      const { schema } = await json(verifier, 'GET', `/api/schemas/${credDef.schemaId}`);
      expect(schema.attrNames.length).toBeGreaterThan(0);
      await json(issuer, 'GET', `/api/schemas/${encodeURIComponent(schema.id)}`);
    }
    await json(issuer, 'GET', `/api/schemas/${encodeURIComponent('WgWxqztrNooG92RXvxSTWv:2:Nothing:9.9')}`, undefined, 404);
    await json(issuer, 'GET', '/api/anoncreds/credential-definitions', undefined, 403);
  } else {
    const { credential_definition_ids: ids } = await json(issuer, 'GET', '/api/anoncreds/credential-definitions');
    expect(ids.length).toBeGreaterThan(0);
    const filtered = await json(issuer, 'GET', '/api/anoncreds/credential-definitions?schema_name=Library%20card&schema_version=1.0');
    expect(filtered.credential_definition_ids.length).toBe(1);
    for (const id of ids as string[]) {
      const { credential_definition: credDef } = await json(verifier, 'GET', `/api/anoncreds/credential-definition/${encodeURIComponent(id)}`);
      await json(verifier, 'GET', `/api/anoncreds/schema/${encodeURIComponent(credDef.schemaId)}`);
    }
    await json(issuer, 'GET', `/api/anoncreds/credential-definition/${encodeURIComponent('WgWxqztrNooG92RXvxSTWv:3:CL:1:none')}`, undefined, 400);
    await json(issuer, 'GET', '/api/credential-definitions/created', undefined, 403);
  }
}

/**
 * An admin checks a seeded registry against the ledger (the legacy interface finds the seeded drift and
 * fixes it; the anoncreds one refuses, as ACA-Py 1.6.1 does) and rotates a seeded definition's registries.
 */
async function registryHealth({ json, admin, issuer, kind, ownCredDef, settle }: Console) {
  const credDefId = ownCredDef(kind, true).cred_def_id;
  const q = `cred_def_id=${encodeURIComponent(credDefId)}`;
  const prefix = kind === 'indy' ? '/api/revocation' : '/api/anoncreds/revocation';
  const ids = (await json(issuer, 'GET', kind === 'indy' ? `${prefix}/registries/created?${q}` : `${prefix}/registries?${q}`)).rev_reg_ids as string[];
  const check = (apply: boolean, status = 200, who = admin) =>
    json(who, 'PUT', `${prefix}/registry/${encodeURIComponent(ids[0]!)}/fix-revocation-entry-state?apply_ledger_update=${apply}`, {}, status);
  await check(false, 403, issuer);
  if (kind === 'indy') {
    expect((await check(false)).accum_calculated.value.revoked.length).toBeGreaterThan(0);
    expect(Object.keys((await check(true)).accum_fixed)).not.toHaveLength(0);
    expect(await check(false)).toMatchObject({ accum_calculated: {}, accum_fixed: {} });
  } else {
    await check(false, 400);
  }
  expect((await json(admin, 'POST', `${prefix}/active-registry/${encodeURIComponent(credDefId)}/rotate`, {})).rev_reg_ids.length).toBeGreaterThan(1);
  await settle();
}

/**
 * An admin writes a schema and a revocable credential definition on it (the wallet type's interface),
 * reads the registries the agent set up, and an issuer offers a credential with the new definition.
 */
async function definitionWrites({ json, admin, issuer, settle, kind, connection }: Console) {
  const attributes = ['name', 'staff_no'];
  let credDefId: string;
  if (kind === 'indy') {
    const { schema_id: schemaId } = await json(admin, 'POST', '/api/schemas', { schema_name: 'Staff card', schema_version: '1.0', attributes });
    await json(admin, 'POST', '/api/schemas', { schema_name: 'Staff card', schema_version: '1.0', attributes }, 400);
    await json(issuer, 'GET', '/api/schemas/created?schema_name=Staff%20card');
    const body = { schema_id: schemaId, tag: 'default', support_revocation: true, revocation_registry_size: 100, wait_for_revocation_setup: false };
    credDefId = (await json(admin, 'POST', '/api/credential-definitions', body)).credential_definition_id;
    await json(admin, 'POST', '/api/credential-definitions', body, 400);
    await json(admin, 'POST', '/api/credential-definitions', { ...body, tag: 'plain', support_revocation: false, revocation_registry_size: undefined });
    await settle();
    const q = `cred_def_id=${encodeURIComponent(credDefId)}`;
    const { rev_reg_ids: ids } = await json(issuer, 'GET', `/api/revocation/registries/created?${q}&state=active`);
    expect(ids).toHaveLength(2);
    for (const id of ids as string[]) {
      await json(issuer, 'GET', `/api/revocation/registry/${encodeURIComponent(id)}`);
      await json(issuer, 'GET', `/api/revocation/registry/${encodeURIComponent(id)}/issued`);
    }
    // Rotation: both active registries retired, two new ones set up in their place.
    const rotate = `/api/revocation/active-registry/${encodeURIComponent(credDefId)}/rotate`;
    await json(issuer, 'POST', rotate, {}, 403);
    expect((await json(admin, 'POST', rotate, {})).rev_reg_ids).toEqual(ids);
    await settle();
    expect((await json(issuer, 'GET', `/api/revocation/registries/created?${q}&state=active`)).rev_reg_ids).toHaveLength(2);
  } else {
    const { result } = await json(admin, 'GET', '/api/wallet/did/public');
    const schema = { name: 'Staff card', version: '1.0', attrNames: attributes, issuerId: result.did };
    const { schema_state: state } = await json(admin, 'POST', '/api/anoncreds/schema', { schema });
    await json(admin, 'POST', '/api/anoncreds/schema', { schema }, 400);
    await json(issuer, 'GET', '/api/anoncreds/schemas?schema_name=Staff%20card');
    const body = {
      credential_definition: { schemaId: state.schema_id, tag: 'default', issuerId: result.did },
      options: { support_revocation: true, revocation_registry_size: 100 },
      wait_for_revocation_setup: false as const,
    };
    credDefId = (await json(admin, 'POST', '/api/anoncreds/credential-definition', body)).credential_definition_state.credential_definition_id;
    await json(admin, 'POST', '/api/anoncreds/credential-definition', body, 400);
    await settle();
    const { rev_reg_ids: ids } = await json(issuer, 'GET', `/api/anoncreds/revocation/registries?cred_def_id=${encodeURIComponent(credDefId)}&state=finished`);
    expect(ids).toHaveLength(2);
    for (const id of ids as string[]) {
      await json(issuer, 'GET', `/api/anoncreds/revocation/registry/${encodeURIComponent(id)}`);
      await json(issuer, 'GET', `/api/anoncreds/revocation/registry/${encodeURIComponent(id)}/issued`);
    }
    // Rotation: the backup takes over, a new backup is registered, the old active one is decommissioned.
    const rotate = `/api/anoncreds/revocation/active-registry/${encodeURIComponent(credDefId)}/rotate`;
    await json(issuer, 'POST', rotate, {}, 403);
    expect((await json(admin, 'POST', rotate, {})).rev_reg_ids).toHaveLength(3);
    await settle();
  }
  await json(issuer, 'POST', `${CRED}/send-offer`, {
    connection_id: connection('Bob Smith').connection_id,
    filter: { [kind]: { cred_def_id: credDefId } },
    credential_preview: { '@type': PREVIEW, attributes: attributes.map((name) => ({ name, value: 'x' })) },
  });
  await settle();
}

/** Invitations both ways, a wallet scanning ours, connectionless exchanges at a counter, and removal. */
async function connections(c: Console) {
  const { json, issuer, verifier, settle, sandbox, kind, ownCredDef, walked } = c;
  const didexchange = ['https://didcomm.org/didexchange/1.1'];
  const single = await json(issuer, 'POST', '/api/out-of-band/create-invitation?auto_accept=true', {
    handshake_protocols: didexchange,
    alias: 'Grace at the desk',
    goal: 'To receive your student card',
  });
  expect(single.invitation).toMatchObject({
    '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
    handshake_protocols: didexchange,
    goal: 'To receive your student card',
  });
  expect(JSON.parse(Buffer.from(new URL(single.invitation_url).searchParams.get('oob')!, 'base64url').toString())).toEqual(single.invitation);
  // Not yet used: the pending connection's invitation is read again (its QR code shown again, not made anew).
  const pending = ((await json(issuer, 'GET', '/api/connections')).results as { connection_id: string; invitation_msg_id?: string }[]).find(
    (r) => r.invitation_msg_id === single.invi_msg_id,
  )!;
  const records = await json(issuer, 'GET', `/api/out-of-band/records?connection_id=${pending.connection_id}&limit=1`);
  expect(records.results).toEqual([expect.objectContaining({ oob_id: single.oob_id, state: 'await-response', invitation: single.invitation })]);
  const scanned = await sandbox.outOfBand.scan(single.invitation_url, { label: 'Grace Hopper' });
  expect(scanned.oob_id).toBe(single.oob_id);
  await settle();
  const grace = await json(issuer, 'GET', `/api/connections/${scanned.connection_id}`);
  expect(grace).toMatchObject({ state: 'active', alias: 'Grace at the desk', their_label: 'Grace Hopper', invitation_msg_id: single.invi_msg_id });
  expect(walked('connections', 'connection_id', scanned.connection_id!, 'rfc23_state')).toEqual([
    'invitation-sent',
    'request-received',
    'response-sent',
    'completed',
  ]);
  expect(walked('out_of_band', 'oob_id', single.oob_id)).toEqual(['await-response', 'done', 'deleted']);
  // Used once: its record is gone, and with it the QR code.
  expect((await json(issuer, 'GET', `/api/out-of-band/records?connection_id=${pending.connection_id}`)).results).toEqual([]);

  // Multi-use: a connection per scan; the invitation and its own connection stay.
  const multi = await json(verifier, 'POST', '/api/out-of-band/create-invitation?multi_use=true&auto_accept=true', {
    handshake_protocols: didexchange,
    alias: 'Front desk',
    my_label: 'City Registry',
    goal: 'Join the registry',
    goal_code: 'aries.relationship.create',
  });
  expect(multi.invitation.label).toBe('City Registry');
  const scans = [];
  for (const label of ['First', 'Second']) scans.push(await sandbox.outOfBand.scan(multi.invitation_url, { label }));
  await settle();
  for (const scan of scans) expect((await json(verifier, 'GET', `/api/connections/${scan.connection_id}`)).state).toBe('active');
  expect(walked('connections', 'connection_id', scans[0]!.connection_id!)).toEqual(['start', 'request', 'response', 'active']);
  expect(walked('out_of_band', 'oob_id', multi.oob_id)).toEqual(['await-response', 'done', 'done']);

  // A partner's invitation, received and completed by their simulated agent.
  const received = await json(verifier, 'POST', '/api/out-of-band/receive-invitation?alias=Contoso&auto_accept=true', {
    '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
    '@id': '6b1f3d2e-1a4b-4c5d-8e9f-0a1b2c3d4e5f',
    label: 'Contoso Registry',
    handshake_protocols: didexchange,
    services: [
      {
        id: '#inline',
        type: 'did-communication',
        recipientKeys: ['did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH'],
        serviceEndpoint: 'https://partner.example',
      },
    ],
  });
  expect(received).toMatchObject({ role: 'receiver', state: 'deleted' });
  await settle();
  expect(await json(verifier, 'GET', `/api/connections/${received.connection_id}`)).toMatchObject({
    state: 'active',
    their_label: 'Contoso Registry',
    alias: 'Contoso',
  });
  expect(walked('connections', 'connection_id', received.connection_id, 'rfc23_state')).toEqual([
    'invitation-received',
    'request-sent',
    'response-received',
    'completed',
  ]);
  await json(verifier, 'DELETE', `/api/connections/${received.connection_id}`);
  await json(verifier, 'GET', `/api/connections/${received.connection_id}`, undefined, 404);
  await json(verifier, 'DELETE', `/api/connections/${received.connection_id}`, undefined, 404);
  expect(walked('connections', 'connection_id', received.connection_id).at(-1)).toBe('deleted');
  await json(issuer, 'POST', '/api/out-of-band/create-invitation', { alias: 'nothing to do' }, 400);

  // At a counter: a proof request with no connection, carried by an invitation without a handshake.
  const credDef = ownCredDef(kind, true);
  const restrictions = [{ cred_def_id: credDef.cred_def_id }];
  const request = { name: 'Counter check', version: '1.0', requested_attributes: { '0_name_uuid': { name: 'name', restrictions } }, requested_predicates: {} };
  for (const holds of [true, false]) {
    const created = await json(verifier, 'POST', `${PRES}/create-request`, {
      presentation_request: { [kind]: request },
      auto_verify: true,
      auto_remove: false,
    });
    const invitation = await json(verifier, 'POST', '/api/out-of-band/create-invitation', { attachments: [{ id: created.pres_ex_id, type: 'present-proof' }] });
    expect(invitation.invitation.handshake_protocols).toEqual([]);
    await json(
      verifier,
      'POST',
      '/api/out-of-band/create-invitation?multi_use=true',
      { attachments: [{ id: created.pres_ex_id, type: 'present-proof' }] },
      400,
    );
    const answer = await sandbox.outOfBand.scan(invitation.invitation_url, { holdsCredential: holds });
    expect(answer).toEqual({ oob_id: invitation.oob_id, exchange_id: created.pres_ex_id });
    await settle();
    const record = await json(verifier, 'GET', `${PRES}/records/${created.pres_ex_id}`);
    expect(record).toMatchObject(holds ? { state: 'done', verified: true } : { state: 'abandoned' });
    expect(record.connection_id).toBeUndefined();
    expect(walked('out_of_band', 'oob_id', invitation.oob_id)).toEqual(['await-response']);
  }
  // …and a credential offer the same way.
  const preview = { '@type': PREVIEW, attributes: credDef.schema.attributes.map((name) => ({ name, value: `${name} at the counter` })) };
  const offer = await json(issuer, 'POST', `${CRED}/create-offer`, {
    filter: { [kind]: { cred_def_id: credDef.cred_def_id } },
    credential_preview: preview,
    comment: 'Your card, at the counter',
    auto_issue: true,
    auto_remove: false,
  });
  expect(offer).toMatchObject({ state: 'offer-sent', auto_issue: true, auto_remove: false });
  const offerInvitation = await json(issuer, 'POST', '/api/out-of-band/create-invitation', {
    attachments: [{ id: offer.cred_ex_id, type: 'credential-offer' }],
  });
  await sandbox.outOfBand.scan(offerInvitation.invitation_url, {});
  await settle();
  expect(walked('issue_credential_v2_0', 'cred_ex_id', offer.cred_ex_id).slice(0, 3)).toEqual(['offer-sent', 'request-received', 'credential-issued']);
  expect((await json(issuer, 'GET', `${CRED}/records/${offer.cred_ex_id}`)).cred_ex_record.connection_id).toBeUndefined();
}

async function issuance(c: Console) {
  const { json, issuer, settle, connection, ownCredDef, kind, sandbox } = c;
  const credDef = ownCredDef(kind, true);
  const preview = { '@type': PREVIEW, attributes: credDef.schema.attributes.map((name) => ({ name, value: name === 'name' ? 'Bob Smith' : '2024' })) };
  const bob = connection('Bob Smith').connection_id;
  // Kept: offer → request → issue → done.
  const kept = await json(issuer, 'POST', `${CRED}/send-offer`, {
    connection_id: bob,
    filter: { [kind]: { cred_def_id: credDef.cred_def_id } },
    credential_preview: preview,
    auto_remove: false,
  });
  await settle();
  await json(issuer, 'POST', `${CRED}/records/${kept.cred_ex_id}/issue`, { comment: 'Here it is' });
  await settle();
  // Removed by the agent once done.
  const removed = await json(issuer, 'POST', `${CRED}/send-offer`, {
    connection_id: bob,
    filter: { [kind]: { cred_def_id: credDef.cred_def_id } },
    credential_preview: preview,
    auto_remove: true,
  });
  await settle();
  await json(issuer, 'POST', `${CRED}/records/${removed.cred_ex_id}/issue`, {});
  await settle();
  await json(issuer, 'GET', `${CRED}/records/${removed.cred_ex_id}`, undefined, 404);
  // Connectionless offer, then abandoned by our own problem report, then removed.
  const created = await json(issuer, 'POST', `${CRED}/create-offer`, { filter: { [kind]: { cred_def_id: credDef.cred_def_id } }, credential_preview: preview });
  await json(issuer, 'POST', `${CRED}/records/${created.cred_ex_id}/issue`, {}, 400);
  const offered = await json(issuer, 'POST', `${CRED}/send-offer`, {
    connection_id: bob,
    filter: { [kind]: { cred_def_id: ownCredDef(kind, false).cred_def_id } },
    credential_preview: { '@type': PREVIEW, attributes: ownCredDef(kind, false).schema.attributes.map((name) => ({ name, value: 'x' })) },
  });
  await json(issuer, 'POST', `${CRED}/records/${offered.cred_ex_id}/problem-report`, { description: 'Sent by mistake' });
  await json(issuer, 'DELETE', `${CRED}/records/${created.cred_ex_id}`);
  // A holder proposes; we answer with a counter offer, then issue.
  const proposal = sandbox.credentials.peerProposal(bob);
  await settle();
  const proposedDef = sandbox.store.credentials.get(proposal.cred_ex_id)!;
  const proposedKind = proposedDef.cred_ex_record.by_format?.cred_proposal?.anoncreds ? 'anoncreds' : 'indy';
  const proposedCredDef = sandbox.store.ledger.credDefs.find(
    (d) => d.cred_def_id === (proposedDef.cred_ex_record.by_format?.cred_proposal as Json)?.[proposedKind]?.cred_def_id,
  )!;
  await json(issuer, 'POST', `${CRED}/records/${proposal.cred_ex_id}/send-offer`, {
    filter: { [proposedKind]: { cred_def_id: proposedCredDef.cred_def_id } },
    counter_preview: { '@type': PREVIEW, attributes: proposedCredDef.schema.attributes.map((name) => ({ name, value: 'countered' })) },
  });
  await settle();
  await json(issuer, 'POST', `${CRED}/records/${proposal.cred_ex_id}/issue`, {});
  await settle();
  // As holder: an offer from a peer issuer, accepted and stored; then a proposal of ours.
  const offer = sandbox.credentials.peerOffer();
  await settle();
  await json(issuer, 'POST', `${CRED}/records/${offer.cred_ex_id}/send-request`, {});
  await settle();
  await json(issuer, 'POST', `${CRED}/records/${offer.cred_ex_id}/store`, {});
  await settle();
  const faber = connection('Faber College').connection_id;
  const degree = sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'Faber College')!;
  const proposed = await json(issuer, 'POST', `${CRED}/send-proposal`, { connection_id: faber, filter: { indy: { cred_def_id: degree.cred_def_id } } });
  await settle();
  const answered = await json(issuer, 'GET', `${CRED}/records/${proposed.cred_ex_id}`);
  if (answered.cred_ex_record.state === 'offer-received') {
    await json(issuer, 'POST', `${CRED}/records/${proposed.cred_ex_id}/send-request`, {});
    await settle();
  }
  return { kept: kept.cred_ex_id as string, removed: removed.cred_ex_id as string, bob };
}

async function presentation(c: Console) {
  const { json, verifier, settle, connection, sandbox, kind } = c;
  const bob = connection('Bob Smith').connection_id;
  const credDef = sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === kind && d.revocable)!;
  const restrictions = [{ cred_def_id: credDef.cred_def_id }];
  const request = {
    name: 'Proof of enrolment',
    version: '1.0',
    requested_attributes: { '0_name_uuid': { name: 'name', restrictions } },
    requested_predicates: { '0_year_GE_uuid': { name: 'enrolment_year', p_type: '>=', p_value: 2000, restrictions } },
    non_revoked: { from: 1_700_000_000, to: 1_800_000_000 },
  };
  const sent = await json(verifier, 'POST', `${PRES}/send-request`, { connection_id: bob, presentation_request: { [kind]: request }, auto_verify: false });
  await settle();
  await json(verifier, 'POST', `${PRES}/records/${sent.pres_ex_id}/verify-presentation`, {});
  await settle();
  await json(verifier, 'POST', `${PRES}/create-request`, { presentation_request: { [kind]: request } });
  const abandoned = await json(verifier, 'POST', `${PRES}/send-request`, { connection_id: bob, presentation_request: { [kind]: request } });
  await json(verifier, 'POST', `${PRES}/records/${abandoned.pres_ex_id}/problem-report`, { description: 'Asked the wrong person' });
  await json(verifier, 'DELETE', `${PRES}/records/${abandoned.pres_ex_id}`);
  const proposalReceived = (await json(verifier, 'GET', `${PRES}/records?state=proposal-received`)).results[0];
  if (proposalReceived) {
    await json(verifier, 'POST', `${PRES}/records/${proposalReceived.pres_ex_id}/send-request`, {});
    await settle();
  }
  // As prover: a peer asks, we pick credentials and present.
  const asked = sandbox.presentations.peerRequest();
  await settle();
  const credentials = (await json(verifier, 'GET', `${PRES}/records/${asked.pres_ex_id}/credentials`)) as unknown as Json[];
  const record = await json(verifier, 'GET', `${PRES}/records/${asked.pres_ex_id}`);
  const askedKind = Object.keys(record.by_format.pres_request)[0]!;
  const proofRequest = record.by_format.pres_request[askedKind];
  // The agent lists every credential that answers a referent; the prover picks one whose value meets the predicate.
  const meets = (cr: Json, ref: string) => {
    const predicate = proofRequest.requested_predicates[ref];
    if (!predicate) return true;
    const value = Number(cr.cred_info.attrs[predicate.name]);
    return { '>=': value >= predicate.p_value, '>': value > predicate.p_value, '<=': value <= predicate.p_value, '<': value < predicate.p_value }[
      predicate.p_type as string
    ];
  };
  const pick = (ref: string) => credentials.find((cr) => cr.presentation_referents.includes(ref) && meets(cr, ref))!.cred_info.referent;
  await json(verifier, 'POST', `${PRES}/records/${asked.pres_ex_id}/send-presentation`, {
    [askedKind]: {
      requested_attributes: Object.fromEntries(Object.keys(proofRequest.requested_attributes).map((ref) => [ref, { cred_id: pick(ref), revealed: true }])),
      requested_predicates: Object.fromEntries(Object.keys(proofRequest.requested_predicates).map((ref) => [ref, { cred_id: pick(ref) }])),
      self_attested_attributes: {},
    },
  });
  await settle();
  const acme = connection('Acme Corp HR').connection_id;
  await json(verifier, 'POST', `${PRES}/send-proposal`, {
    connection_id: acme,
    presentation_proposal: {
      [askedKind]: { name: 'Offer', version: '1.0', requested_attributes: proofRequest.requested_attributes, requested_predicates: {} },
    },
  });
  await settle();
}

async function revocation(c: Console, issued: { kept: string; removed: string; bob: string }) {
  const { json, admin, sandbox } = c;
  const seeded = [...sandbox.store.credentials.values()].filter((d) => d.cred_ex_record.role === 'issuer' && (d.indy ?? d.anoncreds)?.cred_rev_id);
  await json(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: issued.kept });
  await json(admin, 'GET', '/api/revocation/pending');
  await json(admin, 'POST', '/api/revocation/publish', {});
  // The exchange was removed by the agent once done; its revocation record was not.
  await json(admin, 'POST', '/api/revocation/revoke', {
    cred_ex_id: issued.removed,
    publish: true,
    notify: true,
    connection_id: issued.bob,
    notify_version: 'v2_0',
    comment: 'Card lost',
  });
  const unrevoked = [...sandbox.store.issuerCredRevs.values()].filter(
    (r) => r.state === 'issued' && r.cred_ex_id !== issued.kept && r.cred_ex_id !== issued.removed,
  );
  await json(admin, 'POST', '/api/revocation/revoke', { rev_reg_id: unrevoked[0]!.rev_reg_id, cred_rev_id: unrevoked[0]!.cred_rev_id });
  const pending = await json(admin, 'GET', '/api/revocation/pending');
  await json(admin, 'POST', '/api/revocation/publish', { rev_reg_ids: pending.registries.map((r: Json) => r.rev_reg_id) });
  const kept = seeded.find((d) => d.cred_ex_record.state === 'done' && unrevoked.slice(1).some((r) => r.cred_ex_id === d.cred_ex_record.cred_ex_id))!;
  await json(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: kept.cred_ex_record.cred_ex_id, publish: true, notify: true });
  expect((await json(admin, 'GET', `${CRED}/records/${kept.cred_ex_record.cred_ex_id}`)).cred_ex_record.state).toBe('credential-revoked');
  await json(admin, 'GET', `${CRED}/records?state=credential-revoked`);
}

async function upgrade(c: Console, walletType: WalletType) {
  const { json, admin, send } = c;
  const body = { wallet_name: 'test-wallet', confirm_wallet_name: 'test-wallet', backup_confirmed: true };
  if (walletType === 'askar-anoncreds') {
    expect((await send(admin, 'POST', '/api/wallet/upgrade', body)).status).toBe(409);
    return;
  }
  await json(admin, 'POST', '/api/wallet/upgrade', body, 202);
  let state = '';
  for (let i = 0; i < 200 && state !== 'done'; i++) {
    await new Promise((r) => setTimeout(r, 10));
    state = (await json(admin, 'GET', '/api/wallet')).upgrade.state;
  }
  expect(state).toBe('done');
  await json(admin, 'GET', '/api/config');
}

/**
 * The register: its backfill pages through both exchange lists (limit, offset) and reads every
 * revocation registry's issued credentials (the interface the wallet type offers), and its intake,
 * after the flows' webhooks, read records and connections; every one of those calls is checked above.
 */
async function register({ json, issuer, verifier, admin, settle, register: intake, kind }: Console) {
  await settle();
  await intake.idle();
  const { records } = await json(admin, 'POST', '/api/register/backfill', {});
  expect(records).toBeGreaterThan(0);
  const registries =
    kind === 'indy'
      ? ['GET /revocation/registries/created', 'GET /revocation/registry/{rev_reg_id}/issued/details']
      : ['GET /anoncreds/revocation/registries', 'GET /anoncreds/revocation/registry/{rev_reg_id}/issued/details'];
  expect([...contract!.operations]).toEqual(expect.arrayContaining(registries));
  const credentials = await json(issuer, 'GET', '/api/register/exchanges?kind=credential&sort=-updated&limit=20');
  expect(credentials.total).toBeGreaterThan(0);
  await json(verifier, 'GET', '/api/register/exchanges?kind=presentation&removed=false');
  const issued = await json(issuer, 'GET', '/api/register/credentials');
  expect(issued.results.length).toBeGreaterThan(0);
}

describe.skipIf(!contract)('the agent contract (ACA-Py 1.6.1 OpenAPI)', () => {
  for (const walletType of ['askar', 'askar-anoncreds'] as const) {
    it(`holds over every flow the console drives, on an ${walletType} wallet`, async () => {
      const c = await startConsole(walletType);
      await readEverything(c);
      await definitions(c);
      await definitionWrites(c);
      await registryHealth(c);
      await connections(c);
      const issued = await issuance(c);
      await presentation(c);
      await revocation(c, issued);
      await c.json(c.admin, 'GET', '/api/health');
      await readEverything(c);
      await register(c);
      await upgrade(c, walletType);
      await c.settle();
      await c.register.idle();
      expect(c.calls.length).toBeGreaterThan(50);
    }, 60_000);
  }

  it('finds no request, answer or webhook that breaks the contract', () => {
    expect(contract!.topics).toEqual(
      expect.arrayContaining(['connections', 'out_of_band', 'issue_credential_v2_0', 'present_proof_v2_0', 'revocation_registry']),
    );
    const shown = contract!.violations.slice(0, 40).map((v) => `${v.kind} ${v.at}\n    ${v.errors.slice(0, 4).join('\n    ')}`);
    expect(shown, contract!.summary()).toEqual([]);
    expect(contract!.calls).toBeGreaterThan(200);
    expect(contract!.webhooks).toBeGreaterThan(50);
  });

  it('hands the browser only answers that the shared response schemas accept', async ({ annotate }) => {
    expect(consoleContract.violations).toEqual([]);
    expect(consoleContract.checked).toBeGreaterThan(150);
    // The tally, as a test annotation: shown by `vitest --reporter=verbose` and in failure reports, not on every run.
    await annotate(`[contract] ${contract!.summary()}; ${consoleContract.checked} console answers checked against the shared contract`);
  });
});
