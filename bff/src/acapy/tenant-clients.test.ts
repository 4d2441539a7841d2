import { describe, expect, it } from 'vitest';
import { ProblemError } from '../problem.js';
import type { TenantId } from '../tenancy/tenant.js';
import { AcapyClient, TENANT_TOKEN_REFUSED } from './client.js';
import { multitenantClients, soleTenantClients } from './tenant-clients.js';

const KEY = 'base-wallet-admin-key';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ3YWxsZXRfaWQiOiJ3LW5vcnRoIn0.sig';
const NORTH = 'w-north' as TenantId;

/** An agent that records each call's headers and answers `status` (a 401 to a token it no longer takes). */
function agent(answer: (headers: Headers) => Response = () => Response.json({ results: [] })) {
  const calls: { url: string; headers: Headers }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    calls.push({ url, headers });
    return answer(headers);
  }) as unknown as typeof globalThis.fetch;
  const base = new AcapyClient({ baseUrl: 'http://agent.example', apiKey: KEY, timeoutMs: 1_000, fetch });
  return { base, calls };
}

function registry(token: string | undefined = TOKEN) {
  const state: { token: string | undefined; refused: number } = { token, refused: 0 };
  return {
    state,
    token: () => Promise.resolve(state.token),
    markTokenRefused: (_tenant: unknown, refused: string) => {
      if (state.token !== undefined && state.token !== refused) return Promise.resolve('newer' as const);
      const first = state.token !== undefined;
      state.refused += 1;
      state.token = undefined;
      return Promise.resolve(first ? ('marked' as const) : ('already' as const));
    },
  };
}

const quiet = { warn: () => {} };

describe('a tenant’s agent client', () => {
  it('sends the tenant’s token as a Bearer header and never the admin key', async () => {
    const { base, calls } = agent();
    await multitenantClients(base, registry(), quiet).for(NORTH).get('/connections');
    await multitenantClients(base, registry(), quiet).for(NORTH).post('/issue-credential-2.0/send-offer', { connection_id: 'c' });
    for (const call of calls) {
      expect(call.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
      expect(call.headers.get('x-api-key')).toBeNull();
    }
  });

  it('leaves the admin routes to the base client, which sends the admin key and no token', async () => {
    const { base, calls } = agent();
    await expect(multitenantClients(base, registry(), quiet).for(NORTH).get('/multitenancy/wallets')).rejects.toThrow(/admin route/);
    expect(calls).toHaveLength(0);
    await base.post('/multitenancy/wallet/w-north/token', {});
    expect(calls[0]!.headers.get('x-api-key')).toBe(KEY);
    expect(calls[0]!.headers.get('authorization')).toBeNull();
  });

  it('marks the tenant refused on a 401, says so in plain words, and does not call the agent again', async () => {
    const { base, calls } = agent(() => new Response('401: Token not valid', { status: 401, headers: { 'content-type': 'text/plain' } }));
    const tenants = registry();
    const client = multitenantClients(base, tenants, quiet).for(NORTH);
    const first = await client.get('/connections').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ProblemError);
    expect((first as ProblemError).message).toBe(TENANT_TOKEN_REFUSED);
    expect(tenants.state.refused).toBe(1);
    expect(calls).toHaveLength(1);
    // Later calls fail at once: nothing is sent with a token known to be refused.
    await expect(client.get('/connections')).rejects.toThrow(TENANT_TOKEN_REFUSED);
    await expect(client.post('/connections/create-invitation', {})).rejects.toThrow(TENANT_TOKEN_REFUSED);
    expect(calls).toHaveLength(1);
    expect(tenants.state.refused).toBe(1);
  });

  it('says once in the log that the token was refused, however many calls met the 401 together', async () => {
    const { base } = agent(() => new Response('401: Token not valid', { status: 401 }));
    const warned: string[] = [];
    const client = multitenantClients(base, registry(), { warn: (m: string) => warned.push(m) }).for(NORTH);
    const answers = await Promise.allSettled([client.get('/connections'), client.get('/schemas/created'), client.get('/connections')]);
    expect(answers.every((a) => a.status === 'rejected')).toBe(true);
    expect(warned).toEqual([
      '[tenants] the agent refused the token of tenant w-north: a newer one was minted elsewhere; its calls stop until it is adopted again',
    ]);
  });

  it('tries once more with the newer token another instance stored meanwhile, and marks nothing', async () => {
    const NEWER = `${TOKEN}-newer`;
    const { base, calls } = agent((headers) =>
      headers.get('authorization') === `Bearer ${NEWER}` ? Response.json({ results: [] }) : new Response('401: Token not valid', { status: 401 }),
    );
    const tenants = registry();
    // The 401 comes back after the other instance adopted the tenant again: the store holds the newer token.
    const fetchedFirst = tenants.token;
    tenants.token = async () => {
      const token = await fetchedFirst();
      tenants.state.token = NEWER;
      return token;
    };
    const answer = await multitenantClients(base, tenants, quiet).for(NORTH).get('/connections');
    expect(answer.status).toBe(200);
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual([`Bearer ${TOKEN}`, `Bearer ${NEWER}`]);
    expect(tenants.state.refused).toBe(0);
  });

  it('does not take an admin route’s 401 ("API Key invalid or missing") for a refused token', async () => {
    const { base } = agent(() => new Response('401: API Key invalid or missing', { status: 401 }));
    const tenants = registry();
    const answer = await multitenantClients(base, tenants, quiet)
      .for(NORTH)
      .get('/status/config')
      .catch((e: unknown) => e);
    // The console's own fault (it called an admin route with a token), answered as such.
    expect((answer as ProblemError).problem.title).toBe('Agent refused the console');
    expect((answer as ProblemError).message).not.toBe(TENANT_TOKEN_REFUSED);
    expect(tenants.state.refused).toBe(0);
  });

  it('keeps the token out of what it passes on, should the agent echo it', async () => {
    const { base } = agent((headers) => Response.json({ echoed: headers.get('authorization') }));
    const answer = await multitenantClients(base, registry(), quiet).for(NORTH).get('/settings');
    expect(answer.text).not.toContain(TOKEN);
  });

  it('is the admin-key client itself in a single-tenant console', async () => {
    const { base, calls } = agent();
    expect(soleTenantClients(base).for(NORTH)).toBe(base);
    await base.get('/connections');
    expect(calls[0]!.headers.get('x-api-key')).toBe(KEY);
    expect(calls[0]!.headers.get('authorization')).toBeNull();
  });
});
