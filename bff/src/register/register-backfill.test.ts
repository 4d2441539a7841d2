import type { IssuedCredentialPage } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { AGENT_KEY, testBff } from '../test/harness.js';

/**
 * The BFF on a sandbox whose webhooks never reach it (a console that was down, or not yet installed):
 * what the agent did meanwhile is learnt from its lists and its revocation registries.
 */
async function deafBff(walletType: 'askar' | 'askar-anoncreds') {
  const bff = await testBff({ sandbox: { walletType, emit: () => undefined } });
  /** A call straight to the agent, as another controller would make it: the BFF sees nothing of it. */
  const agent = async (method: string, path: string, body?: unknown) => {
    const res = await bff.sandbox.app.request(path, {
      method,
      headers: { 'x-api-key': AGENT_KEY, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> };
  };
  const kind = walletType === 'askar' ? ('indy' as const) : ('anoncreds' as const);
  const credDef = bff.sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === kind && d.revocable)!;
  const connection = (label: string) => [...bff.sandbox.store.connections.values()].find((c) => c.their_label === label)!;
  /** Offered and issued at once, removed by the agent at the end: only the revocation record stays. */
  const issue = async (label: string, values: string[]) => {
    const { json } = await agent('POST', '/issue-credential-2.0/send-offer', {
      connection_id: connection(label).connection_id,
      filter: { [kind]: { cred_def_id: credDef.cred_def_id } },
      credential_preview: {
        '@type': 'issue-credential/2.0/credential-preview',
        attributes: credDef.schema.attributes.map((name, i) => ({ name, value: values[i] ?? `v${i}` })),
      },
      auto_issue: true,
      auto_remove: true,
    });
    await bff.sandbox.peers.idle();
    const credExId = json.cred_ex_id as string;
    expect((await agent('GET', `/issue-credential-2.0/records/${credExId}`)).status).toBe(404);
    return credExId;
  };
  const backfill = async (admin: string) => {
    const res = await bff.send(admin, 'POST', '/api/register/backfill', {});
    expect(res.status).toBe(200);
    await bff.register.idle();
  };
  return { ...bff, agent, kind, credDef, connection, issue, backfill };
}

describe.each(['askar', 'askar-anoncreds'] as const)('the register backfill on an %s wallet', (walletType) => {
  it('finds a credential issued with auto_remove whose webhooks the console never got, and its revocation', async () => {
    const bff = await deafBff(walletType);
    const admin = await bff.cookieFor('admin');
    const credExId = await bff.issue('Bob Smith', ['Bob Smith', 'S6332599']);
    const before = (await (await bff.send(admin, 'GET', '/api/register/credentials?limit=500')).json()) as IssuedCredentialPage;
    expect(before.results.map((c) => c.cred_ex_id)).not.toContain(credExId);

    await bff.backfill(admin);
    const revocation = [...bff.sandbox.store.issuerCredRevs.values()].find((r) => r.cred_ex_id === credExId)!;
    const listed = (await (
      await bff.send(admin, 'GET', `/api/register/credentials?rev_reg_id=${encodeURIComponent(revocation.rev_reg_id)}&limit=500`)
    ).json()) as IssuedCredentialPage;
    const found = listed.results.find((c) => c.cred_ex_id === credExId);
    // What the agent still says: the ids, the definition, when, issued; who and what were never seen.
    expect(found).toMatchObject({
      rev_reg_id: revocation.rev_reg_id,
      cred_rev_id: revocation.cred_rev_id,
      cred_def_id: bff.credDef.cred_def_id,
      filter_kind: bff.kind,
      status: 'issued',
      holder_label: null,
      attributes: [],
      removed_from_agent: true,
      published_at: null,
    });
    expect(Date.parse(found!.issued_at)).toBe(Date.parse(revocation.created_at.replace(' ', 'T')));
    // Every credential the registries name is listed; a second backfill changes nothing.
    const total = (await (await bff.send(admin, 'GET', '/api/register/credentials?limit=1')).json()) as IssuedCredentialPage;
    expect(total.total).toBeGreaterThanOrEqual(bff.sandbox.store.issuerCredRevs.size);
    await bff.backfill(admin);
    expect(((await (await bff.send(admin, 'GET', '/api/register/credentials?limit=1')).json()) as IssuedCredentialPage).total).toBe(total.total);

    // Revoked and published by another controller: the next backfill says revoked.
    const prefix = walletType === 'askar' ? '/revocation' : '/anoncreds/revocation';
    expect((await bff.agent('POST', `${prefix}/revoke`, { cred_ex_id: credExId, publish: true })).status).toBe(200);
    await bff.backfill(admin);
    const revoked = (await (await bff.send(admin, 'GET', '/api/register/credentials?status=revoked&limit=500')).json()) as IssuedCredentialPage;
    expect(revoked.results.find((c) => c.cred_ex_id === credExId)).toMatchObject({ status: 'revoked', revoked_by: null });
    expect(revoked.results.find((c) => c.cred_ex_id === credExId)?.published_at).not.toBeNull();
  });

  it('names the holder and the values of a credential whose exchange the console saw before it missed the rest', async () => {
    const bff = await deafBff(walletType);
    const admin = await bff.cookieFor('admin');
    const issuer = await bff.cookieFor('issuer');
    // Offered through the console to a connection picked from its list (both answers kept), then
    // issued and removed by the agent unseen.
    expect((await bff.send(issuer, 'GET', '/api/connections?limit=100')).status).toBe(200);
    const alice = bff.connection('Alice Jones');
    const values = bff.credDef.schema.attributes.map((name, i) => ({ name, value: i === 0 ? 'Alice Jones' : `A77${i}` }));
    const sent = await bff.send(issuer, 'POST', '/api/issue-credential-2.0/send-offer', {
      connection_id: alice.connection_id,
      filter: { [bff.kind]: { cred_def_id: bff.credDef.cred_def_id } },
      credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes: values },
      auto_remove: true,
    });
    expect(sent.status).toBe(200);
    const { cred_ex_id: credExId } = (await sent.json()) as { cred_ex_id: string };
    await bff.register.idle();
    await bff.sandbox.peers.idle();
    expect((await bff.agent('POST', `/issue-credential-2.0/records/${credExId}/issue`, {})).status).toBe(200);
    await bff.sandbox.peers.idle();

    await bff.backfill(admin);
    const found = (await (await bff.send(admin, 'GET', `/api/register/credentials?q=${encodeURIComponent('alice a771')}`)).json()) as IssuedCredentialPage;
    expect(found.results).toEqual([
      expect.objectContaining({
        cred_ex_id: credExId,
        holder_label: expect.stringContaining('Alice'),
        connection_id: alice.connection_id,
        attributes: values,
        status: 'issued',
      }),
    ]);
  });
});
