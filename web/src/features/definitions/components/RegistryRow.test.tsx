import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { RegistryRow } from './RegistryRow';

afterEach(() => vi.unstubAllGlobals());

const REGISTRY = 'WgWxqztrNooG92RXvxSTWv:4:WgWxqztrNooG92RXvxSTWv:3:CL:20:alumni:CL_ACCUM:1';

function showRow(walletType: string) {
  return renderPage(
    '/definitions',
    '/definitions',
    <ul>
      <RegistryRow
        walletType={walletType}
        registry={{ id: REGISTRY, state: walletType === 'askar' ? 'active' : 'finished', size: 100, tailsUri: undefined, issued: 3 }}
        label="Alumni card 1.0"
        mayCheck
      />
    </ul>,
    { '/api/register/credentials': { results: [], total: 0 } },
  );
}

describe('RegistryRow: the ledger check', () => {
  it('is offered on an askar wallet (the legacy fix-revocation-entry-state)', async () => {
    showRow('askar');
    expect(await screen.findByRole('button', { name: 'Check against the ledger' })).toBeTruthy();
  });

  it.each(['askar-anoncreds', 'kanon-anoncreds'])(
    'is not offered on a wallet of the %s type, where ACA-Py 1.6.1 refuses it for every registry; the row says so',
    async (type) => {
      showRow(type);
      expect(await screen.findByText(/The ledger check is not available on an anoncreds wallet/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Check against the ledger' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Revocation page' }).getAttribute('href')).toBe('/revocation');
    },
  );
});
