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
});
