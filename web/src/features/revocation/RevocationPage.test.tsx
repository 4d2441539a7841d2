import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ID, CRED_DEF_ID, SCHEMA_ID } from '../../test/record-shapes';
import { renderPage } from '../../test/render-page';
import { RevocationPage } from './RevocationPage';

afterEach(() => vi.unstubAllGlobals());

const REGISTRY = 'WgWxqztrNooG92RXvxSTWv:4:WgWxqztrNooG92RXvxSTWv:3:CL:57:revocable:CL_ACCUM:0';

describe('the pending revocations', () => {
  it('name each credential and its holder from the register, and whether the holder will be notified; an id it does not know stays an id', async () => {
    renderPage('/revocation', '/revocation', <RevocationPage />, {
      '/api/revocation/pending': { registries: [{ rev_reg_id: REGISTRY, filter_kind: 'indy', cred_rev_ids: ['7', '9'] }] },
      '/api/register/credentials': {
        total: 1,
        results: [
          {
            cred_ex_id: '11111111-1111-4111-8111-111111111111',
            connection_id: CONNECTION_ID,
            holder_label: 'Bob Smith',
            cred_def_id: CRED_DEF_ID,
            schema_id: SCHEMA_ID,
            filter_kind: 'indy',
            attributes: [],
            issued_at: '2026-11-02T10:00:00.000Z',
            rev_reg_id: REGISTRY,
            cred_rev_id: '7',
            status: 'revoked-pending',
            revoked_at: '2026-11-20T10:00:00.000Z',
            revoked_by: 'admin',
            notified: true,
            published_at: null,
            removed_from_agent: false,
          },
        ],
      },
      '/api/connections': { results: [] },
    });
    const table = await screen.findByRole('table', { name: 'Pending revocations' });
    const items = await within(table).findAllByRole('listitem');
    await vi.waitFor(() => expect(items[0]!.textContent).toBe('7 — Bob Smith, Student ID 1.2 · holder will be notified'));
    expect(items[1]!.textContent).toBe('9');
  });
});
