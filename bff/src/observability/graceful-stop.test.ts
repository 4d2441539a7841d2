import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';
import { GracefulStop, InFlightRequests } from './graceful-stop.js';

async function slowServer() {
  let finish!: () => void;
  const released = new Promise<void>((resolve) => (finish = resolve));
  const app = new Hono().get('/slow', async (c) => {
    await released;
    return c.text('done');
  });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url, finish, requests: new InFlightRequests(server) };
}

describe('a clean stop', () => {
  it('answers the request in flight, takes no new connection, and is done once it is answered', async () => {
    const { server, url, finish, requests } = await slowServer();
    const inFlight = fetch(`${url}/slow`);
    await expect.poll(() => requests.size).toBe(1);
    const stop = new GracefulStop();
    const drained = stop.drain(server, requests, 5_000);
    expect(stop.isStopping()).toBe(true);
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
    finish();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('done');
    expect(await drained).toBe('drained');
  });

  it('gives up waiting after the grace period', async () => {
    const { server, url, finish, requests } = await slowServer();
    const inFlight = fetch(`${url}/slow`).catch(() => undefined);
    await expect.poll(() => requests.size).toBe(1);
    expect(await new GracefulStop().drain(server, requests, 50)).toBe('grace over');
    finish();
    await inFlight;
    server.closeAllConnections();
  });

  it('waits for the work in flight too (the batch rows being sent)', async () => {
    let done = false;
    const work = () => new Promise<void>((resolve) => setTimeout(() => resolve(void (done = true)), 30));
    expect(await new GracefulStop().drain(undefined, undefined, 5_000, work)).toBe('drained');
    expect(done).toBe(true);
  });

  it('tells an open event stream to reconnect, and ends it', async () => {
    const stop = new GracefulStop();
    const { app, cookieFor } = await testBff({ operations: { stop } });
    const res = await app.request('/api/events', { headers: { cookie: await cookieFor('issuer') } });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = (await reader.read()).value ?? '';
    expect(text).toContain('event: ready');
    await stop.drain(undefined, undefined, 1_000);
    for (let read = await reader.read(); !read.done; read = await reader.read()) text += read.value;
    expect(text).toMatch(/\nretry: \d{3,4}\n\n$/);
  });
});
