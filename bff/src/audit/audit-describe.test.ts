import { describe as group, expect, it } from 'vitest';
import { describe, type AuditLookups } from './audit-describe.js';

const lookups: AuditLookups = {
  exchange: (kind, id) =>
    Promise.resolve(
      id === 'p1'
        ? { connection_id: 'c1', connection_label: 'Dana Okafor', request_name: 'Proof of age' }
        : kind === 'credential' && id === 'e1'
          ? { connection_id: 'c1' }
          : undefined,
    ),
  connectionLabel: (id) => Promise.resolve(id === 'c1' ? 'Dana Okafor' : undefined),
  issued: () => Promise.resolve(undefined),
};

const input = (over: Partial<Parameters<typeof describe>[0]>) => ({
  method: 'POST',
  route: '/',
  target: {},
  body: undefined,
  answer: undefined,
  succeeded: true,
  ...over,
});

group('the audit log in business terms', () => {
  it('says what a verifier did, with the result the agent answered', async () => {
    expect(
      await describe(
        input({
          route: '/present-proof-2.0/records/:pres_ex_id/verify-presentation',
          target: { pres_ex_id: 'p1' },
          answer: { pres_ex_id: 'p1', verified: 'false' },
        }),
        lookups,
      ),
    ).toEqual({ summary: 'verified “Proof of age” from Dana Okafor: not verified', link: '/presentations/p1' });
  });

  it('names the credential from the offer when the register has no schema yet, the person from the agent', async () => {
    const described = await describe(
      input({
        route: '/issue-credential-2.0/records/:cred_ex_id/issue',
        target: { cred_ex_id: 'e1' },
        answer: {
          cred_ex_record: { cred_ex_id: 'e1', state: 'credential-issued', by_format: { cred_offer: { indy: { schema_id: 'did:2:Employee badge:2.0' } } } },
        },
      }),
      lookups,
    );
    expect(described?.summary).toBe('issued Employee badge 2.0 to Dana Okafor');
  });

  it('names the holder whose credentials were revoked in bulk, and what was skipped', async () => {
    const answer = { preview_id: 'v1', selection: { connection_id: 'c1' }, revoked: 3, skipped: 1, failed: 0, results: [], repeated: false };
    const described = await describe(input({ route: '/revocation/bulk-revoke', body: { preview_id: 'v1', expected_count: 4 }, answer }), lookups);
    expect(described).toEqual({
      summary: 'revoked 3 credentials in bulk issued to Dana Okafor (pending publication; 1 already revoked, skipped)',
      link: '/issued?status=revoked-pending',
    });
    // The same request again (a double click, a retry): answered with the first one's result, and said so.
    const again = await describe(input({ route: '/revocation/bulk-revoke', answer: { ...answer, repeated: true } }), lookups);
    expect(again?.summary).toBe('asked again to revoke credentials in bulk issued to Dana Okafor: nothing revoked again (the first request revoked 3)');
    const previewed = await describe(
      input({ route: '/revocation/bulk-revoke/preview', body: { q: 'Smith' }, answer: { credentials: [{}, {}], preview_id: 'v2' } }),
      lookups,
    );
    expect(previewed?.summary).toBe('previewed revoking 2 credentials in bulk matching “Smith”');
  });

  it('says "tried to" for a refusal and never guesses a name it does not know', async () => {
    expect(await describe(input({ route: '/issue-credential-2.0/send-offer', body: { connection_id: 'c9' }, succeeded: false }), lookups)).toEqual({
      summary: 'tried to offer a credential to a connection',
      link: null,
    });
  });

  it('names proof templates and leaves unknown routes to the raw action', async () => {
    expect(
      await describe(input({ method: 'PUT', route: '/proof-templates/:id', target: { id: 't1', template_name: 'Proof of age', version: '3' } }), lookups),
    ).toEqual({ summary: 'changed the proof template “Proof of age” (version 3)', link: '/templates/t1' });
    expect(await describe(input({ route: '/something/new' }), lookups)).toBeUndefined();
  });

  it('says which language a user chose for themselves', async () => {
    expect(await describe(input({ method: 'PUT', route: '/preferences', target: { language: 'fr-CA' } }), lookups)).toEqual({
      summary: 'chose Canadian French as their language',
      link: null,
    });
  });

  it('says what a simulated wallet scan on the sandbox was, not its route', async () => {
    expect(await describe(input({ route: '/sandbox/wallet-scan' }), lookups)).toEqual({
      summary: 'had the sandbox’s simulated wallet scan a QR code',
      link: null,
    });
    expect(await describe(input({ route: '/sandbox/wallet-scan', succeeded: false }), lookups)).toMatchObject({
      summary: 'tried to have the sandbox’s simulated wallet scan a QR code',
    });
  });
});

group('the audit log: schemas and credential definitions', () => {
  it('names the schema an admin created, on either interface', async () => {
    expect(
      await describe(input({ route: '/schemas', body: { schema_name: 'Student ID', schema_version: '1.3', attributes: ['name', 'degree'] } }), lookups),
    ).toEqual({ summary: 'created schema Student ID 1.3 (name, degree)', link: '/definitions' });
    expect(
      (
        await describe(
          input({ route: '/anoncreds/schema', body: { schema: { name: 'Gym pass', version: '1.0', attrNames: ['level'] } }, succeeded: false }),
          lookups,
        )
      )?.summary,
    ).toBe('tried to create schema Gym pass 1.0');
  });

  it('names the credential definition, its schema and its registries', async () => {
    const legacy = { schema_id: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.3', tag: 'default', support_revocation: true, revocation_registry_size: 500 };
    expect((await describe(input({ route: '/credential-definitions', body: legacy }), lookups))?.summary).toBe(
      'created the revocable credential definition “default” of Student ID 1.3 (registries of 500)',
    );
    const anoncreds = {
      credential_definition: { schemaId: 'WgWxqztrNooG92RXvxSTWv:2:Gym pass:1.0', tag: 'v1', issuerId: 'x' },
      options: { support_revocation: false },
    };
    expect((await describe(input({ route: '/anoncreds/credential-definition', body: anoncreds }), lookups))?.summary).toBe(
      'created the non-revocable credential definition “v1” of Gym pass 1.0',
    );
  });

  it('names the credential definition whose registries were rotated', async () => {
    const credDefId = 'WgWxqztrNooG92RXvxSTWv:3:CL:20:default';
    for (const route of ['/revocation/active-registry/:cred_def_id/rotate', '/anoncreds/revocation/active-registry/:cred_def_id/rotate']) {
      const done = await describe(input({ route, target: { cred_def_id: credDefId }, answer: { rev_reg_ids: ['a'] } }), lookups);
      expect(done?.summary).toBe(`rotated the revocation registries of credential definition ${credDefId}`);
      expect(done?.link).toBe('/definitions');
      const tried = await describe(input({ route, target: { cred_def_id: credDefId }, succeeded: false }), lookups);
      expect(tried?.summary).toBe(`tried to rotate the revocation registries of credential definition ${credDefId}`);
    }
  });

  it('says what a registry check against the ledger found, and what applying the fix wrote', async () => {
    const route = '/revocation/registry/:rev_reg_id/fix-revocation-entry-state';
    const id = 'WgWxqztrNooG92RXvxSTWv:4:WgWxqztrNooG92RXvxSTWv:3:CL:20:default:CL_ACCUM:1';
    const delta = { ver: '1.0', value: { accum: '21 A', revoked: [1, 2] } };
    const calculated = { ver: '1.0', value: { revoked: [5, 7, 9] } };
    const check = (apply: string, answer: unknown) =>
      describe(input({ method: 'PUT', route, target: { rev_reg_id: id, apply_ledger_update: apply }, answer }), lookups);
    expect((await check('false', { rev_reg_delta: delta, accum_calculated: calculated, accum_fixed: {} }))?.summary).toBe(
      `checked revocation registry ${id} against the ledger: 3 revocations missing on the ledger`,
    );
    expect((await check('false', { rev_reg_delta: delta, accum_calculated: {}, accum_fixed: {} }))?.summary).toBe(
      `checked revocation registry ${id} against the ledger: the ledger and the wallet agree`,
    );
    expect((await check('true', { rev_reg_delta: delta, accum_calculated: calculated, accum_fixed: { txn: {} } }))?.summary).toBe(
      `fixed the ledger entry of revocation registry ${id}: 3 revocations written to the ledger`,
    );
  });

  it('names the revocations published: each credential and its holder, from the register', async () => {
    const names: AuditLookups = {
      ...lookups,
      issued: (revRegId, credRevId) =>
        Promise.resolve(
          credRevId === '1'
            ? { cred_ex_id: 'x1', holder_label: 'Bob Smith', schema_id: 'Th7:2:Student ID:1.2' }
            : credRevId === '2'
              ? { cred_ex_id: 'x2', holder_label: 'Dana Okafor', schema_id: 'Th7:2:Library card:1.0' }
              : undefined,
        ),
    };
    const published = (answer: unknown) => describe(input({ route: '/revocation/publish', body: {}, answer }), names);
    expect((await published({ published: { 'Th7:4:reg1': ['1', '2'], 'Th7:4:reg2': ['9'] } }))?.summary).toBe(
      'published 3 revocations: Student ID 1.2 of Bob Smith, Library card 1.0 of Dana Okafor and credential 9 of revocation registry Th7:4:reg2',
    );
    expect((await published({ published: { r: ['1'] } }))?.summary).toBe('published 1 revocation: Student ID 1.2 of Bob Smith');
    expect((await published({ published: {} }))?.summary).toBe('published the pending revocations: none was waiting');
    const many = Object.fromEntries([['r', Array.from({ length: 14 }, (_, i) => String(i + 1))]]);
    expect((await published({ published: many }))?.summary).toMatch(
      /^published 14 revocations: Student ID 1\.2 of Bob Smith, Library card 1\.0 of Dana Okafor, .* and 4 more$/,
    );
  });
});
