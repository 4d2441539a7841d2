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
  counts: { pending: 0, sending: 0, sent: 12, failed: 0, 'needs-fix': 0, issued: 12 },
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

const OTHER_DEF = 'WgWxqztrNooG92RXvxSTWv:3:CL:21:default';
const agentAnswers = {
  '/api/config': { username: 'issuer', role: 'issuer', mode: 'agent', wallet: { name: 'issuer-wallet', type: 'askar' } },
  '/api/issue-batches': { results: [] },
  '/api/credential-definitions/created': { credential_definition_ids: [CRED_DEF_ID, OTHER_DEF] },
  [`/api/credential-definitions/${encodeURIComponent(CRED_DEF_ID)}`]: {
    credential_definition: { id: CRED_DEF_ID, schemaId: '20', tag: 'default', ver: '1.0', value: { primary: {} } },
  },
  [`/api/credential-definitions/${encodeURIComponent(OTHER_DEF)}`]: {
    credential_definition: { id: OTHER_DEF, schemaId: '21', tag: 'default', ver: '1.0', value: { primary: {} } },
  },
  '/api/schemas/20': { schema: { id: SCHEMA_ID, name: 'Student ID', version: '1.2', attrNames: ['name'], seqNo: 20, ver: '1.0' } },
  '/api/schemas/21': {
    schema: { id: 'WgWxqztrNooG92RXvxSTWv:2:Library card:1.0', name: 'Library card', version: '1.0', attrNames: ['name'], seqNo: 21, ver: '1.0' },
  },
};
const fileOf = (csv: string) => Object.assign(new File([csv], 'class.csv', { type: 'text/csv' }), { text: () => Promise.resolve(csv) });

describe('issuing to many', { timeout: 20_000 }, () => {
  it('shows and sends the definition its address names (a deep link or a reload), and never one it does not show', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderPage('/credentials/batches', `/credentials/batches?cred_def_id=${encodeURIComponent(OTHER_DEF)}`, <IssueBatchesPage />, {
      ...agentAnswers,
      'POST /api/issue-batches/preview': { ...preview, cred_def_id: OTHER_DEF, earlier_batch: null },
    });
    const definition = await screen.findByLabelText<HTMLSelectElement>('Credential to issue');
    await vi.waitFor(() => expect(definition.value).toBe(OTHER_DEF));
    expect(definition.selectedOptions[0]!.textContent).toMatch(/Library card/);
    await user.upload(screen.getByLabelText('Filled-in file (CSV)'), fileOf('connection,name\nBob Smith,Bob\n'));
    await vi.waitFor(() => expect(requests.find((r) => r.url.endsWith('/api/issue-batches/preview'))).toBeTruthy());
    expect(requests.find((r) => r.url.endsWith('/api/issue-batches/preview'))!.body).toMatchObject({ cred_def_id: OTHER_DEF });
  });

  it('does not take a definition from the address that is not one of the agent’s: it says so and sends nothing', async () => {
    renderPage('/credentials/batches', '/credentials/batches?cred_def_id=Someone:3:CL:99:default', <IssueBatchesPage />, agentAnswers);
    expect((await screen.findByRole('alert')).textContent).toMatch(/not one of this agent’s definitions/);
    expect(screen.getByLabelText<HTMLSelectElement>('Credential to issue').value).toBe('');
    expect(screen.getByLabelText('Filled-in file (CSV)')).toHaveProperty('disabled', true);
  });

  it('sends the ready rows of a file with a bad row, keeping the bad one to fix, once the clerk chooses to', async () => {
    const user = userEvent.setup({ delay: null });
    const bad = {
      index: 3,
      connection: 'Bob Smyth',
      connection_id: null,
      connection_label: null,
      attributes: [{ name: 'name', value: 'Bob' }],
      problems: ['There is no connection with the id or label “Bob Smyth”.'],
      warnings: [],
    };
    const { requests } = renderPage('/credentials/batches', `/credentials/batches?cred_def_id=${encodeURIComponent(CRED_DEF_ID)}`, <IssueBatchesPage />, {
      ...agentAnswers,
      'POST /api/issue-batches/preview': { ...preview, rows: [...preview.rows, bad], row_count: 2, rows_with_problems: 1, earlier_batch: null },
      'POST /api/issue-batches': () =>
        jsonAnswer({ ...earlier, id: '66666666-6666-4666-8666-666666666666', row_count: 2, counts: { ...earlier.counts, 'needs-fix': 1 } }, 201),
    });
    await screen.findByRole('option', { name: /Student ID/ });
    await user.upload(screen.getByLabelText('Filled-in file (CSV)'), fileOf('connection,name\nBob Smith,Bob\nBob Smyth,Bob\n'));
    expect((await screen.findByText(/^1 of 2 rows have problems/)).textContent).toMatch(/Send the ready rows now and fix the others on the batch’s page/);
    await user.click(screen.getByRole('button', { name: 'Send 1 ready row, keep 1 to fix' }));
    await vi.waitFor(() => expect(requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/issue-batches'))).toBeTruthy());
    expect(requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/issue-batches'))!.body).toMatchObject({
      cred_def_id: CRED_DEF_ID,
      keep_rows_with_problems: true,
    });
  });

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
