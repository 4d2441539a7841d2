import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

const agent = { ACAPY_ADMIN_URL: 'http://localhost:8031' };

describe('APPROVALS and APPROVAL_TTL_HOURS', () => {
  it('hold nothing when unset; a request waits 72 hours by default', () => {
    const config = parseConfig(agent);
    expect([...config.approvals.kinds]).toEqual([]);
    expect(config.approvals.ttlMs).toBe(72 * 3_600_000);
  });

  it('take any subset of the actions, spaces allowed', () => {
    const config = parseConfig({ ...agent, APPROVALS: 'revoke, bulk-issue,tenant-remove', APPROVAL_TTL_HOURS: '8' });
    expect([...config.approvals.kinds]).toEqual(['revoke', 'bulk-issue', 'tenant-remove']);
    expect(config.approvals.ttlMs).toBe(8 * 3_600_000);
  });

  it('a value that is not an action stops the start, naming it', () => {
    expect(() => parseConfig({ ...agent, APPROVALS: 'revoke,delete-everything' })).toThrow(ConfigError);
    expect(() => parseConfig({ ...agent, APPROVALS: 'revoke,delete-everything' })).toThrow(/APPROVALS names "delete-everything"/);
    expect(() => parseConfig({ ...agent, APPROVAL_TTL_HOURS: '0' })).toThrow(/APPROVAL_TTL_HOURS must be at least 1 hour/);
  });
});
