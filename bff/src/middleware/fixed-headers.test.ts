import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedHeaders, secureHeaderList } from './fixed-headers.js';

const options: NonNullable<Parameters<typeof secureHeaders>[0]> = { referrerPolicy: 'no-referrer', contentSecurityPolicy: { defaultSrc: ["'self'"] } };

function appWith() {
  const app = new Hono();
  app.use('*', fixedHeaders(secureHeaderList(options)));
  app.use('/api/*', fixedHeaders([['cache-control', 'no-store']]));
  app.get('/api/plain', (c) => c.body('{"a":1}', 200, { 'content-type': 'application/json' }));
  app.get('/api/own', (c) => c.body('x', 200, { 'cache-control': 'max-age=5' }));
  app.get('/api/stream', (c) => c.body(new Blob(['streamed']).stream()));
  app.get('/api/fails', () => {
    throw new Error('boom');
  });
  app.get('/page', (c) => c.html('<p>hi</p>'));
  app.onError((_error, c) => c.json({ title: 'Internal error' }, 500));
  return app;
}

let server: ServerType | undefined;
afterEach(() => server?.close());

async function served(app: Hono): Promise<string> {
  return new Promise((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
  });
}

describe('fixedHeaders', () => {
  it('sets what Hono’s secureHeaders sets with the same options', async () => {
    const reference = new Hono().use(secureHeaders(options)).get('/', (c) => c.body(null));
    const expected = [...(await reference.request('/')).headers];
    expect(expected.length).toBeGreaterThan(10);
    expect(await secureHeaderList(options)).toEqual(expected);
  });

  for (const how of ['over HTTP (Node’s response)', 'through app.request']) {
    describe(how, () => {
      const get = async (path: string) => {
        const app = appWith();
        return how.startsWith('over') ? fetch(`${await served(app)}${path}`) : app.request(path);
      };

      it('on a plain answer, a streamed one, an error and a page, and only /api answers are no-store', async () => {
        for (const path of ['/api/plain', '/api/stream', '/api/fails', '/page']) {
          const res = await get(path);
          expect(res.headers.get('content-security-policy'), path).toBe("default-src 'self'");
          expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
          expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
          expect(res.headers.get('strict-transport-security'), path).toMatch(/max-age=\d+/);
          expect(res.headers.get('cache-control'), path).toBe(path.startsWith('/api/') ? 'no-store' : null);
        }
        expect((await get('/api/plain')).headers.get('content-type')).toBe('application/json');
        expect(await (await get('/api/stream')).text()).toBe('streamed');
        expect((await get('/api/fails')).status).toBe(500);
      });

      it('keeps a header the handler set itself, once', async () => {
        const res = await get('/api/own');
        expect(res.headers.get('cache-control')).toBe('max-age=5');
        expect(await res.text()).toBe('x');
      });
    });
  }
});
