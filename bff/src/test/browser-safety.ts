import { expect } from 'vitest';

/** The headers every answer of the console carries, HTML and API alike. */
export function expectSecurityHeaders(res: Response, what: string): void {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, `${what}: CSP`).toContain("default-src 'self'");
  expect(csp, `${what}: CSP scripts`).toMatch(/script-src 'self'(;|$)/);
  expect(csp, `${what}: CSP framing`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: CSP objects`).toContain("object-src 'none'");
  expect(res.headers.get('x-content-type-options'), `${what}: nosniff`).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), `${what}: x-frame-options`).toMatch(/^(DENY|SAMEORIGIN)$/);
  expect(res.headers.get('referrer-policy'), `${what}: referrer-policy`).toBe('no-referrer');
  expect(res.headers.get('strict-transport-security'), `${what}: HSTS`).toMatch(/max-age=\d+/);
  expect(res.headers.get('cross-origin-opener-policy'), `${what}: COOP`).toBe('same-origin');
  expect(res.headers.get('x-powered-by'), `${what}: x-powered-by`).toBeNull();
}

/** No secret, whole or as its first 12 characters, in the body or any header of an answer. */
export function expectNoSecrets(what: string, body: string, headers: Headers, secrets: readonly string[]): void {
  const headerText = [...headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  for (const secret of secrets) {
    for (const needle of [secret, secret.slice(0, 12)]) {
      expect(body.includes(needle), `${what}: a secret in the body`).toBe(false);
      expect(headerText.includes(needle), `${what}: a secret in a header`).toBe(false);
    }
  }
}
