import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config.js';
import { sandboxTenantTokenKey, TENANT_TOKEN_KEY_FILE } from './tenant-token-key.js';

const agent = { ACAPY_ADMIN_URL: 'http://agent:8031', ACAPY_ADMIN_API_KEY: 'base-wallet-key' };
const KEY = 'Ab'.repeat(32);

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('the multitenant settings', () => {
  it('are off unless ACAPY_MULTITENANT=true', () => {
    expect(parseConfig(agent).multitenant).toBeUndefined();
    expect(parseConfig({ ...agent, ACAPY_MULTITENANT: 'false' }).multitenant).toBeUndefined();
  });

  it('take a 32-byte TENANT_TOKEN_KEY with a real multitenant agent', () => {
    expect(parseConfig({ ...agent, ACAPY_MULTITENANT: 'true', TENANT_TOKEN_KEY: KEY }).multitenant).toEqual({ tokenKey: KEY.toLowerCase() });
  });

  it('name what is missing or wrong', () => {
    expect(problemsOf({ ...agent, ACAPY_MULTITENANT: 'true' })).toEqual([
      "TENANT_TOKEN_KEY is required with ACAPY_MULTITENANT=true: it seals the tenants' tokens in the store (`openssl rand -hex 32`)",
    ]);
    expect(problemsOf({ ACAPY_ADMIN_URL: agent.ACAPY_ADMIN_URL, ACAPY_MULTITENANT: 'true', TENANT_TOKEN_KEY: KEY })).toEqual([
      "ACAPY_ADMIN_API_KEY (the base wallet's admin key) is required with ACAPY_MULTITENANT=true",
    ]);
    expect(problemsOf({ ...agent, ACAPY_MULTITENANT: 'true', TENANT_TOKEN_KEY: 'ab'.repeat(16) })).toEqual([
      'TENANT_TOKEN_KEY must be 64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`',
    ]);
    expect(problemsOf({ ...agent, ACAPY_MULTITENANT: 'yes please' })).toEqual(['ACAPY_MULTITENANT must be true or false']);
    expect(problemsOf({ ...agent, TENANT_TOKEN_KEY: KEY })).toEqual(['TENANT_TOKEN_KEY is set but ACAPY_MULTITENANT is not']);
  });

  it('in sandbox mode need no key: one is made once and kept in the data directory, for its owner only', () => {
    expect(parseConfig({ ...agent, CREDENCE_SANDBOX: 'true', ACAPY_MULTITENANT: 'true' }).multitenant).toEqual({ tokenKey: undefined });
    const dir = mkdtempSync(join(tmpdir(), 'credence-key-'));
    const key = sandboxTenantTokenKey(dir);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dir, TENANT_TOKEN_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(sandboxTenantTokenKey(dir)).toBe(key);
    expect(readFileSync(join(dir, TENANT_TOKEN_KEY_FILE), 'utf8').trim()).toBe(key);
    writeFileSync(join(dir, TENANT_TOKEN_KEY_FILE), 'not a key');
    expect(() => sandboxTenantTokenKey(dir)).toThrow(/does not hold a TENANT_TOKEN_KEY/);
  });
});
