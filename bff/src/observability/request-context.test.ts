import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';
import { capturedLogger } from './log-capture.js';

describe('request ids and request lines', () => {
  it('writes one JSON line per request, with its id, route template, status and time', async () => {
    const log = capturedLogger();
    const { app, cookieFor } = await testBff({ operations: { logger: log.logger } });
    const cookie = await cookieFor('issuer');
    const res = await app.request('/api/issue-credential-2.0/records/does-not-exist', { headers: { cookie } });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = log.lines.find((l) => l.request_id === id);
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      route: '/api/issue-credential-2.0/records/:cred_ex_id',
      path: '/api/issue-credential-2.0/records/does-not-exist',
      status: res.status,
      tenant: 'sole',
      role: 'issuer',
    });
    expect(typeof line?.duration_ms).toBe('number');
    expect(typeof line?.time).toBe('string');
  });

  it('puts the id in the problem of an error answer, and keeps a proxy’s safe id but not an unsafe one', async () => {
    const { app } = await testBff({ operations: { logger: capturedLogger().logger } });
    const kept = await app.request('/api/config', { headers: { 'x-request-id': 'lb-1234abcd' } });
    expect(kept.status).toBe(401);
    expect(kept.headers.get('x-request-id')).toBe('lb-1234abcd');
    expect(await kept.json()).toMatchObject({ status: 401, request_id: 'lb-1234abcd' });
    const unsafe = await app.request('/api/config', { headers: { 'x-request-id': 'a b<script>' } });
    const body = (await unsafe.json()) as { request_id: string };
    expect(body.request_id).not.toContain('script');
    expect(unsafe.headers.get('x-request-id')).toBe(body.request_id);
  });

  it('records the id in the audit entry of a write', async () => {
    const { app, cookieFor } = await testBff({ operations: { logger: capturedLogger().logger } });
    const cookie = await cookieFor('admin');
    const res = await app.request('/api/revocation/revoke', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-request-id': 'trace-0001-abcd' },
      body: JSON.stringify({ cred_ex_id: 'nope' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const audit = (await (await app.request('/api/audit', { headers: { cookie } })).json()) as { entries: { target: Record<string, string> }[] };
    expect(audit.entries.some((e) => e.target.request_id === 'trace-0001-abcd')).toBe(true);
  });

  it('logs nothing secret or personal: no cookie, key, token, password, query or attribute value', async () => {
    const log = capturedLogger('trace');
    const { app, cookieFor, login } = await testBff({ operations: { logger: log.logger } });
    await login('issuer', 'wrong-password-secret-9');
    const cookie = await cookieFor('issuer');
    await app.request('/api/register/exchanges?q=Jane%20Doe-Personal', {
      headers: { cookie, authorization: 'Bearer tok-SECRET-123', 'x-api-key': 'key-SECRET-456' },
    });
    await app.request('/api/issue-credential-2.0/send-offer', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        connection_id: 'c1',
        filter: { indy: {} },
        credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes: [{ name: 'surname', value: 'Attr-Value-Personal' }] },
      }),
    });
    const text = log.text();
    expect(log.lines.length).toBeGreaterThanOrEqual(4);
    for (const secret of [
      'wrong-password-secret-9',
      cookie.split('=')[1]!,
      'tok-SECRET-123',
      'key-SECRET-456',
      'Jane',
      'Attr-Value-Personal',
      'test-password-123',
    ])
      expect(text).not.toContain(secret);
  });
});
