import { describe, expect, it } from 'vitest';
import { advisedCredentialAction, advisedPresentationAction } from './advised-actions.js';
import { roleMayUse } from './permissions.js';
import { fieldErrorsFrom } from './problem.js';
import { credentialListQuerySchema, presentationListQuerySchema } from './queries.js';
import { queryToStrings } from './query-strings.js';
import { connectionLabel, credentialFormatOf, normaliseVerified } from './record-readers.js';
import { loginBodySchema } from './session.js';
import { isExchangeTopic, topicVersions, v1StateToV2, v2StateToV1 } from './versioning.js';

describe('list query schemas', () => {
  it('accept the agent’s parameters and normalise them for the wire', () => {
    const parsed = credentialListQuerySchema.parse({ state: 'offer-sent', role: 'issuer', limit: '26', offset: '0', descending: 'true', order_by: 'id' });
    expect(parsed).toEqual({ state: 'offer-sent', role: 'issuer', limit: 26, offset: 0, descending: true, order_by: 'id' });
    expect(queryToStrings(parsed)).toEqual({ state: 'offer-sent', role: 'issuer', limit: '26', offset: '0', descending: 'true', order_by: 'id' });
  });

  it('refuse roles and states of the other exchange', () => {
    expect(credentialListQuerySchema.safeParse({ role: 'verifier' }).success).toBe(false);
    expect(presentationListQuerySchema.safeParse({ role: 'issuer' }).success).toBe(false);
    expect(presentationListQuerySchema.safeParse({ state: 'offer-sent' }).success).toBe(false);
    expect(presentationListQuerySchema.safeParse({ state: 'presentation-received', role: 'verifier' }).success).toBe(true);
  });

  it('name unknown and bad fields in problem errors', () => {
    const result = credentialListQuerySchema.safeParse({ limit: '0', sate: 'done' });
    expect(result.success).toBe(false);
    const errors = fieldErrorsFrom(result.error!, 'query');
    expect(errors).toHaveLength(2);
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'query.sate', message: 'Unknown field', code: 'field.unknown' },
        { path: 'query.limit', message: 'must be at least 1' },
      ]),
    );
  });
});

describe('login body', () => {
  it('trims the username and refuses unknown keys and empty fields', () => {
    expect(loginBodySchema.parse({ username: ' admin ', password: 'x' })).toEqual({ username: 'admin', password: 'x' });
    expect(loginBodySchema.safeParse({ username: 'admin', password: '' }).success).toBe(false);
    expect(loginBodySchema.safeParse({ username: 'admin', password: 'x', role: 'admin' }).success).toBe(false);
    expect(loginBodySchema.safeParse({ username: '<script>', password: 'x' }).success).toBe(false);
  });
});

describe('advised actions', () => {
  it('follow the spec’s table', () => {
    expect(advisedCredentialAction('offer-received')?.advice).toBe('Fetch the offer details and decide whether to send a request.');
    expect(advisedCredentialAction('request-received')?.label).toBe('Issue credential');
    expect(advisedCredentialAction('credential-received')?.label).toBe('Store credential');
    expect(advisedCredentialAction('offer-sent')).toBeUndefined();
    expect(advisedPresentationAction('request-received')?.label).toBe('Prepare presentation');
    expect(advisedPresentationAction('presentation-received')?.label).toBe('Verify');
    expect(advisedPresentationAction('done')).toBeUndefined();
  });

  it('also name the step a received proposal waits for', () => {
    expect(advisedCredentialAction('proposal-received')?.label).toBe('Review proposal');
    expect(advisedPresentationAction('proposal-received')?.label).toBe('Review proposal');
  });
});

describe('v1.0 and v2.0 names', () => {
  it('map states between snake_case and kebab-case and tell topics apart', () => {
    expect(v1StateToV2('credential_received')).toBe('credential-received');
    expect(v2StateToV1('offer-sent')).toBe('offer_sent');
    expect(topicVersions.issue_credential.idField).toBe('credential_exchange_id');
    expect(topicVersions.issue_credential_v2_0.idField).toBe('cred_ex_id');
    expect(isExchangeTopic('present_proof')).toBe(true);
    expect(isExchangeTopic('__proto__')).toBe(false);
    expect(isExchangeTopic('connections')).toBe(false);
  });
});

describe('records', () => {
  it('normalise verified from the agent’s strings', () => {
    expect(normaliseVerified('true')).toBe(true);
    expect(normaliseVerified('false')).toBe(false);
    expect(normaliseVerified(true)).toBe(true);
    expect(normaliseVerified(undefined)).toBeNull();
    expect(normaliseVerified('yes')).toBeNull();
  });

  it('label a connection by alias, then their label, then id', () => {
    expect(connectionLabel({ connection_id: 'c1', alias: 'Alice (mobile)', their_label: 'Alice' })).toBe('Alice (mobile)');
    expect(connectionLabel({ connection_id: 'c1', their_label: 'Alice' })).toBe('Alice');
    expect(connectionLabel({ connection_id: 'c1' })).toBe('c1');
  });
});

describe('permissions', () => {
  it('give each role its areas', () => {
    expect(roleMayUse('issuer', 'credentials')).toBe(true);
    expect(roleMayUse('issuer', 'presentations')).toBe(false);
    expect(roleMayUse('verifier', 'presentations')).toBe(true);
    expect(roleMayUse('verifier', 'wallet')).toBe(false);
    for (const area of ['credentials', 'presentations', 'revocation', 'wallet', 'audit'] as const) expect(roleMayUse('admin', area)).toBe(true);
  });
});

describe('credentialFormatOf', () => {
  const record = { cred_ex_id: 'x', state: 'offer-sent', role: 'issuer' as const, created_at: '', updated_at: '' };
  it('reads the sub-record first, then the messages', () => {
    expect(credentialFormatOf({ cred_ex_record: record, indy: {}, anoncreds: null, ld_proof: null, vc_di: null })).toBe('indy');
    expect(
      credentialFormatOf({
        cred_ex_record: { ...record, by_format: { cred_offer: { anoncreds: {} } } },
        indy: null,
        anoncreds: null,
        ld_proof: null,
        vc_di: null,
      }),
    ).toBe('anoncreds');
    expect(credentialFormatOf({ cred_ex_record: record, indy: null, anoncreds: null, ld_proof: null, vc_di: null })).toBeUndefined();
  });
});

describe('ids that go into the agent’s path or body', () => {
  it('refuses "." and "..", which a URL resolves as path steps, and a schema id the agent would refuse as malformed', async () => {
    const { registryParamsSchema, credDefSendBodySchema } = await import('./definition-writes.js');
    const { anoncredsCredDefParamsSchema } = await import('./definitions.js');
    for (const id of ['.', '..']) {
      expect(registryParamsSchema.safeParse({ rev_reg_id: id }).success).toBe(false);
      expect(anoncredsCredDefParamsSchema.safeParse({ cred_def_id: id }).success).toBe(false);
    }
    expect(registryParamsSchema.safeParse({ rev_reg_id: 'WgWxqztrNooG92RXvxSTWv:4:WgWxqztrNooG92RXvxSTWv:3:CL:20:tag:CL_ACCUM:0' }).success).toBe(true);
    const body = (schema_id: string) => ({ schema_id, tag: 'default', support_revocation: false, wait_for_revocation_setup: false });
    expect(credDefSendBodySchema.safeParse(body('3.272571764667374e+119')).success).toBe(false);
    expect(credDefSendBodySchema.safeParse(body('WgWxqztrNooG92RXvxSTWv:2:Staff card:1.0')).success).toBe(true);
  });
});
