import { auditSummaryText, auditSummaryWords } from '@credence/shared';
import { describe as group, expect, it } from 'vitest';
import { describe, type AuditLookups } from './audit-describe.js';

const lookups: AuditLookups = {
  exchange: (kind, id) =>
    Promise.resolve(
      kind === 'credential' && id === 'e1'
        ? { connection_id: 'c1', connection_label: 'Ada Lovelace', schema_id: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2' }
        : kind === 'presentation' && id === 'p1'
          ? { connection_id: 'c1', connection_label: 'Ada Lovelace', request_name: 'Proof of age' }
          : undefined,
    ),
  connectionLabel: (id) => Promise.resolve(id === 'c1' ? 'Ada Lovelace' : undefined),
  issued: () => Promise.resolve(undefined),
};

const cases = [
  { route: '/issue-credential-2.0/send-offer', target: { cred_ex_id: 'e1' }, code: 'credential.offered' },
  { route: '/issue-credential-2.0/records/:cred_ex_id/issue', target: { cred_ex_id: 'e1' }, code: 'credential.issued' },
  { route: '/issue-credential-2.0/records/:cred_ex_id/issue', target: { cred_ex_id: 'e1' }, succeeded: false, code: 'credential.issueTried' },
  { route: '/issue-credential-2.0/records/:cred_ex_id/send-offer', target: { cred_ex_id: 'e1' }, code: 'credential.offeredAnswering' },
  { route: '/issue-credential-2.0/records/:cred_ex_id/problem-report', target: { cred_ex_id: 'e1' }, code: 'credential.declined' },
  { route: '/issue-credential-2.0/send-offer', target: { cred_ex_id: 'e9' }, code: 'credential.offered' },
  { route: '/present-proof-2.0/send-request', target: { pres_ex_id: 'p1' }, code: 'proof.asked' },
  { route: '/present-proof-2.0/send-request', target: { pres_ex_id: 'p1' }, succeeded: false, code: 'proof.askTried' },
  { route: '/present-proof-2.0/create-request', target: { pres_ex_id: 'p1' }, code: 'proof.qrRequested' },
  { route: '/session', target: {}, code: 'session.loggedIn' },
  { route: '/session', target: {}, succeeded: false, code: 'session.logInTried' },
  { route: '/proof-templates', target: { template_name: 'Proof of age', version: '2' }, code: 'template.saved' },
  { route: '/proof-templates/:id', method: 'PUT', target: { template_name: 'Proof of age', version: '3' }, code: 'template.changed' },
  { route: '/proof-templates/:id', method: 'DELETE', target: { template_name: 'Proof of age' }, code: 'template.deleted' },
  { route: '/proof-templates/:id', method: 'PUT', target: { template_name: 'Proof of age' }, succeeded: false, code: 'template.changeTried' },
  { route: '/connections/:conn_id', method: 'DELETE', target: { conn_id: 'c1' }, code: 'connection.removed' },
  { route: '/connections/:conn_id', method: 'DELETE', target: { conn_id: 'c9' }, code: 'connection.removedUnnamed' },
  { route: '/out-of-band/create-invitation', target: {}, code: 'connection.invitationCreated' },
] as const;

group('the audit log’s sentences, worded again at read time', () => {
  it.each(cases)('$route ($code): the summary written is the template’s, its values recovered', async ({ route, target, code, ...rest }) => {
    const succeeded = 'succeeded' in rest ? rest.succeeded : true;
    const method = 'method' in rest ? rest.method : 'POST';
    const written = await describe({ method, route, target: { ...target }, body: undefined, answer: undefined, succeeded }, lookups);
    const words = auditSummaryWords(written!.summary);
    expect(words?.code).toBe(code);
    expect(auditSummaryText(words!.code, words!.params)).toBe(written!.summary);
  });

  it('names the credential and the person as values, the generic words when not known', async () => {
    expect(auditSummaryWords('offered Student ID 1.2 to Ada Lovelace, answering their proposal')).toEqual({
      code: 'credential.offeredAnswering',
      params: { credential: 'Student ID 1.2', holder: 'Ada Lovelace' },
    });
    expect(auditSummaryWords('offered a credential to a connection')).toEqual({
      code: 'credential.offered',
      params: { credential: 'a credential', holder: 'a connection' },
    });
    expect(auditSummaryWords('asked Ada Lovelace for “Proof of age”')?.params).toEqual({ peer: 'Ada Lovelace', proof: '“Proof of age”' });
    expect(auditSummaryWords('revoked Student ID 1.2 of Ada (published)')).toBeUndefined();
  });
});
