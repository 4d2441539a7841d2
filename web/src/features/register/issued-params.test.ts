import { describe, expect, it } from 'vitest';
import { issuedExportHref, parseIssuedParams } from './issued-params';

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
      '/api/register/credentials/export.csv?sort=-issued&q=Bob+Smith&status=issued',
    );
  });
});
