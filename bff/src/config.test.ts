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
    });
    expect(config.generated).toEqual({ webhookSecret: true, sessionSecret: true, demoPassword: false });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
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
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      agent: { apiKey: 'key', timeoutMs: 2500 },
      webhookSecret: 'a-webhook-secret-long-enough',
      redisUrl: 'redis://127.0.0.1:6379',
      publicUrl: 'https://credence.example.org',
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
    expect(problemsOf({ PORT: 'x', SESSION_SECRET: 'y' })).toHaveLength(3);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ ...base, PORT: '', ACAPY_ADMIN_API_KEY: '' })).toMatchObject({ port: 8080, agent: { apiKey: undefined } });
  });

  it('says what is wrong in its message', () => {
    expect(() => parseConfig({ ...base, PORT: 'x' })).toThrow(/Invalid settings:\n {2}- PORT must be a port number/);
  });
});
