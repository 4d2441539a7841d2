import type { Approval, IssuedCredential, Problem } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { demoUsers, UserDirectory } from '../auth/users.js';
import { hashPassword } from '../auth/passwords.js';
import { TEST_PASSWORD, testBff } from '../test/harness.js';

const HOUR = 3_600_000;

/** A console with APPROVALS=revoke,bulk-issue,wallet-upgrade and two admins, `admin` and `ada`. */
async function twoAdmins(kinds: string[] = ['revoke', 'bulk-issue', 'wallet-upgrade'], ttlMs = 72 * HOUR) {
  const users = new UserDirectory([...(await demoUsers(TEST_PASSWORD)), { username: 'ada', role: 'admin', passwordHash: await hashPassword(TEST_PASSWORD) }]);
  const bff = await testBff({ users, approvals: { kinds: new Set(kinds) as never, ttlMs } });
  const cookieOf = async (username: string) => (await bff.login(username)).headers.get('set-cookie')!.split(';')[0]!;
  const admin = await cookieOf('admin');
  const ada = await cookieOf('ada');
  await bff.send(admin, 'POST', '/api/register/backfill', {});
  const page = (await (await bff.send(admin, 'GET', '/api/register/credentials?status=issued&limit=100')).json()) as { results: IssuedCredential[] };
  const revocable = page.results.filter((c) => c.rev_reg_id && c.cred_rev_id && c.holder_label && c.schema_id?.includes(':Student ID:'));
  const agentRevokes = () => bff.calls.filter((c) => c.url.pathname.endsWith('/revocation/revoke'));
  const list = async (cookie: string) => ((await (await bff.send(cookie, 'GET', '/api/approvals')).json()) as { results: Approval[] }).results;
  return { ...bff, admin, ada, cookieOf, revocable, agentRevokes, list };
}

describe('an action that needs a second person (APPROVALS)', () => {
  it('answers 202 with the request, and nothing reaches the agent until another admin approves the stored request', async () => {
    const { send, admin, ada, revocable, agentRevokes, list } = await twoAdmins();
    const credential = revocable[0]!;
    const asked = await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: credential.cred_ex_id });
    expect(asked.status).toBe(202);
    const { approval_id } = (await asked.json()) as { approval_id: string };
    expect(agentRevokes()).toEqual([]);

    const [waiting] = await list(ada);
    expect(waiting).toMatchObject({ id: approval_id, state: 'pending', requestedBy: 'admin', mine: false });
    expect(waiting!.what).toEqual({ kind: 'revoke', credential: 'Student ID 1.2', holder: credential.holder_label });
    expect((await list(admin))[0]).toMatchObject({ id: approval_id, mine: true });

    const approved = await send(ada, 'POST', `/api/approvals/${approval_id}/approve`, { cred_ex_id: 'something else' });
    expect(approved.status).toBe(400); // the approver's browser sends nothing of the action
    const done = await send(ada, 'POST', `/api/approvals/${approval_id}/approve`, {});
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ state: 'approved', decidedBy: 'ada', outcome: { status: 200 } });
    expect(agentRevokes()).toHaveLength(1);
    expect(JSON.parse(agentRevokes()[0]!.body!)).toMatchObject({ cred_ex_id: credential.cred_ex_id });

    // Approved once: a second approval carries nothing out again.
    expect((await send(ada, 'POST', `/api/approvals/${approval_id}/approve`, {})).status).toBe(409);
    expect(agentRevokes()).toHaveLength(1);
  });

  it('the audit log names both people', async () => {
    const { send, admin, ada, revocable } = await twoAdmins();
    const { approval_id } = (await (await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: revocable[0]!.cred_ex_id })).json()) as {
      approval_id: string;
    };
    await send(ada, 'POST', `/api/approvals/${approval_id}/approve`, {});
    const audit = (await (await send(admin, 'GET', '/api/audit?limit=20')).json()) as {
      entries: { actor: string; action: string; target: Record<string, string>; summary: string | null }[];
    };
    const of = (actor: string, action: string) => audit.entries.find((e) => e.actor === actor && e.action === action && e.target.approval === approval_id);
    expect(of('admin', 'POST /api/revocation/revoke')?.summary).toBe(`asked another person to approve: revoke Student ID 1.2 of ${revocable[0]!.holder_label}`);
    expect(of('ada', 'POST /api/approvals/:id/approve')?.summary).toBe('approved admin’s request to revoke a credential');
    const carriedOut = of('ada', 'POST /api/revocation/revoke');
    expect(carriedOut?.summary).toBe(`revoked Student ID 1.2 of ${revocable[0]!.holder_label} (pending publication)`);
    expect(carriedOut?.target.requested_by).toBe('admin');
  });

  it('the person who asked can never approve or decline their own request', async () => {
    const { send, admin, revocable, agentRevokes } = await twoAdmins();
    const { approval_id } = (await (await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: revocable[0]!.cred_ex_id })).json()) as {
      approval_id: string;
    };
    const own = await send(admin, 'POST', `/api/approvals/${approval_id}/approve`, {});
    expect(own.status).toBe(403);
    expect(((await own.json()) as Problem & { code: string }).code).toBe('approval.ownRequest');
    expect((await send(admin, 'POST', `/api/approvals/${approval_id}/decline`, { reason: 'changed my mind' })).status).toBe(403);
    expect(agentRevokes()).toEqual([]);
  });

  it('an expired request cannot be approved', async () => {
    const { send, admin, ada, revocable, agentRevokes, list } = await twoAdmins(['revoke'], 1);
    const { approval_id } = (await (await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: revocable[0]!.cred_ex_id })).json()) as {
      approval_id: string;
    };
    await new Promise((resolve) => setTimeout(resolve, 5));
    const late = await send(ada, 'POST', `/api/approvals/${approval_id}/approve`, {});
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe('approval.expired');
    expect((await list(ada))[0]?.state).toBe('expired');
    expect(agentRevokes()).toEqual([]);
  });

  it('declined with a reason, or withdrawn by the requester: nothing is carried out', async () => {
    const { send, admin, ada, revocable, agentRevokes } = await twoAdmins();
    const ask = async () =>
      ((await (await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: revocable[0]!.cred_ex_id })).json()) as { approval_id: string }).approval_id;
    const first = await ask();
    expect((await send(ada, 'POST', `/api/approvals/${first}/decline`, {})).status).toBe(400);
    const declined = await send(ada, 'POST', `/api/approvals/${first}/decline`, { reason: 'Wrong person' });
    expect(await declined.json()).toMatchObject({ state: 'declined', decidedBy: 'ada', reason: 'Wrong person' });
    expect((await send(ada, 'POST', `/api/approvals/${first}/approve`, {})).status).toBe(409);

    const second = await ask();
    expect((await send(ada, 'POST', `/api/approvals/${second}/withdraw`, {})).status).toBe(403);
    expect(await (await send(admin, 'POST', `/api/approvals/${second}/withdraw`, {})).json()).toMatchObject({ state: 'withdrawn' });
    expect((await send(ada, 'POST', `/api/approvals/${second}/approve`, {})).status).toBe(409);
    expect(agentRevokes()).toEqual([]);
  });

  it('checks the action as it would be checked before holding it: bad input 400, a role that may not 403', async () => {
    const { send, admin, cookieOf } = await twoAdmins();
    expect((await send(admin, 'POST', '/api/revocation/revoke', { cred_ex_id: 'not-an-id', thread_id: 'x' })).status).toBe(400);
    const verifier = await cookieOf('verifier');
    expect((await send(verifier, 'POST', '/api/revocation/revoke', { cred_ex_id: '0e1c0b4c-5717-4562-b3fc-2c963f66afa6' })).status).toBe(403);
    expect((await send(verifier, 'GET', '/api/approvals')).status).toBe(403);
  });

  it('a wallet upgrade waits for approval and then starts, as the approver', async () => {
    const { send, admin, ada, calls, list } = await twoAdmins();
    const wallet = (await (await send(admin, 'GET', '/api/wallet')).json()) as { name: string };
    const body = { wallet_name: wallet.name, confirm_wallet_name: wallet.name, backup_confirmed: true };
    const asked = await send(admin, 'POST', '/api/wallet/upgrade', body);
    expect(asked.status).toBe(202);
    const upgrades = () => calls.filter((c) => c.url.pathname.endsWith('/anoncreds/wallet/upgrade'));
    expect(upgrades()).toEqual([]);
    expect((await list(ada))[0]!.what).toEqual({ kind: 'wallet-upgrade', wallet: wallet.name });
    const { approval_id } = (await asked.json()) as { approval_id: string };
    expect(await (await send(ada, 'POST', `/api/approvals/${approval_id}/approve`, {})).json()).toMatchObject({ outcome: { status: 202 } });
    expect(upgrades()).toHaveLength(1);
  });

  it('/api/config tells the page which actions wait for approval (it asks for approval instead)', async () => {
    const { send, admin } = await twoAdmins(['revoke']);
    expect(((await (await send(admin, 'GET', '/api/config')).json()) as { approvals?: string[] }).approvals).toEqual(['revoke']);
  });

  it('without APPROVALS, the action is carried out at once as before', async () => {
    const bff = await testBff();
    const admin = await bff.cookieFor('admin');
    expect(((await (await bff.send(admin, 'GET', '/api/config')).json()) as { approvals?: string[] }).approvals).toBeUndefined();
    expect((await bff.send(admin, 'GET', '/api/approvals')).status).toBe(200);
    expect(((await (await bff.send(admin, 'GET', '/api/approvals')).json()) as { results: unknown[] }).results).toEqual([]);
  });
});
