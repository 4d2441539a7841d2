import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testStore } from '../test/test-store.js';
import { TenantRegistry } from './tenant-registry.js';
import { TokenVault } from './token-vault.js';

const KEY = '5e'.repeat(32);
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ3YWxsZXRfaWQiOiJ3LW5vcnRoIn0.signature';

async function registry(key = KEY) {
  const store = await testStore();
  return { store, registry: new TenantRegistry(store, TokenVault.fromHex(key), () => new Date('2026-11-27T10:00:00Z')) };
}

describe('the tenant registry', () => {
  it('keeps a tenant’s token sealed in the store and gives it back to its client only', async () => {
    const { store, registry: tenants } = await registry();
    const entry = await tenants.adopt({ walletId: 'w-north', label: 'Northfield University', createdAt: new Date('2026-11-01T00:00:00Z'), token: TOKEN });
    expect(JSON.stringify(entry)).not.toContain(TOKEN);
    expect(JSON.stringify(await tenants.list())).not.toContain(TOKEN);
    const { rows } = await sql<{ whole: string }>`select row_to_json(t)::text as whole from tenants t`.execute(store.db);
    expect(rows[0]!.whole).not.toContain('eyJ');
    expect(rows[0]!.whole).not.toContain(TOKEN);
    expect(await tenants.token(entry.tenant)).toBe(TOKEN);
    expect(await tenants.tenantOfWallet('w-north')).toBe(entry.tenant);
    expect(await tenants.tenantOfWallet('w-other')).toBeUndefined();
    await store.close();
  });

  it('marks a refused token, gives it to no one, and clears the mark when the tenant is adopted again', async () => {
    const { store, registry: tenants } = await registry();
    const { tenant } = await tenants.adopt({ walletId: 'w-city', label: 'City Library', createdAt: new Date(), token: TOKEN });
    // A token other than the stored one (an older one, answered 401 after a newer adoption) marks nothing.
    expect(await tenants.markTokenRefused(tenant, `${TOKEN}-older`)).toBe('newer');
    expect(await tenants.token(tenant)).toBe(TOKEN);
    expect(await tenants.markTokenRefused(tenant, TOKEN)).toBe('marked');
    expect(await tenants.markTokenRefused(tenant, TOKEN)).toBe('already');
    expect(await tenants.token(tenant)).toBeUndefined();
    expect((await tenants.list())[0]!.tokenRefusedAt).toEqual(new Date('2026-11-27T10:00:00Z'));
    await tenants.adopt({ walletId: 'w-city', label: 'City Library', createdAt: new Date(), token: `${TOKEN}2` });
    expect(await tenants.token(tenant)).toBe(`${TOKEN}2`);
    expect((await tenants.list())[0]!.tokenRefusedAt).toBeNull();
    await store.close();
  });

  it('keeps a removed tenant listed, gives its token to no one, routes none of its webhooks and calls it inactive', async () => {
    const { store, registry: tenants } = await registry();
    const { tenant } = await tenants.adopt({ walletId: 'w-city', label: 'City Library', createdAt: new Date(), token: TOKEN });
    await tenants.adopt({ walletId: 'w-north', label: 'Northfield University', createdAt: new Date(), token: TOKEN });
    expect(await tenants.isActive('w-city')).toBe(true);
    await tenants.markRemoved('w-city');
    expect(await tenants.token(tenant)).toBeUndefined();
    expect(await tenants.tenantOfWallet('w-city')).toBeUndefined();
    expect(await tenants.isActive('w-city')).toBe(false);
    expect(await tenants.isActive('w-unknown')).toBe(false);
    expect((await tenants.list()).find((t) => t.walletId === 'w-city')!.removedAt).toEqual(new Date('2026-11-27T10:00:00Z'));
    await tenants.forget('w-city');
    expect((await tenants.list()).map((t) => t.walletId)).toEqual(['w-north']);
    expect(await tenants.isActive('w-north')).toBe(true);
    await store.close();
  });

  it('finds the tenant a person names by wallet id or by label in any case, and none for a label two tenants share', async () => {
    const { store, registry: tenants } = await registry();
    await tenants.adopt({ walletId: 'w-north', label: 'Northfield University', createdAt: new Date(), token: TOKEN });
    await tenants.adopt({ walletId: 'w-city', label: 'City Library', createdAt: new Date(), token: TOKEN });
    await tenants.adopt({ walletId: 'w-twin-1', label: 'Twin College', createdAt: new Date(), token: TOKEN });
    await tenants.adopt({ walletId: 'w-twin-2', label: 'twin college', createdAt: new Date(), token: TOKEN });
    expect((await tenants.byLabelOrId('w-north'))?.label).toBe('Northfield University');
    expect((await tenants.byLabelOrId(' northfield UNIVERSITY '))?.walletId).toBe('w-north');
    expect((await tenants.byLabelOrId('Twin College'))?.walletId).toBeUndefined();
    expect((await tenants.byLabelOrId('w-twin-2'))?.label).toBe('twin college');
    expect(await tenants.byLabelOrId('Harbour School')).toBeUndefined();
    expect(await tenants.byLabelOrId('')).toBeUndefined();
    await tenants.markRemoved('w-city');
    expect((await tenants.byLabelOrId('City Library'))?.removedAt).not.toBeNull();
    await store.close();
  });

  it('refuses to open the tokens under another TENANT_TOKEN_KEY, saying so', async () => {
    const { store, registry: tenants } = await registry();
    const { tenant } = await tenants.adopt({ walletId: 'w-north', label: 'Northfield University', createdAt: new Date(), token: TOKEN });
    const other = new TenantRegistry(store, TokenVault.fromHex('77'.repeat(32)));
    await expect(other.token(tenant)).rejects.toThrow(/TENANT_TOKEN_KEY is not the key it was stored under/);
    // Checked at start even when the only tenant's token was refused or the tenant removed (token() opens neither).
    await tenants.markRemoved('w-north');
    await expect(other.checkKey()).rejects.toThrow(/TENANT_TOKEN_KEY is not the key it was stored under/);
    await tenants.checkKey();
    await store.close();
  });

  it('sees another instance’s adoption, new token and removal within a few seconds, and a refused token at once', async () => {
    const store = await testStore();
    let ms = Date.parse('2026-11-27T10:00:00Z');
    const clock = () => new Date(ms);
    const here = new TenantRegistry(store, TokenVault.fromHex(KEY), clock);
    const there = new TenantRegistry(store, TokenVault.fromHex(KEY), clock);
    const { tenant } = await here.adopt({ walletId: 'w-north', label: 'Northfield University', createdAt: new Date(), token: TOKEN });
    expect(await here.tenantOfWallet('w-city')).toBeUndefined();
    expect(await here.token(tenant)).toBe(TOKEN);

    // The other instance adopts a new tenant and gives the first one a newer token.
    await there.adopt({ walletId: 'w-city', label: 'City Library', createdAt: new Date(), token: `${TOKEN}-city` });
    await there.adopt({ walletId: 'w-north', label: 'Northfield University', createdAt: new Date(), token: `${TOKEN}-newer` });
    // Trusted a moment (no query and decryption on every agent call)…
    expect(await here.token(tenant)).toBe(TOKEN);
    // …but a 401 to the older token reads the store at once: a newer one is there, nothing is marked.
    expect(await here.markTokenRefused(tenant, TOKEN)).toBe('newer');
    expect(await here.token(tenant)).toBe(`${TOKEN}-newer`);
    ms += 5_000;
    // The new tenant's webhooks are routed here too.
    expect(await here.tenantOfWallet('w-city')).toBe('w-city');

    await there.markRemoved('w-city');
    ms += 5_000;
    expect(await here.tenantOfWallet('w-city')).toBeUndefined();
    expect(await here.token('w-city' as typeof tenant)).toBeUndefined();
    await store.close();
  });
});
