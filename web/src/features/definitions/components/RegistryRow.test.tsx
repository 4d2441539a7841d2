import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, renderPage, type SentRequest } from '../../../test/render-page';
import { RegistryHealth } from './RegistryHealth';
import { RegistryRow } from './RegistryRow';

afterEach(() => vi.unstubAllGlobals());

const DID = 'WgWxqztrNooG92RXvxSTWv';
const CRED_DEF = `${DID}:3:CL:20:alumni`;
const REGISTRY = `${DID}:4:${CRED_DEF}:CL_ACCUM:1`;

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

describe('the ledger check of a registry', () => {
  it('is offered on an askar wallet (the legacy fix-revocation-entry-state)', async () => {
    showRow('askar');
    expect(await screen.findByRole('button', { name: 'Check against the ledger' })).toBeTruthy();
  });

  it.each(['askar-anoncreds', 'kanon-anoncreds'])(
    'is not offered on a wallet of the %s type, where ACA-Py 1.6.1 refuses it for every registry',
    async (type) => {
      showRow(type);
      expect(await screen.findByText(/0 of 100 issued|3 of 100 issued/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Check against the ledger' })).toBeNull();
    },
  );

  it('on an anoncreds wallet, the definition’s registries say once why there is no check, and where revocations go instead', async () => {
    const registry = {
      record_id: 'r1',
      state: 'finished',
      cred_def_id: CRED_DEF,
      max_cred_num: 100,
      revoc_reg_id: REGISTRY,
      tails_local_path: 'https://tails.example.org/x',
    };
    renderPage(
      '/definitions',
      '/definitions',
      <RegistryHealth
        walletType="askar-anoncreds"
        credDef={{
          format: 'anoncreds',
          credDefId: CRED_DEF,
          tag: 'alumni',
          schemaId: `${DID}:2:Alumni card:1.0`,
          schemaName: 'Alumni card',
          schemaVersion: '1.0',
          attributes: ['name'],
          revocable: true,
        }}
        mayRotate
      />,
      {
        '/api/anoncreds/revocation/registries': { rev_reg_ids: [REGISTRY, `${REGISTRY}2`] },
        '/api/anoncreds/revocation/registry/': (request: SentRequest) => jsonAnswer({ result: request.url.endsWith('/issued') ? 0 : registry }),
        '/api/register/credentials': { results: [], total: 0 },
      },
    );
    expect(await screen.findAllByText('Registered')).toHaveLength(2);
    expect(screen.getAllByText(/The ledger check of these registries is not available on an anoncreds wallet/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Revocation page' }).getAttribute('href')).toBe('/revocation');
    expect(screen.queryByRole('button', { name: 'Check against the ledger' })).toBeNull();
  });
});
