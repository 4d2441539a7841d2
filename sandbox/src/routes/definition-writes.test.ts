import { describe, expect, it } from 'vitest';
import { recordingSandbox } from '../testing.js';

describe('sandbox agent: writing schemas and credential definitions', () => {
  it('writes a schema and a revocable definition on an askar wallet, the registries reported by webhook', async () => {
    const { sandbox, webhooks, call } = recordingSandbox();
    const schema = await call('POST', '/schemas', { schema_name: 'Staff card', schema_version: '1.0', attributes: ['name', 'staff_no'] });
    expect(schema.status).toBe(200);
    expect(schema.json.schema_id).toBe(`${sandbox.store.ledger.ownDid}:2:Staff card:1.0`);
    expect(schema.json.sent.schema).toMatchObject({ ver: '1.0', name: 'Staff card', attrNames: ['name', 'staff_no'] });
    expect((await call('GET', '/schemas/created')).json.schema_ids).toContain(schema.json.schema_id);
    expect((await call('GET', `/schemas/${schema.json.schema.seqNo}`)).json.schema.id).toBe(schema.json.schema_id);

    const again = await call('POST', '/schemas', { schema_name: 'Staff card', schema_version: '1.0', attributes: ['x'] });
    expect(again.text).toBe('400: Schema Staff card 1.0 already exists');
    expect((await call('POST', '/schemas', { schema_name: 'X', schema_version: 'one', attributes: ['x'] })).status).toBe(422);
    expect((await call('POST', '/schemas', { schema_name: 'X', schema_version: '1.0' })).text).toBe(
      "422: {'json': {'attributes': ['Missing data for required field.']}}",
    );

    const body = {
      schema_id: schema.json.schema_id,
      tag: 'default',
      support_revocation: true,
      revocation_registry_size: 100,
      wait_for_revocation_setup: false,
    };
    const credDef = await call('POST', '/credential-definitions', body);
    expect(credDef.status).toBe(200);
    const id = credDef.json.credential_definition_id as string;
    expect(id).toBe(`${sandbox.store.ledger.ownDid}:3:CL:${schema.json.schema.seqNo}:default`);
    expect((await call('POST', '/credential-definitions', body)).text).toBe(`400: Cred def for ${schema.json.schema_id} default already exists`);
    expect((await call('POST', '/credential-definitions', { ...body, tag: 'big', revocation_registry_size: 3 })).text).toBe(
      "422: {'json': {'revocation_registry_size': ['Value 3 must be an integer between 4 and 32768 inclusively']}}",
    );
    await sandbox.peers.idle();
    const states = webhooks.filter((w) => w.topic === 'revocation_registry' && w.payload.cred_def_id === id).map((w) => w.payload.state);
    expect(states).toEqual(['init', 'generated', 'posted', 'active', 'init', 'generated', 'posted', 'active']);
    const active = (await call('GET', `/revocation/registries/created?cred_def_id=${encodeURIComponent(id)}&state=active`)).json.rev_reg_ids;
    expect(active).toHaveLength(2);
    const registry = (await call('GET', `/revocation/registry/${active[0]}`)).json.result;
    expect(registry).toMatchObject({ state: 'active', max_cred_num: 100, cred_def_id: id });
    expect(
      (await call('GET', `/credential-definitions/created?schema_id=${encodeURIComponent(schema.json.schema_id)}`)).json.credential_definition_ids,
    ).toEqual([id]);
  });

  it('on an askar wallet, a schema the ledger already holds under that id is returned when its attributes match and refused when they do not, as ACA-Py checks it', async () => {
    const { sandbox, call } = recordingSandbox();
    // The seeded Library card 1.0, written from the anoncreds interface by this agent's DID.
    const existing = sandbox.store.ledger.schemas.find((s) => s.name === 'Library card' && s.version === '1.0')!;
    const differing = await call('POST', '/schemas', { schema_name: 'Library card', schema_version: '1.0', attributes: ['name', 'member_id'] });
    expect(differing.text).toBe(
      `400: Schema already exists on ledger, but attributes do not match: Library card:1.0 ${`[${[...existing.attributes]
        .sort()
        .map((a) => `'${a}'`)
        .join(', ')}]`} != ['member_id', 'name']`,
    );
    expect((await call('GET', '/schemas/created')).json.schema_ids).not.toContain(existing.schema_id);

    const same = await call('POST', '/schemas', { schema_name: 'Library card', schema_version: '1.0', attributes: [...existing.attributes].reverse() });
    expect(same.status).toBe(200);
    expect(same.json.schema_id).toBe(existing.schema_id);
    expect(same.json.schema.attrNames).toEqual(existing.attributes);
    expect((await call('GET', '/schemas/created')).json.schema_ids).toContain(existing.schema_id);
  });

  it('waits for the registries when asked to (the default)', async () => {
    const { sandbox, call } = recordingSandbox({ peerDelayMs: 2 });
    const schemaId = (await call('POST', '/schemas', { schema_name: 'Waited', schema_version: '2.1', attributes: ['a'] })).json.schema_id;
    const credDef = await call('POST', '/credential-definitions', { schema_id: schemaId, tag: 'rev', support_revocation: true });
    const id = credDef.json.credential_definition_id as string;
    expect([...sandbox.store.registries.values()].filter((r) => r.cred_def_id === id).map((r) => [r.state, r.max_cred_num])).toEqual([
      ['active', 1000],
      ['active', 1000],
    ]);
  });

  it('writes them on an askar-anoncreds wallet, without webhooks; each interface refuses the other wallet type', async () => {
    const { sandbox, webhooks, call } = recordingSandbox({ walletType: 'askar-anoncreds' });
    const did = (await call('GET', '/wallet/did/public')).json.result.did as string;
    const schema = await call('POST', '/anoncreds/schema', { schema: { issuerId: did, name: 'Gym pass', version: '1.0', attrNames: ['name', 'level'] } });
    expect(schema.json.schema_state).toMatchObject({ state: 'finished', schema_id: `${did}:2:Gym pass:1.0` });
    expect((await call('GET', '/anoncreds/schemas')).json.schema_ids).toContain(schema.json.schema_state.schema_id);
    const dup = await call('POST', '/anoncreds/schema', { schema: { issuerId: did, name: 'Gym pass', version: '1.0', attrNames: ['name'] } });
    expect(dup.text).toBe(`400: Schema with Gym pass: 1.0 already exists for ${did}.`);
    expect((await call('POST', '/anoncreds/schema', { schema: { name: 'x' } })).status).toBe(422);
    const credDef = await call('POST', '/anoncreds/credential-definition', {
      credential_definition: { issuerId: did, schemaId: schema.json.schema_state.schema_id, tag: 'default' },
      options: { support_revocation: true, revocation_registry_size: 50 },
      wait_for_revocation_setup: false,
    });
    const id = credDef.json.credential_definition_state.credential_definition_id as string;
    expect((await call('GET', '/anoncreds/credential-definitions')).json.credential_definition_ids).toContain(id);
    expect((await call('GET', `/anoncreds/revocation/registries?cred_def_id=${encodeURIComponent(id)}`)).json.rev_reg_ids).toEqual([]);
    await sandbox.peers.idle();
    const finished = (await call('GET', `/anoncreds/revocation/registries?cred_def_id=${encodeURIComponent(id)}&state=finished`)).json.rev_reg_ids;
    expect(finished).toHaveLength(2);
    expect((await call('GET', `/anoncreds/revocation/registry/${finished[0]}`)).json.result.max_cred_num).toBe(50);
    expect(webhooks.filter((w) => w.topic === 'revocation_registry')).toEqual([]);
    expect((await call('POST', '/schemas', { schema_name: 'X', schema_version: '1.0', attributes: ['x'] })).text).toBe(
      '403: Interface not supported for an anoncreds profile',
    );
  });

  it('rotates the registries of a definition as ACA-Py 1.6.1 does on each interface; counts what each issued', async () => {
    const legacy = recordingSandbox();
    const schemaId = (await legacy.call('POST', '/schemas', { schema_name: 'Rotated', schema_version: '1.0', attributes: ['a'] })).json.schema_id;
    const body = { schema_id: schemaId, tag: 'default', support_revocation: true, revocation_registry_size: 10, wait_for_revocation_setup: false };
    const id = (await legacy.call('POST', '/credential-definitions', body)).json.credential_definition_id as string;
    await legacy.sandbox.peers.idle();
    const before = (await legacy.call('GET', `/revocation/registries/created?cred_def_id=${encodeURIComponent(id)}`)).json.rev_reg_ids as string[];
    expect((await legacy.call('GET', `/revocation/registry/${before[0]}/issued`)).json).toEqual({ result: 0 });
    legacy.webhooks.length = 0;
    const rotated = await legacy.call('POST', `/revocation/active-registry/${encodeURIComponent(id)}/rotate`);
    expect(rotated.json).toEqual({ rev_reg_ids: before });
    // A new registry still being set up is counted too (its record exists from init on).
    const fresh = [...legacy.sandbox.store.registries.values()].find((r) => r.cred_def_id === id && r.state === 'init')!;
    expect((await legacy.call('GET', `/revocation/registry/${fresh.revoc_reg_id}/issued`)).json).toEqual({ result: 0 });
    expect((await legacy.call('GET', '/revocation/registry/nope/issued')).status).toBe(404);
    await legacy.sandbox.peers.idle();
    // Both active registries decommissioned, each replaced by a new one that went through its states.
    const states = legacy.webhooks.filter((w) => w.topic === 'revocation_registry').map((w) => w.payload.state);
    expect(states.filter((s) => s === 'decommissioned')).toHaveLength(2);
    expect(states.filter((s) => s === 'active')).toHaveLength(2);
    const active = (await legacy.call('GET', `/revocation/registries/created?cred_def_id=${encodeURIComponent(id)}&state=active`)).json.rev_reg_ids;
    expect(active).toHaveLength(2);
    expect(active).not.toContain(before[0]);
    expect((await legacy.call('POST', `/anoncreds/revocation/active-registry/${encodeURIComponent(id)}/rotate`)).status).toBe(403);
    // The seeded definition's registry counts the credentials it issued.
    const seeded = [...legacy.sandbox.store.registries.values()].find((r) => r.max_cred_num === 1000)!;
    expect((await legacy.call('GET', `/revocation/registry/${seeded.revoc_reg_id}/issued`)).json.result).toBeGreaterThan(0);

    const { sandbox, call } = recordingSandbox({ walletType: 'askar-anoncreds' });
    const did = (await call('GET', '/wallet/did/public')).json.result.did as string;
    const schema = await call('POST', '/anoncreds/schema', { schema: { issuerId: did, name: 'Rotated', version: '1.0', attrNames: ['a'] } });
    const credDef = await call('POST', '/anoncreds/credential-definition', {
      credential_definition: { issuerId: did, schemaId: schema.json.schema_state.schema_id, tag: 'default' },
      options: { support_revocation: true, revocation_registry_size: 10 },
    });
    const anonId = credDef.json.credential_definition_state.credential_definition_id as string;
    await sandbox.peers.idle();
    const [first, second] = (await call('GET', `/anoncreds/revocation/registries?cred_def_id=${encodeURIComponent(anonId)}`)).json.rev_reg_ids as string[];
    const answer = (await call('POST', `/anoncreds/revocation/active-registry/${encodeURIComponent(anonId)}/rotate`)).json.rev_reg_ids as string[];
    // The answer lists every registry, the kept backup and the new one too; only the old active one is decommissioned.
    expect(answer).toHaveLength(3);
    expect(answer.slice(0, 2)).toEqual([first, second]);
    expect((await call('GET', `/anoncreds/revocation/registries?cred_def_id=${encodeURIComponent(anonId)}&state=decommissioned`)).json.rev_reg_ids).toEqual([
      first,
    ]);
    expect((await call('GET', `/anoncreds/revocation/registries?cred_def_id=${encodeURIComponent(anonId)}&state=finished`)).json.rev_reg_ids).toEqual([
      second,
      answer[2],
    ]);
    // Again: the new backup takes over.
    await call('POST', `/anoncreds/revocation/active-registry/${encodeURIComponent(anonId)}/rotate`);
    expect((await call('GET', `/anoncreds/revocation/registries?cred_def_id=${encodeURIComponent(anonId)}&state=decommissioned`)).json.rev_reg_ids).toEqual([
      first,
      second,
    ]);
    expect((await call('POST', '/revocation/active-registry/x/rotate')).status).toBe(403);
  });
});
