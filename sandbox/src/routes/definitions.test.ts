import { describe, expect, it } from 'vitest';
import { AGENT_KEY, testSandbox } from '../testing.js';

const key = { 'x-api-key': AGENT_KEY };
const get = async (app: ReturnType<typeof testSandbox>['app'], path: string) => {
  const res = await app.request(path, { headers: key });
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? ((await res.json()) as Record<string, any>) : await res.text() };
};

describe('sandbox agent: credential definitions and schemas', () => {
  it('lists its own definitions on an askar wallet, each with its schema by sequence number', async () => {
    const { app } = testSandbox();
    const created = await get(app, '/credential-definitions/created');
    expect(created.status).toBe(200);
    const ids = (created.body as { credential_definition_ids: string[] }).credential_definition_ids;
    expect(ids.length).toBeGreaterThan(0);
    const { body } = await get(app, `/credential-definitions/${encodeURIComponent(ids[0]!)}`);
    const credDef = (body as { credential_definition: { schemaId: string; type: string } }).credential_definition;
    expect(credDef.type).toBe('CL');
    const schema = (await get(app, `/schemas/${credDef.schemaId}`)).body as { schema: { id: string; attrNames: string[]; seqNo: number } };
    expect(schema.schema.seqNo).toBe(Number(credDef.schemaId));
    expect(ids[0]!.split(':')[3]).toBe(credDef.schemaId);
    // The filters are the agent's tags; a filter nothing matches lists nothing.
    expect(
      ((await get(app, '/credential-definitions/created?schema_name=Nothing')).body as { credential_definition_ids: string[] }).credential_definition_ids,
    ).toEqual([]);
    expect((await get(app, '/credential-definitions/created?schema_version=one')).status).toBe(422);
    // An unknown definition is the ledger's None; an unknown schema is 404.
    expect((await get(app, '/credential-definitions/WgWxqztrNooG92RXvxSTWv:3:CL:1:none')).body).toEqual({ credential_definition: null });
    expect((await get(app, '/schemas/WgWxqztrNooG92RXvxSTWv:2:Nothing:1.0')).status).toBe(404);
  });

  it('answers each interface on its own wallet type only, with the agent’s 403', async () => {
    const askar = testSandbox();
    expect(await get(askar.app, '/anoncreds/credential-definitions')).toEqual({
      status: 403,
      body: '403: AnonCreds interface requires AskarAnonCreds or KanonAnonCreds profile',
    });
    const anoncreds = testSandbox({ walletType: 'askar-anoncreds' });
    expect(await get(anoncreds.app, '/credential-definitions/created')).toEqual({ status: 403, body: '403: Interface not supported for an anoncreds profile' });
    const ids = ((await get(anoncreds.app, '/anoncreds/credential-definitions')).body as { credential_definition_ids: string[] }).credential_definition_ids;
    expect(ids.length).toBeGreaterThan(0);
    const credDef = (await get(anoncreds.app, `/anoncreds/credential-definition/${encodeURIComponent(ids[0]!)}`)).body as {
      credential_definition: { schemaId: string };
    };
    const schema = (await get(anoncreds.app, `/anoncreds/schema/${encodeURIComponent(credDef.credential_definition.schemaId)}`)).body as {
      schema: { attrNames: string[] };
    };
    expect(schema.schema.attrNames.length).toBeGreaterThan(0);
    // An indy id no ledger has is the route's 400; an id no registry resolves fails unhandled (500).
    expect((await get(anoncreds.app, '/anoncreds/credential-definition/WgWxqztrNooG92RXvxSTWv:3:CL:1:none')).body).toBe(
      '400: Credential definition WgWxqztrNooG92RXvxSTWv:3:CL:1:none not found',
    );
    expect((await get(anoncreds.app, '/anoncreds/credential-definition/unknown')).status).toBe(500);
    expect((await get(anoncreds.app, '/anoncreds/schema/unknown')).body).toBe('400: No resolver available for identifier unknown');
  });

  it('answers a schema by sequence number with the ledger’s id and metadata; an unknown number is a ledger error', async () => {
    const askar = testSandbox();
    expect(await get(askar.app, '/schemas/999999')).toEqual({ status: 400, body: '400: Could not get schema from ledger for seq no 999999' });
    expect((await get(askar.app, '/credential-definitions/created?cred_def_id=nope')).body).toBe(
      "422: {'querystring': {'cred_def_id': ['Value nope is not an indy credential definition identifier']}}",
    );
    const anoncreds = testSandbox({ walletType: 'askar-anoncreds' });
    const ids = ((await get(anoncreds.app, '/anoncreds/credential-definitions')).body as { credential_definition_ids: string[] }).credential_definition_ids;
    const seqNo = ids[0]!.split(':')[3]!;
    const schema = (await get(anoncreds.app, `/anoncreds/schema/${seqNo}`)).body as Record<string, any>;
    expect(schema.schema_id).toMatch(/:2:/);
    expect(schema.schema_metadata).toEqual({ seqNo: Number(seqNo) });
    expect(schema.resolution_metadata).toEqual({ ledger_id: null });
  });

  it('lists, per wallet type, what the offer engine issues with the filter of that interface, also after the upgrade', async () => {
    const offerable = async (sandbox: ReturnType<typeof testSandbox>, kind: 'indy' | 'anoncreds', ids: string[]) => {
      for (const id of ids) {
        const credDef = sandbox.store.ledger.credDefs.find((d) => d.cred_def_id === id)!;
        const attributes = credDef.schema.attributes.map((name) => ({ name, value: '1' }));
        const res = await sandbox.app.request('/issue-credential-2.0/create', {
          method: 'POST',
          headers: { ...key, 'content-type': 'application/json' },
          body: JSON.stringify({
            filter: { [kind]: { cred_def_id: id } },
            credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes },
          }),
        });
        expect(res.status, `${kind} ${id}: ${await res.clone().text()}`).toBe(200);
      }
    };
    const idsAt = async (sandbox: ReturnType<typeof testSandbox>, path: string) =>
      ((await get(sandbox.app, path)).body as { credential_definition_ids: string[] }).credential_definition_ids;
    const sandbox = testSandbox();
    await offerable(sandbox, 'indy', await idsAt(sandbox, '/credential-definitions/created'));
    sandbox.upgrade.start('test-wallet');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(sandbox.store.wallet.type).toBe('askar-anoncreds');
    const ids = await idsAt(sandbox, '/anoncreds/credential-definitions');
    expect(ids.length).toBeGreaterThan(0);
    await offerable(sandbox, 'anoncreds', ids);
  });
});
