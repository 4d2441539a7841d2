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
    expect((await get(anoncreds.app, '/anoncreds/credential-definition/unknown')).status).toBe(400);
  });
});
