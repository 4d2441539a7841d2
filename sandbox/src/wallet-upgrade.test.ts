import { describe, expect, it } from 'vitest';
import { issuingRegistry } from './registries.js';
import { recordingSandbox } from './testing.js';

type Call = ReturnType<typeof recordingSandbox>['call'];
const q = encodeURIComponent;

/** What the agent lists of its own schemas, credential definitions and registries on one interface. */
async function inventory(call: Call, anoncreds: boolean) {
  const schemaIds: string[] = (await call('GET', anoncreds ? '/anoncreds/schemas' : '/schemas/created')).json.schema_ids;
  const credDefIds: string[] = (await call('GET', anoncreds ? '/anoncreds/credential-definitions' : '/credential-definitions/created')).json
    .credential_definition_ids;
  const registryIds: string[] = (await call('GET', anoncreds ? '/anoncreds/revocation/registries' : '/revocation/registries/created')).json.rev_reg_ids;
  const schemas = await Promise.all(
    schemaIds.map(async (id) => {
      const s = (await call('GET', `${anoncreds ? '/anoncreds/schema' : '/schemas'}/${q(id)}`)).json.schema;
      return { id, name: s.name, version: s.version, attributes: [...s.attrNames].sort() };
    }),
  );
  const credDefs = await Promise.all(
    credDefIds.map(async (id) => {
      const d = (await call('GET', `${anoncreds ? '/anoncreds/credential-definition' : '/credential-definitions'}/${q(id)}`)).json.credential_definition;
      return { id, tag: d.tag, revocable: d.value.revocation !== undefined };
    }),
  );
  return { schemas, credDefs, registryIds: [...registryIds].sort() };
}

async function upgraded(sandbox: ReturnType<typeof recordingSandbox>['sandbox'], call: Call) {
  expect((await call('POST', `/anoncreds/wallet/upgrade?wallet_name=${sandbox.store.wallet.name}`)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 80));
  expect(sandbox.store.wallet.type).toBe('askar-anoncreds');
}

describe('sandbox agent: the upgrade to askar-anoncreds converts the wallet’s records (wallet/anoncreds_upgrade.py)', () => {
  it('keeps every schema, credential definition and registry the askar wallet had, under the same ids, attributes and tags', async () => {
    const { sandbox, call, connectionNamed } = recordingSandbox();
    // An admin makes a definition shortly before the upgrade.
    const schema = await call('POST', '/schemas', { schema_name: 'Alumni card', schema_version: '1.0', attributes: ['name', 'graduation_year'] });
    const made = await call('POST', '/credential-definitions', {
      schema_id: schema.json.schema_id,
      tag: 'alumni',
      support_revocation: true,
      revocation_registry_size: 50,
    });
    const alumni = made.json.credential_definition_id as string;
    await sandbox.peers.idle();
    const before = await inventory(call, false);
    expect(before.credDefs.map((d) => d.id)).toContain(alumni);
    expect(before.registryIds.length).toBeGreaterThanOrEqual(4);

    await upgraded(sandbox, call);
    const after = await inventory(call, true);
    expect(after.schemas).toEqual(expect.arrayContaining(before.schemas));
    expect(after.schemas).toHaveLength(before.schemas.length);
    expect(after.credDefs).toEqual(expect.arrayContaining(before.credDefs));
    expect(after.credDefs).toHaveLength(before.credDefs.length);
    expect(after.registryIds).toEqual(before.registryIds);

    // The registries of each definition: the oldest active one issues, the other is its backup.
    const ofAlumni = (await call('GET', `/anoncreds/revocation/registries?cred_def_id=${q(alumni)}`)).json.rev_reg_ids as string[];
    expect(ofAlumni).toHaveLength(2);
    const records = await Promise.all(ofAlumni.map(async (id) => (await call('GET', `/anoncreds/revocation/registry/${q(id)}`)).json.result));
    expect(records.map((r) => [r.state, r.max_cred_num])).toEqual([
      ['finished', 50],
      ['finished', 50],
    ]);
    expect(issuingRegistry(sandbox.store.registries.values(), alumni)?.revoc_reg_id).toBe(ofAlumni[0]);
    expect(records.map((r) => r.revoc_reg_id)).toEqual(ofAlumni);

    // The clerk goes on issuing it, now with the anoncreds filter, from the registry tagged active.
    const offer = await call('POST', '/issue-credential-2.0/send-offer', {
      connection_id: connectionNamed('Bob Smith').connection_id,
      auto_issue: true,
      filter: { anoncreds: { cred_def_id: alumni } },
      credential_preview: {
        '@type': 'issue-credential/2.0/credential-preview',
        attributes: [
          { name: 'name', value: 'Bob Smith' },
          { name: 'graduation_year', value: '2019' },
        ],
      },
    });
    expect(offer.status).toBe(200);
    await sandbox.peers.idle();
    const issued = (await call('GET', `/anoncreds/revocation/registry/${q(ofAlumni[0]!)}/issued`)).json.result;
    expect(issued).toBe(1);
    // The definitions another wallet of this DID wrote (on the ledger, not in this wallet) stay out.
    const elsewhere = sandbox.store.ledger.credDefs.filter((d) => d.heldElsewhere).map((d) => d.cred_def_id);
    expect(elsewhere.length).toBeGreaterThan(0);
    expect(after.credDefs.map((d) => d.id)).not.toEqual(expect.arrayContaining([elsewhere[0]]));
  });

  it('answers the legacy routes as ACA-Py does on an anoncreds profile afterwards: refused (403)', async () => {
    const { sandbox, call } = recordingSandbox();
    await upgraded(sandbox, call);
    for (const path of ['/schemas/created', '/credential-definitions/created', '/revocation/registries/created']) {
      expect((await call('GET', path)).text).toBe('403: Interface not supported for an anoncreds profile');
    }
  });

  it('keeps each issued credential’s revocation state: revoked ones stay revoked, the others can still be revoked', async () => {
    const { sandbox, call } = recordingSandbox();
    const revs = [...sandbox.store.issuerCredRevs.values()];
    const revoked = revs.find((r) => r.state === 'revoked')!;
    const issued = revs.find((r) => r.state === 'issued')!;
    await upgraded(sandbox, call);
    const record = async (r: typeof revoked) =>
      (
        (await call('GET', `/anoncreds/revocation/registry/${q(r.rev_reg_id)}/issued/details`)).json as {
          cred_rev_id: string;
          state: string;
          cred_ex_id: string;
        }[]
      ).find((d) => d.cred_rev_id === r.cred_rev_id);
    expect(await record(revoked)).toMatchObject({ state: 'revoked', cred_ex_id: revoked.cred_ex_id });
    expect(await record(issued)).toMatchObject({ state: 'issued', cred_ex_id: issued.cred_ex_id });
    const revoke = await call('POST', '/anoncreds/revocation/revoke', { rev_reg_id: issued.rev_reg_id, cred_rev_id: issued.cred_rev_id, publish: true });
    expect(revoke.status).toBe(200);
    expect(await record(issued)).toMatchObject({ state: 'revoked' });
  });

  it('a failed upgrade converts nothing: the wallet stays askar with its records on the legacy routes', async () => {
    const { sandbox, call } = recordingSandbox({ upgrade: { outcome: 'fail' } });
    const before = await inventory(call, false);
    expect((await call('POST', `/anoncreds/wallet/upgrade?wallet_name=${sandbox.store.wallet.name}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sandbox.store.wallet.type).toBe('askar');
    expect(await inventory(call, false)).toEqual(before);
  });
});
