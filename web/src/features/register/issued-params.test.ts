import { describe, expect, it } from 'vitest';
import { issuedExportHref, parseIssuedParams, searchOfIssuedParams } from './issued-params';
import { browserTimeZone } from '../../lib/time-zone';

describe('the Issued page’s URL', () => {
  it('keeps the search, a known status, a definition and the page', () => {
    expect(parseIssuedParams(new URLSearchParams('q=%20Bob%20&status=revoked&cred_def_id=X:3:CL:1:a&size=50&offset=100'))).toEqual({
      q: 'Bob',
      status: 'revoked',
      cred_def_id: 'X:3:CL:1:a',
      size: 50,
      offset: 100,
    });
  });

  it('leaves out what the register would refuse, so a hand-edited link still opens', () => {
    expect(parseIssuedParams(new URLSearchParams('status=lost&size=7&offset=-3&q=%00'))).toEqual({ size: 25, offset: 0 });
  });

  it('exports with the same filters, every page', () => {
    expect(issuedExportHref({ q: 'Bob Smith', status: 'issued', size: 25, offset: 50 })).toBe(
      `/api/register/credentials/export.csv?sort=-issued&q=Bob+Smith&status=issued&tz=${encodeURIComponent(browserTimeZone())}`,
    );
  });

  it('opens on the one credential an exchange issued, and writes back only what it uses', () => {
    const id = '11111111-1111-4111-8111-111111111111';
    const params = parseIssuedParams(new URLSearchParams(`cred_ex_id=${id}&size=10000&sort=x`));
    expect(params).toEqual({ cred_ex_id: id, size: 10_000, offset: 0 });
    expect(searchOfIssuedParams(params).toString()).toBe(`cred_ex_id=${id}&size=10000`);
  });

  it('narrows to one holder by their connection, and exports theirs alone; a malformed id is left out', () => {
    const id = '22222222-2222-4222-8222-222222222222';
    const params = parseIssuedParams(new URLSearchParams(`connection_id=${id}&status=issued`));
    expect(params).toEqual({ connection_id: id, status: 'issued', size: 25, offset: 0 });
    expect(searchOfIssuedParams(params).toString()).toBe(`status=issued&connection_id=${id}`);
    expect(issuedExportHref(params)).toBe(
      `/api/register/credentials/export.csv?sort=-issued&status=issued&connection_id=${id}&tz=${encodeURIComponent(browserTimeZone())}`,
    );
    expect(parseIssuedParams(new URLSearchParams('connection_id=bob'))).toEqual({ size: 25, offset: 0 });
  });
});
