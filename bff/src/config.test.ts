import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

const base = { ACAPY_ADMIN_URL: 'http://localhost:8031' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig(base);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      mode: 'agent',
      agent: { adminUrl: 'http://localhost:8031', apiKey: undefined, timeoutMs: 10_000 },
      bodyLimitBytes: 1024 * 1024,
      demoPassword: undefined,
      redisUrl: undefined,
      publicUrl: undefined,
      invitationLinkTtlMs: 15 * 60_000,
    });
    expect(config.generated).toEqual({ webhookSecret: true, sessionSecret: true, demoPassword: false });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.events).toMatchObject({ flushMs: 10, webhookConcurrency: 4 });
  });

  it('reads every setting given', () => {
    const config = parseConfig({
      ...base,
      PORT: '9000',
      HOST: '0.0.0.0',
      ACAPY_ADMIN_API_KEY: 'key',
      ACAPY_TIMEOUT_MS: '2500',
      WEBHOOK_SECRET: 'a-webhook-secret-long-enough',
      SESSION_SECRET: 'x'.repeat(40),
      REDIS_URL: 'redis://127.0.0.1:6379',
      PUBLIC_URL: 'https://credence.example.org',
      WEBHOOK_CONCURRENCY: '16',
      INVITATION_LINK_MINUTES: '5',
    });
    expect(config.events.webhookConcurrency).toBe(16);
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      agent: { apiKey: 'key', timeoutMs: 2500 },
      webhookSecret: 'a-webhook-secret-long-enough',
      redisUrl: 'redis://127.0.0.1:6379',
      publicUrl: 'https://credence.example.org',
      invitationLinkTtlMs: 5 * 60_000,
    });
    expect(config.generated).toEqual({ webhookSecret: false, sessionSecret: false, demoPassword: false });
  });

  it('generates a demo password in sandbox mode only', () => {
    const sandbox = parseConfig({ ...base, CREDENCE_SANDBOX: 'true' });
    expect(sandbox.mode).toBe('sandbox');
    expect(sandbox.demoPassword).toMatch(/^[\w-]{20,}$/);
    expect(parseConfig({ ...base, CREDENCE_SANDBOX: 'true', CREDENCE_DEMO_PASSWORD: 'given-password' }).demoPassword).toBe('given-password');
    expect(parseConfig({ ...base, CREDENCE_DEMO_PASSWORD: 'given-password' }).demoPassword).toBeUndefined();
  });

  it('names each bad variable', () => {
    expect(problemsOf({})).toEqual(['ACAPY_ADMIN_URL is required']);
    expect(problemsOf({ ...base, PORT: 'eighty' })).toEqual(['PORT must be a port number']);
    expect(problemsOf({ ...base, PORT: '70000' })[0]).toMatch(/^PORT /);
    expect(problemsOf({ ACAPY_ADMIN_URL: 'localhost:8031' })[0]).toMatch(/^ACAPY_ADMIN_URL must be an http\(s\) URL/);
    expect(problemsOf({ ...base, ACAPY_TIMEOUT_MS: '0' })).toEqual(['ACAPY_TIMEOUT_MS must be more than 0']);
    expect(problemsOf({ ...base, SESSION_SECRET: 'short' })).toEqual(['SESSION_SECRET must be at least 32 characters']);
    expect(problemsOf({ ...base, REDIS_URL: 'http://x' })).toEqual(['REDIS_URL must be a redis:// URL']);
    expect(problemsOf({ ...base, PUBLIC_URL: 'credence.example.org' })).toEqual(['PUBLIC_URL must be an http(s):// URL']);
    expect(problemsOf({ ...base, CREDENCE_SANDBOX: 'perhaps' })).toEqual(['CREDENCE_SANDBOX must be true or false']);
    expect(problemsOf({ ...base, WEBHOOK_CONCURRENCY: '0' })[0]).toMatch(/^WEBHOOK_CONCURRENCY /);
    expect(problemsOf({ ...base, INVITATION_LINK_MINUTES: '0' })).toEqual(['INVITATION_LINK_MINUTES must be more than 0']);
    expect(problemsOf({ ...base, INVITATION_LINK_MINUTES: '2000' })).toEqual(['INVITATION_LINK_MINUTES must be at most 1440 (a day)']);
    expect(problemsOf({ ...base, ACAPY_ADMIN_API_KEY: 'key\u2028more' })).toEqual(['ACAPY_ADMIN_API_KEY holds a character an HTTP header cannot carry']);
    expect(problemsOf({ PORT: 'x', SESSION_SECRET: 'y' })).toHaveLength(3);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ ...base, PORT: '', ACAPY_ADMIN_API_KEY: '' })).toMatchObject({ port: 8080, agent: { apiKey: undefined } });
  });

  it('says what is wrong in its message', () => {
    expect(() => parseConfig({ ...base, PORT: 'x' })).toThrow(/Invalid settings:\n {2}- PORT must be a port number/);
  });

  describe('OIDC_*', () => {
    const oidc = {
      ...base,
      OIDC_ISSUER: 'https://sso.example.org/realms/staff',
      OIDC_CLIENT_ID: 'credence',
      OIDC_ROLE_CLAIM: 'realm_access.roles',
      OIDC_ROLE_MAP: 'credence-admins=admin,credence-issuers=issuer',
    };

    it('reads the provider settings (a public client without a secret) and names the button after the host', () => {
      const config = parseConfig(oidc);
      expect(config.oidc).toMatchObject({
        clientId: 'credence',
        clientSecret: undefined,
        roleClaim: 'realm_access.roles',
        scopes: 'openid profile email',
        name: 'sso.example.org',
        insecureLoopback: false,
      });
      expect([...config.oidc!.roleMap]).toEqual([
        ['credence-admins', 'admin'],
        ['credence-issuers', 'issuer'],
      ]);
      expect(parseConfig(base).oidc).toBeUndefined();
    });

    it('accepts an http:// issuer only on a loopback address', () => {
      for (const issuer of ['http://127.0.0.1:9272', 'http://127.8.9.10/realms/x', 'http://[::1]:8080']) {
        expect(parseConfig({ ...oidc, OIDC_ISSUER: issuer }).oidc?.insecureLoopback).toBe(true);
      }
      for (const issuer of ['http://sso.example.org', 'http://localhost:9272', 'http://10.0.0.5', 'http://128.0.0.1']) {
        expect(problemsOf({ ...oidc, OIDC_ISSUER: issuer })).toEqual([
          expect.stringMatching(/^OIDC_ISSUER must be an https:\/\/ URL \(http:\/\/ is accepted only on a loopback address/),
        ]);
      }
    });

    it('names what is missing or wrong', () => {
      expect(problemsOf({ ...base, OIDC_ISSUER: 'https://sso.example.org' })).toEqual([
        expect.stringMatching(/^OIDC_CLIENT_ID, OIDC_ROLE_CLAIM, OIDC_ROLE_MAP are required/),
      ]);
      expect(problemsOf({ ...base, OIDC_CLIENT_SECRET: 'x' })).toEqual(['OIDC_CLIENT_SECRET is set but OIDC_ISSUER is not']);
      expect(problemsOf({ ...oidc, OIDC_ROLE_MAP: 'staff=owner' })[0]).toMatch(/^OIDC_ROLE_MAP maps "staff" to "owner"/);
      expect(problemsOf({ ...oidc, OIDC_SCOPES: 'profile' })).toEqual(['OIDC_SCOPES must include openid']);
      expect(problemsOf({ ...oidc, OIDC_ISSUER: 'ftp://sso' })[0]).toMatch(/^OIDC_ISSUER must be/);
    });
  });
});
