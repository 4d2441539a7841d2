import { credentialListQuerySchema } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { parseListParams, type FilterKey } from './list-params';

const accepts = (key: FilterKey, value: string) => credentialListQuerySchema.shape[key].safeParse(value).success;
const parse = (search: string) => parseListParams(new URLSearchParams(search), accepts);

describe('parseListParams', () => {
  it('reads filters and paging from the URL', () => {
    expect(parse('state=done&role=issuer&connection_id=3fa85f64-5717-4562-b3fc-2c963f66afa6&thread_id=t1&size=50&offset=100')).toEqual({
      state: 'done',
      role: 'issuer',
      connection_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      thread_id: 't1',
      size: 50,
      offset: 100,
    });
  });

  it('drops values the agent would refuse instead of sending them', () => {
    expect(parse('state=finished&role=verifier&connection_id=alice&size=7&offset=-5')).toEqual({ size: 25, offset: 0 });
    expect(parse('offset=2.5&size=abc')).toEqual({ size: 25, offset: 0 });
  });
});
