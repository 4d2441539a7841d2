import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoSecrets, expectSecurityHeaders } from '../test/browser-safety.js';
import { AGENT_KEY, WEBHOOK_SECRET, testBff } from '../test/harness.js';

const RECORD = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

function builtWebApp(): string {
  const dist = mkdtempSync(join(tmpdir(), 'credence-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log("app")');
  return dist;
}

describe('what the browser is sent', () => {
  it('carries the security headers on HTML, assets, deep links, misses and errors', async () => {
    const { app } = await testBff({ webDistDir: builtWebApp() });
    for (const path of [
      '/',
      '/credentials',
      `/credentials/${RECORD}`,
      '/assets/index-abc.js',
      '/assets/missing.js',
      '/api/nothing',
      '/api/health',
      '/webhooks/x',
    ]) {
      const res = await app.request(path, { method: path.startsWith('/webhooks') ? 'POST' : 'GET' });
      expectSecurityHeaders(res, path);
    }
    const html = await app.request('/credentials');
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps the agent’s key out of what it passes on, even when the agent echoes it', async () => {
    let answer = (): Response => new Response(`400: Bad key ${AGENT_KEY} for ${RECORD}`, { status: 400, headers: { 'content-type': 'text/plain' } });
    const bff = await testBff({ upstream: () => answer() });
    const cookie = await bff.cookieFor('admin');
    const refused = await bff.send(cookie, 'GET', `/api/issue-credential-2.0/records/${RECORD}`);
    const refusedText = await refused.text();
    expect(refused.status).toBe(400);
    expect(refusedText).toContain('[redacted]');
    expectNoSecrets('agent error', refusedText, refused.headers, [AGENT_KEY]);

    answer = () => Response.json({ results: [{ 'admin.admin_api_key': AGENT_KEY, 'wallet.name': 'w' }] });
    const listed = await bff.send(cookie, 'GET', '/api/connections');
    const listedText = await listed.text();
    expect(listed.status).toBe(200);
    expectNoSecrets('agent answer', listedText, listed.headers, [AGENT_KEY]);
    expect(JSON.parse(listedText)).toEqual({ results: [{ 'admin.admin_api_key': '[redacted]', 'wallet.name': 'w' }] });
  });

  it('never sends the webhook secret back, not even to the agent that sent it wrongly', async () => {
    const bff = await testBff();
    const wrong = await bff.webhook('issue_credential_v2_0', { cred_ex_id: RECORD, state: 'offer-sent' }, { secret: `${WEBHOOK_SECRET}x` });
    expect(wrong.status).toBe(401);
    expectNoSecrets('webhook refusal', await wrong.text(), wrong.headers, [WEBHOOK_SECRET]);
    const bad = await bff.webhook('issue_credential_v2_0', `{"cred_ex_id": "${WEBHOOK_SECRET}"`);
    expect(bad.status).toBe(400);
    expectNoSecrets('webhook 400', await bad.text(), bad.headers, [WEBHOOK_SECRET]);
  });
});
