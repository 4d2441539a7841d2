import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentApi } from '@credence/shared';
import { agentIssued } from '../test/record-shapes';
import { fetchPage } from './fetch-page';

const route = agentApi.credentialExchanges;

afterEach(() => vi.unstubAllGlobals());

function agentWith(total: number) {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://console.test');
    calls.push(url);
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => agentIssued(`record-${offset + i}`));
    return new Response(JSON.stringify({ results }), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

describe('fetchPage', () => {
  it('asks for one row more than the page to know whether there is a next page', async () => {
    const calls = agentWith(30);
    expect(await fetchPage(route, { state: 'done' }, 25, 0, new AbortController().signal)).toMatchObject({ hasNext: true });
    expect(calls[0]!.searchParams.get('limit')).toBe('26');
    expect(calls[0]!.searchParams.get('state')).toBe('done');
    expect((await fetchPage(route, {}, 25, 25, new AbortController().signal)).hasNext).toBe(false);
  });

  it('at the agent’s maximum page size, asks for the next page’s first row instead', async () => {
    const calls = agentWith(10_001);
    const page = await fetchPage(route, {}, 10_000, 0, new AbortController().signal);
    expect(page.rows).toHaveLength(10_000);
    expect(page.hasNext).toBe(true);
    expect(calls.map((c) => [c.searchParams.get('limit'), c.searchParams.get('offset')])).toEqual([
      ['10000', '0'],
      ['1', '10000'],
    ]);
  });
});
