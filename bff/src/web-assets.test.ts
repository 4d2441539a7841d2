import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { WebAssets } from './web-assets.js';

function build(files: Record<string, string>, compressed = true) {
  const dir = mkdtempSync(join(tmpdir(), 'credence-assets-'));
  mkdirSync(join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, 'assets', name), text);
    if (compressed) {
      writeFileSync(join(dir, 'assets', `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dir, 'assets', `${name}.gz`), gzipSync(text));
    }
  }
  return dir;
}

function served(assets: WebAssets) {
  const app = new Hono();
  app.on(['GET', 'HEAD'], '/assets/*', (c) => assets.answer(c) ?? c.text('from disk', 404));
  return app;
}

describe('WebAssets', () => {
  it('answers from memory in the best encoding the browser accepts, with its type and length', async () => {
    const text = 'export const a = 1;'.repeat(50);
    const app = served(new WebAssets(build({ 'index-abc.js': text, 'index-abc.css': 'body{}' })));
    const br = await app.request('/assets/index-abc.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(br.headers.get('content-length'))).toBe(brotliCompressSync(text).length);
    // brotli refused outright: gzip; nothing accepted: the file itself.
    expect((await app.request('/assets/index-abc.js', { headers: { 'accept-encoding': 'br;q=0, gzip' } })).headers.get('content-encoding')).toBe('gzip');
    const plain = await app.request('/assets/index-abc.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(text);
    expect((await app.request('/assets/index-abc.css')).headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('answers HEAD with the length and no body', async () => {
    const app = served(new WebAssets(build({ 'index-abc.js': 'x = 1' }, false)));
    const head = await app.request('/assets/index-abc.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('5');
    expect(await head.text()).toBe('');
  });

  it('leaves to the disk what it does not hold: another name, a path outside the assets, what is past its bytes', async () => {
    const dir = build({ 'a-1.js': 'a'.repeat(100), 'b-2.js': 'b'.repeat(100) }, false);
    const assets = new WebAssets(dir, 150);
    expect(assets.count).toBe(1);
    expect(assets.bytes).toBeLessThanOrEqual(150);
    const app = served(assets);
    expect(await (await app.request('/assets/a-1.js')).text()).toBe('a'.repeat(100));
    expect(await (await app.request('/assets/b-2.js')).text()).toBe('from disk');
    expect(await (await app.request('/assets/sub/a-1.js')).text()).toBe('from disk');
    expect(await (await app.request('/assets/a-1.js.br')).text()).toBe('from disk');
    // No build at all: nothing held, nothing thrown.
    expect(new WebAssets(join(tmpdir(), 'no-such-credence-build')).count).toBe(0);
  });
});
