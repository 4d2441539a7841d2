import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.js';
import type { SessionUser } from '../auth/sessions.js';
import { UserPreferences } from '../preferences/user-preferences.js';
import { testBff } from '../test/harness.js';
import { testStore } from '../test/test-store.js';
import { preferenceRoutes } from './preferences.js';

describe('GET/PUT /api/preferences', () => {
  it('refuses anyone not signed in, reading or writing', async () => {
    const { app } = await testBff();
    expect((await app.request('/api/preferences')).status).toBe(401);
    const put = await app.request('/api/preferences', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'fr-CA' }),
    });
    expect(put.status).toBe(401);
  });

  it('remembers a user’s language for that user only, on every instance sharing the store', async () => {
    const first = await testBff();
    const issuer = await first.cookieFor('issuer');
    expect(await (await first.send(issuer, 'GET', '/api/preferences')).json()).toEqual({ language: null });
    const saved = await first.send(issuer, 'PUT', '/api/preferences', { language: 'fr-CA' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ language: 'fr-CA' });

    const second = await testBff({ store: first.store });
    const again = await second.cookieFor('issuer');
    expect(await (await second.send(again, 'GET', '/api/preferences')).json()).toEqual({ language: 'fr-CA' });
    const admin = await second.cookieFor('admin');
    expect(await (await second.send(admin, 'GET', '/api/preferences')).json()).toEqual({ language: null });

    await second.send(again, 'PUT', '/api/preferences', { language: 'en' });
    expect(await (await first.send(issuer, 'GET', '/api/preferences')).json()).toEqual({ language: 'en' });
  });

  it('refuses a language Credence does not speak, naming the field, and keeps the choice', async () => {
    const { cookieFor, send } = await testBff();
    const verifier = await cookieFor('verifier');
    await send(verifier, 'PUT', '/api/preferences', { language: 'fr-CA' });
    for (const body of [{ language: 'de' }, { language: 'fr-CA', theme: 'dark' }, {}]) {
      const refused = await send(verifier, 'PUT', '/api/preferences', body);
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(JSON.stringify(await refused.json())).toMatch(/body/);
    }
    expect(await (await send(verifier, 'GET', '/api/preferences')).json()).toEqual({ language: 'fr-CA' });
  });

  it('keeps the operator’s own, and tells a provider’s user from the local user of the same name', async () => {
    const store = await testStore();
    const as = (user: SessionUser) =>
      new Hono<AppEnv>()
        .use(async (c, next) => {
          c.set('user', user);
          await next();
        })
        .route('/api', preferenceRoutes(new UserPreferences(store)));
    const put = (user: SessionUser, language: string) =>
      as(user).request('/api/preferences', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language }) });
    const get = async (user: SessionUser) => (await as(user).request('/api/preferences')).json();

    const operator: SessionUser = { username: 'operator', role: 'operator' };
    expect((await put(operator, 'fr-CA')).status).toBe(200);
    expect(await get(operator)).toEqual({ language: 'fr-CA' });

    const local: SessionUser = { username: 'admin', role: 'admin' };
    const provider: SessionUser = { username: 'admin', role: 'admin', issuer: 'https://id.example.org', subject: 'u-1' };
    await put(provider, 'fr-CA');
    expect(await get(provider)).toEqual({ language: 'fr-CA' });
    expect(await get(local)).toEqual({ language: null });
  });
});
