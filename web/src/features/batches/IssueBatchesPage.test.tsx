import type { IssueBatch, IssueBatchPreview } from '@credence/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, renderPage } from '../../test/render-page';
import { IssueBatchesPage } from './IssueBatchesPage';

afterEach(() => vi.unstubAllGlobals());

const CRED_DEF_ID = 'WgWxqztrNooG92RXvxSTWv:3:CL:20:default';
const SCHEMA_ID = 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2';
const EARLIER = '77777777-7777-4777-8777-777777777777';
const earlier: IssueBatch = {
  id: EARLIER,
  created_at: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
  created_by: 'alice',
  cred_def_id: CRED_DEF_ID,
  schema_id: SCHEMA_ID,
  credential_name: 'Student ID 1.2',
  file_name: 'class.csv',
  row_count: 12,
  counts: { pending: 0, sending: 0, sent: 12, failed: 0 },
  state: 'done',
};
const preview: IssueBatchPreview = {
  cred_def_id: CRED_DEF_ID,
  schema_id: SCHEMA_ID,
  credential_name: 'Student ID 1.2',
  attributes: ['name'],
  file_problems: [],
  rows: [
    {
      index: 2,
      connection: 'Bob Smith',
      connection_id: 'c1',
      connection_label: 'Bob Smith',
      attributes: [{ name: 'name', value: 'Bob' }],
      problems: [],
      warnings: [],
    },
  ],
  row_count: 1,
  rows_with_problems: 0,
  max_rows: 10_000,
  max_bytes: 2 * 1024 * 1024,
  earlier_batch: earlier,
};

describe('issuing to many', { timeout: 20_000 }, () => {
  it('asks before sending a file sent less than a day ago, and sends it again only once the clerk says so', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderPage('/credentials/batches', '/credentials/batches', <IssueBatchesPage />, {
      '/api/config': { username: 'issuer', role: 'issuer', mode: 'agent', wallet: { name: 'issuer-wallet', type: 'askar' } },
      '/api/issue-batches': { results: [earlier] },
      '/api/credential-definitions/created': { credential_definition_ids: [CRED_DEF_ID] },
      [`/api/credential-definitions/${encodeURIComponent(CRED_DEF_ID)}`]: {
        credential_definition: { id: CRED_DEF_ID, schemaId: '20', tag: 'default', ver: '1.0', value: { primary: {} } },
      },
      '/api/schemas/20': { schema: { id: SCHEMA_ID, name: 'Student ID', version: '1.2', attrNames: ['name'], seqNo: 20, ver: '1.0' } },
      'POST /api/issue-batches/preview': preview,
      'POST /api/issue-batches': () => jsonAnswer({ ...earlier, id: '66666666-6666-4666-8666-666666666666' }, 201),
    });
    const definition = await screen.findByLabelText('Credential to issue');
    await screen.findByRole('option', { name: /Student ID/ });
    await user.selectOptions(definition, CRED_DEF_ID);
    const csv = 'connection,name\nBob Smith,Bob\n';
    // jsdom's File has no text().
    const file = Object.assign(new File([csv], 'class.csv', { type: 'text/csv' }), { text: () => Promise.resolve(csv) });
    await user.upload(screen.getByLabelText('Filled-in file (CSV)'), file);

    expect(await screen.findByText(/^This file was already sent/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Student ID 1.2 to 12 connections' }).getAttribute('href')).toBe(`/credentials/batches/${EARLIER}`);
    const send = screen.getByRole('button', { name: 'Send 1 offer' });
    expect(send).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Send it again: each person should receive a second credential' }));
    expect(send).toHaveProperty('disabled', false);
    await user.click(send);
    await vi.waitFor(() => expect(requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/issue-batches'))).toBeTruthy());
    expect(requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/issue-batches'))!.body).toMatchObject({
      cred_def_id: CRED_DEF_ID,
      repeat_of: EARLIER,
    });
  });
});
