import type { IssuedCredential, Problem } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

async function adminWithRegister() {
  const bff = await testBff();
  const admin = await bff.cookieFor('admin');
  await bff.send(admin, 'POST', '/api/register/backfill', {});
  const page = (await (await bff.send(admin, 'GET', '/api/register/credentials?status=issued&limit=100')).json()) as { results: IssuedCredential[] };
  const revocable = page.results.filter((c) => c.rev_reg_id && c.cred_rev_id && c.holder_label && c.schema_id?.includes(':Student ID:'));
  const agentRevokes = () => bff.calls.filter((c) => c.url.pathname.endsWith('/revocation/revoke'));
  return { ...bff, admin, revocable, agentRevokes };
}

describe('a credential revoked once', () => {
  it('is not revoked again while its revocation waits to be published: 409 in plain words, the agent not asked', async () => {
    const { send, admin, revocable, agentRevokes } = await adminWithRegister();
    const credential = revocable[0]!;
    expect((await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: credential.cred_ex_id })).status).toBe(200);
    expect(agentRevokes()).toHaveLength(1);

    const again = await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: credential.cred_ex_id });
    expect(again.status).toBe(409);
    const problem = (await again.json()) as Problem;
    expect(problem.detail).toBe(`${credential.holder_label}’s Student ID 1.2 is already revoked; the revocation waits to be published.`);
    // By its registry and id, as the Issued page revokes: refused the same.
    const byPair = await send(admin, 'POST', '/api/revocation/revoke', { rev_reg_id: credential.rev_reg_id, cred_rev_id: credential.cred_rev_id });
    expect(byPair.status).toBe(409);
    expect(agentRevokes()).toHaveLength(1);
  });

  it('is not revoked again once published', async () => {
    const { send, admin, revocable, agentRevokes } = await adminWithRegister();
    const credential = revocable[1]!;
    expect((await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: credential.cred_ex_id, publish: true })).status).toBe(200);
    const again = await send(admin, 'POST', '/api/revocation/revoke', { rev_reg_id: credential.rev_reg_id, cred_rev_id: credential.cred_rev_id });
    expect(again.status).toBe(409);
    expect(((await again.json()) as Problem).detail).toBe(`${credential.holder_label}’s Student ID 1.2 is already revoked, and the revocation is published.`);
    expect(agentRevokes()).toHaveLength(1);
  });

  it('a credential still valid is revoked as before', async () => {
    const { send, admin, revocable } = await adminWithRegister();
    const [one, other] = [revocable[2]!, revocable[3]!];
    expect((await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: one.cred_ex_id })).status).toBe(200);
    expect((await send(admin, 'POST', '/api/revocation/revoke', { rev_reg_id: other.rev_reg_id, cred_rev_id: other.cred_rev_id })).status).toBe(200);
  });
});
