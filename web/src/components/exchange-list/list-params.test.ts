import { beforeAll, describe, expect, it, vi } from 'vitest';
import { filtersOf, loadFilterCheck, parseListParams } from './list-params';

// The filter check (and zod with it) is loaded on demand; these tests read addresses with filters.
beforeAll(async () => {
  await loadFilterCheck();
});

describe('the filter check, loaded only for an address with filters', () => {
  it('reads a plain address without it, refuses to guess at filters without it, and reads them once it is in', async () => {
    vi.resetModules();
    const fresh = await import('./list-params');
    expect(fresh.parseListParams(new URLSearchParams('sort=-updated&size=100'), 'credential')).toEqual({ sort: '-updated', size: 100, offset: 0 });
    expect(() => fresh.parseListParams(new URLSearchParams('state=done'), 'credential')).toThrow(/filter check/);
    expect(await fresh.readListParams(new URLSearchParams('state=done&role=ruler'), 'credential')).toEqual({
      state: 'done',
      sort: '-created',
      size: 25,
      offset: 0,
    });
    expect(fresh.parseListParams(new URLSearchParams('state=done'), 'credential')).toMatchObject({ state: 'done' });
  });
});

const parse = (search: string, kind: 'credential' | 'presentation' = 'credential') => parseListParams(new URLSearchParams(search), kind);

describe('parseListParams', () => {
  it('reads filters, order and paging from the URL', () => {
    expect(
      parse(
        'q=bob smith&state=done&role=issuer&connection_id=3fa85f64-5717-4562-b3fc-2c963f66afa6&thread_id=t1&from=2026-11-01&to=2026-11-30&removed=true&sort=-updated&size=50&offset=100',
      ),
    ).toEqual({
      q: 'bob smith',
      state: 'done',
      role: 'issuer',
      connection_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      thread_id: 't1',
      from: '2026-11-01',
      to: '2026-11-30',
      removed: 'true',
      sort: '-updated',
      size: 50,
      offset: 100,
    });
  });

  it('drops values the register would refuse instead of sending them', () => {
    expect(parse('state=finished&role=ruler&connection_id=alice&from=yesterday&removed=maybe&sort=name&size=7&offset=-5')).toEqual({
      sort: '-created',
      size: 25,
      offset: 0,
    });
    expect(parse('offset=2.5&size=abc')).toEqual({ sort: '-created', size: 25, offset: 0 });
  });

  it('keeps "verified" for presentations only', () => {
    expect(parse('verified=false', 'presentation').verified).toBe('false');
    expect(parse('verified=false', 'credential').verified).toBeUndefined();
  });

  it('gives the register the filters, not the paging', () => {
    expect(filtersOf(parse('q=bob&size=50&offset=50&sort=updated'))).toEqual({ q: 'bob' });
  });
});
