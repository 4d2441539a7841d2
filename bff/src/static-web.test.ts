import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '../../shared/src/test/console-guard.js';
import { firstListPageUrl } from '@credence/shared';
import { webApp } from './static-web.js';

function builtApp() {
  const dir = mkdtempSync(join(tmpdir(), 'credence-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
  return webApp(dir);
}

describe('webApp', () => {
  it('serves index.html for the root and for deep links, uncached', async () => {
    const app = builtApp();
    for (const path of ['/', '/credentials', '/credentials/3fa85f64-5717-4562-b3fc-2c963f66afa6', '/login?next=%2Fwallet']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await builtApp().request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('sends the build’s compressed copy the browser accepts, brotli first, and the file itself otherwise', async () => {
    const app = builtApp();
    const br = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('console.log(1)');
    const gz = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('console.log(1)');
    const plain = await app.request('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it('answers 404 for a missing file instead of the app', async () => {
    const res = await builtApp().request('/assets/index-old999.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBeNull();
  });

  it('says the web app is not built when there is no build', async () => {
    // Hono's serveStatic tells the operator on stderr too.
    expectConsole('error', /^serveStatic: root path '.*no-such-credence-build' is not found/);
    const res = await webApp(join(tmpdir(), 'no-such-credence-build')).request('/credentials');
    expect(res.status).toBe(503);
  });

  it('names the chunks a page needs in the page it sends for that path, and only hashed assets', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'credence-web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>Credence</title></head><div id="root"></div>');
    writeFileSync(
      join(dir, 'route-preloads.json'),
      JSON.stringify({
        '/credentials': ['/assets/CredentialsListPage-a1.js', '/assets/Pager-b2.js'],
        '/audit': ['https://elsewhere.example/x.js', '/assets/"><script>.js'],
      }),
    );
    const app = webApp(dir);
    for (const path of ['/credentials', '/credentials/']) {
      const html = await (await app.request(path)).text();
      expect(html, path).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/CredentialsListPage-a1.js"><link rel="modulepreload" crossorigin href="/assets/Pager-b2.js"></head>',
      );
    }
    // Another page, a record's page, a page with nothing listed: the page as built.
    for (const path of ['/presentations', '/credentials/3fa85f64-5717-4562-b3fc-2c963f66afa6', '/audit']) {
      expect(await (await app.request(path)).text(), path).not.toContain('modulepreload');
    }
  });

  it('names the settings in every page for a live session, and a list’s first data only with nothing in its address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'credence-web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><head></head><div id="root"></div>');
    const live = new Set(['cookie-of-a-live-session']);
    const app = webApp(dir, { signedIn: (c) => Promise.resolve(live.has(c.req.header('cookie') ?? '')) });
    const page = async (path: string, cookie = 'cookie-of-a-live-session') => (await app.request(path, { headers: { cookie } })).text();
    const preload = (url: string) => `<link rel="preload" as="fetch" crossorigin href="${url.replaceAll('&', '&amp;')}">`;

    expect(await page('/credentials')).toBe(
      `<!doctype html><head>${preload('/api/config')}${preload(firstListPageUrl('/credentials')!)}</head><div id="root"></div>`,
    );
    expect(firstListPageUrl('/credentials')).toBe('/api/register/exchanges?kind=credential&sort=-created&limit=25&offset=0');
    // The page differs by session cookie: a cache must not hand one person's to another.
    expect((await app.request('/credentials')).headers.get('vary')).toBe('Cookie');
    expect((await app.request('/issued')).headers.get('vary')).toBe('Cookie');
    expect(await page('/presentations/')).toContain('href="/api/register/exchanges?kind=presentation&amp;sort=-created&amp;limit=25&amp;offset=0"');
    // A search, another page: the settings alone.
    for (const path of ['/', '/credentials?state=offer-sent', '/credentials?size=100', '/issued', '/credentials/3fa85f64-5717-4562-b3fc-2c963f66afa6']) {
      expect(await page(path), path).toBe(`<!doctype html><head>${preload('/api/config')}</head><div id="root"></div>`);
    }
    // Logged out or with an ended session: nothing named, and the page says it was sent signed out.
    for (const [path, cookie] of [
      ['/credentials', 'an-ended-session'],
      ['/credentials', ''],
      ['/login', ''],
    ] as const) {
      expect(await page(path, cookie), `${path} ${cookie}`).toBe(
        '<!doctype html><head><meta name="credence-session" content="none"></head><div id="root"></div>',
      );
    }
    // Without a way to tell a session (tests, or no store): never.
    expect(await (await webApp(dir).request('/credentials')).text()).not.toContain('preload');
  });

  it('puts the first data before the entry’s script and the chunks after it, so the data leaves first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'credence-web-'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><head><link rel="preload" href="/api/session" as="fetch" crossorigin /><script type="module" src="/assets/index-a.js"></script></head><div id="root"></div>',
    );
    writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify({ '/credentials': ['/assets/CredentialsListPage-a1.js'] }));
    const app = webApp(dir, { signedIn: () => Promise.resolve(true) });
    const html = await (await app.request('/credentials')).text();
    const at = (text: string) => html.indexOf(text);
    expect(at('/api/session')).toBeLessThan(at('/api/config'));
    expect(at('/api/config')).toBeLessThan(at('/api/register/exchanges'));
    expect(at('/api/register/exchanges')).toBeLessThan(at('<script'));
    expect(at('<script')).toBeLessThan(at('CredentialsListPage-a1.js'));
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/CredentialsListPage-a1.js"></head>');
  });

  it('sent signed out, the page does not ask for the session (a 401 in every first visit’s console) and says why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'credence-web-'));
    const built =
      '<!doctype html><head><link rel="preload" href="/api/session" as="fetch" crossorigin /><script type="module" src="/assets/index-a.js"></script></head><div id="root"></div>';
    writeFileSync(join(dir, 'index.html'), built);
    const signedOut = await (await webApp(dir, { signedIn: () => Promise.resolve(false) }).request('/login')).text();
    expect(signedOut).toBe(
      '<!doctype html><head><script type="module" src="/assets/index-a.js"></script><meta name="credence-session" content="none"></head><div id="root"></div>',
    );
    const signedIn = await (await webApp(dir, { signedIn: () => Promise.resolve(true) }).request('/login')).text();
    expect(signedIn).toContain('<link rel="preload" href="/api/session"');
    expect(signedIn).not.toContain('credence-session');
  });

  it('sends the page as built when the list of chunks is missing or not JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'credence-web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><head></head><div id="root"></div>');
    expect(await (await webApp(dir).request('/credentials')).text()).toBe('<!doctype html><head></head><div id="root"></div>');
    writeFileSync(join(dir, 'route-preloads.json'), '{not json');
    expect(await (await webApp(dir).request('/credentials')).text()).toBe('<!doctype html><head></head><div id="root"></div>');
  });
});
